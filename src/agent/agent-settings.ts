import type { ToolApprovalOverride } from './approval-policy';
import { DEFAULT_TOOL_RESULT_CAP } from './tool-result-truncation';
import { agentError } from './agent-errors';

/** Turns a run may take before it ends with `max_steps`, unless told otherwise. */
export const DEFAULT_MAX_STEPS = 50;

/**
 * What the person set for the agent in Settings, for every session: per-tool approval
 * overrides (which win over a session's mode), how much of a tool's result the model reads,
 * how many turns a run takes before it asks whether to go on, and whether fetch_url may
 * reach loopback and private-network addresses.
 */
export interface AgentSettings {
  /** By tool name; a tool without an entry follows the session's mode. */
  toolOverrides: Readonly<Record<string, ToolApprovalOverride>>;
  /** Characters of a tool result the model reads before the rest is cut with a note. */
  toolResultCap: number;
  /** Turns per run before it stops and asks whether to go on. */
  maxSteps: number;
  /** fetch_url may reach localhost and private networks (a router, a NAS, a dev server). */
  allowPrivateNetwork: boolean;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  toolOverrides: {},
  toolResultCap: DEFAULT_TOOL_RESULT_CAP,
  maxSteps: DEFAULT_MAX_STEPS,
  allowPrivateNetwork: false,
};

/** Bounds a person may choose; outside them the agent would be useless or flood the model. */
export const TOOL_RESULT_CAP_RANGE = { min: 1_000, max: 200_000 } as const;
export const MAX_STEPS_RANGE = { min: 1, max: 500 } as const;

const OVERRIDES: readonly ToolApprovalOverride[] = ['ask', 'allow'];

/**
 * Reads stored settings leniently: whatever is missing, mistyped or out of range (an older
 * version's row, a hand-edited backup) falls back to the default for that field alone.
 */
export function readAgentSettings(stored: unknown): AgentSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const overrides: Record<string, ToolApprovalOverride> = {};
  const rawOverrides = value['toolOverrides'];
  if (rawOverrides && typeof rawOverrides === 'object') {
    for (const [name, choice] of Object.entries(rawOverrides)) {
      const known = OVERRIDES.find((o) => o === choice);
      if (known) overrides[name] = known;
    }
  }
  const inRange = (n: unknown, range: { min: number; max: number }, fallback: number) =>
    typeof n === 'number' && Number.isInteger(n) && n >= range.min && n <= range.max ? n : fallback;
  return {
    toolOverrides: overrides,
    toolResultCap: inRange(
      value['toolResultCap'],
      TOOL_RESULT_CAP_RANGE,
      DEFAULT_AGENT_SETTINGS.toolResultCap,
    ),
    maxSteps: inRange(value['maxSteps'], MAX_STEPS_RANGE, DEFAULT_AGENT_SETTINGS.maxSteps),
    allowPrivateNetwork: value['allowPrivateNetwork'] === true,
  };
}

/** Which field of the Agent settings form an error is about. */
export type AgentSettingsErrorCode = 'agent-result-cap' | 'agent-max-steps';

/**
 * Checks settings as the form hands them over. Throws a CoveError naming the field and the
 * allowed range, so nothing out of range is ever stored.
 */
export function validateAgentSettings(settings: AgentSettings): AgentSettings {
  const check = (n: number, range: { min: number; max: number }, code: AgentSettingsErrorCode) => {
    if (!Number.isInteger(n) || n < range.min || n > range.max) {
      throw agentError(code, { min: range.min, max: range.max });
    }
  };
  check(settings.toolResultCap, TOOL_RESULT_CAP_RANGE, 'agent-result-cap');
  check(settings.maxSteps, MAX_STEPS_RANGE, 'agent-max-steps');
  const toolOverrides = Object.fromEntries(
    Object.entries(settings.toolOverrides).filter(([, choice]) => OVERRIDES.includes(choice)),
  );
  return { ...settings, toolOverrides };
}
