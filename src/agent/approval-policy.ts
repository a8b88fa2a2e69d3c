import type { ToolApprovalKind } from '../tools/tool';

/**
 * How much the agent may do without asking, per session:
 * - `ask`: every call that is not read-only asks;
 * - `auto-edit`: workspace edits run; code (Python, bash) and network ask;
 * - `auto`: nothing asks.
 */
export type ApprovalMode = 'ask' | 'auto-edit' | 'auto';

/** A per-tool setting that wins over the mode: always ask, or never ask. */
export type ToolApprovalOverride = 'ask' | 'allow';

/** The session's approval policy: a mode plus per-tool overrides (Settings). */
export interface ApprovalPolicy {
  mode: ApprovalMode;
  /** By tool name. Read-only tools ignore overrides: they never ask. */
  overrides?: Readonly<Record<string, ToolApprovalOverride>>;
}

/**
 * What the user answered to an approval request:
 * - `approve`: run this call;
 * - `approve_session`: run it, and do not ask again for this tool in this session;
 * - `reject`: do not run it; `feedback` (if any) becomes the call's result so the agent
 *   re-plans;
 * - `stop`: do not run it and stop the run, as the Stop button does.
 */
export type ApprovalDecision =
  | { type: 'approve' }
  | { type: 'approve_session' }
  | { type: 'reject'; feedback?: string }
  | { type: 'stop' };

/**
 * True when the call must wait for the user. Read-only tools never ask; then a tool the
 * user approved for the session, then the tool's override, then the mode decides.
 * `sessionApproved` holds the names approved with `approve_session`.
 */
export function needsApproval(
  policy: ApprovalPolicy,
  tool: { name: string; approval: ToolApprovalKind },
  sessionApproved: ReadonlySet<string> = EMPTY,
): boolean {
  if (tool.approval === 'read') return false;
  if (sessionApproved.has(tool.name)) return false;
  const override = policy.overrides?.[tool.name];
  if (override) return override === 'ask';
  switch (policy.mode) {
    case 'auto':
      return false;
    case 'auto-edit':
      return tool.approval !== 'edit';
    case 'ask':
      return true;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
