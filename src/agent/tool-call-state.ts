/**
 * Where one tool call of a conversation stands, as data: what the loop's live events said of
 * it in this tab, folded with the result node the run stored. The session state keeps the
 * live part (see session-state.ts); the chips read the whole of it through `toolCallState`.
 */
import type { AgentEvent, ToolOutcome } from './agent-events';
import type { NodeRecord, StoredToolCall } from '../store/records';
import type { ToolImage } from '../tools/tool';

/**
 * Where one tool call stands:
 * - `pending`: the model is still writing it, or it waits for an earlier call of its batch;
 * - `awaiting_approval`: the user must decide;
 * - `running` → `done` | `error`;
 * - `rejected`: the user said no; `aborted`: Stop came before or while it ran.
 */
export type ToolCallStatus =
  | 'pending'
  | 'awaiting_approval'
  | 'running'
  | 'done'
  | 'error'
  | 'rejected'
  | 'aborted'
  /** No result, and no run goes on: the page closed while the call ran or waited. */
  | 'interrupted'
  /** The reply that made the call failed or stopped before the call could run. */
  | 'not_run';

/** What the loop's events said of a call while it ran in this tab. */
export interface LiveToolCall {
  readonly status: ToolCallStatus;
  /** Streamed stdout/stderr/status lines. */
  readonly output: string;
  readonly durationMs?: number;
  readonly result?: string;
  readonly changedFiles?: readonly string[];
  readonly diff?: string;
  readonly images?: readonly ToolImage[];
}

/** One call as its chip shows it. */
export interface ToolCallState {
  readonly id: string;
  readonly name: string;
  readonly argumentsText: string;
  readonly status: ToolCallStatus;
  readonly output: string;
  readonly durationMs?: number;
  readonly result?: string;
  readonly changedFiles: readonly string[];
  readonly diff?: string;
  readonly images: readonly ToolImage[];
}

/** One empty list for every call without files or pictures, so a reader sees no change. */
const NONE: readonly never[] = [];

const OUTCOME_STATUS: Record<ToolOutcome, ToolCallStatus> = {
  ok: 'done',
  error: 'error',
  invalid: 'error',
  rejected: 'rejected',
  aborted: 'aborted',
};

/** The status a stored tool result node stands for (see session-agent-run.ts). */
function storedStatus(result: NodeRecord): ToolCallStatus {
  if (result.status === 'aborted' || result.status === 'interrupted') return 'aborted';
  if (result.status === 'error') return result.error?.code === 'rejected' ? 'rejected' : 'error';
  return 'done';
}

/**
 * The live state of a call after one loop event; the same object when the event is not
 * about a call (or not about one this tab saw).
 */
export function foldLiveCall(
  call: LiveToolCall | undefined,
  event: AgentEvent,
): LiveToolCall | undefined {
  switch (event.type) {
    case 'approval_request':
      return { ...(call ?? { output: '' }), status: 'awaiting_approval' };
    case 'tool_start':
      return { ...(call ?? { output: '' }), status: 'running' };
    case 'tool_update':
      return { ...(call ?? { status: 'running' }), output: (call?.output ?? '') + event.text };
    case 'tool_end': {
      const diff = event.details?.['diff'];
      return {
        output: call?.output ?? '',
        status: OUTCOME_STATUS[event.outcome],
        durationMs: event.durationMs,
        result: event.message.content,
        changedFiles: event.changedFiles ?? [],
        ...(typeof diff === 'string' ? { diff } : {}),
        ...(event.images?.length ? { images: event.images } : {}),
      };
    }
    default:
      return call;
  }
}

/** The call id a loop event is about, when it is about one. */
export function callIdOf(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'approval_request':
    case 'tool_start':
    case 'tool_update':
    case 'tool_end':
      return event.callId;
    default:
      return undefined;
  }
}

/**
 * A call as its chip shows it: its stored result when there is one (with what this tab saw
 * live, such as streamed output and pictures), else its live state, else `unanswered`:
 * `pending` while a run may still answer it, or why none will.
 */
export function toolCallState(
  call: StoredToolCall,
  live: LiveToolCall | undefined,
  stored: NodeRecord | undefined,
  unanswered: 'pending' | 'interrupted' | 'not_run',
): ToolCallState {
  const base = {
    id: call.id,
    name: call.name,
    argumentsText: call.arguments,
    output: live?.output ?? '',
    images: live?.images ?? NONE,
  };
  if (stored) {
    const effects = stored.toolEffects;
    const diff = effects?.diff ?? live?.diff;
    return {
      ...base,
      status: storedStatus(stored),
      result: stored.content,
      changedFiles: effects?.changedFiles ?? live?.changedFiles ?? NONE,
      ...(diff !== undefined ? { diff } : {}),
      ...(stored.finishedAt !== undefined
        ? { durationMs: stored.finishedAt - stored.startedAt }
        : live?.durationMs !== undefined
          ? { durationMs: live.durationMs }
          : {}),
    };
  }
  if (live) {
    // A call the loop saw start keeps what it said; once no run can answer it, it says why.
    const open = live.status === 'pending' || live.status === 'awaiting_approval';
    const running = live.status === 'running';
    return {
      ...base,
      status:
        (open || running) && unanswered !== 'pending'
          ? unanswered === 'not_run' && running
            ? 'interrupted'
            : unanswered
          : live.status,
      changedFiles: live.changedFiles ?? NONE,
      ...(live.result !== undefined ? { result: live.result } : {}),
      ...(live.diff !== undefined ? { diff: live.diff } : {}),
      ...(live.durationMs !== undefined ? { durationMs: live.durationMs } : {}),
    };
  }
  return { ...base, status: unanswered, changedFiles: NONE };
}
