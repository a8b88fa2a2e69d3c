/**
 * What the chat panel reads of the session state (session-state.ts) beyond its slices: the
 * approval to show, the session chosen, whether a run may still answer a call, and each
 * reply's tool calls as their chips show them. Pure functions of the state.
 */
import type { NodeRecord, SessionRecord } from '../store/records';
import type { PendingApproval, SessionState } from './session-state';
import { toolCallState, type ToolCallState } from './tool-call-state';

/** The approval the panel shows: the first of the session shown, else the first of any. */
export function shownApproval(state: SessionState): PendingApproval | undefined {
  const shownId = state.shown.sessionId ?? state.selected;
  return (state.approvals.find((a) => a.sessionId === shownId) ?? state.approvals[0])?.card;
}

/** The session chosen in the panel, as listed. */
export function selectedSession(state: SessionState): SessionRecord | undefined {
  return state.sessions.find((s) => s.id === state.selected);
}

/** True while a run that may still answer a call goes on in the session shown. */
export function runsShown(state: SessionState): boolean {
  return (
    state.runningElsewhere ||
    (state.run.session !== undefined && state.run.session === state.shown.sessionId)
  );
}

/** The tool result nodes of a path, by the id of the call they answer (kept per path). */
const resultsByPath = new WeakMap<readonly NodeRecord[], ReadonlyMap<string, NodeRecord>>();
function resultsOf(path: readonly NodeRecord[]): ReadonlyMap<string, NodeRecord> {
  let results = resultsByPath.get(path);
  if (!results) {
    const found = new Map<string, NodeRecord>();
    for (const node of path) {
      if (node.role === 'tool' && node.toolCallId) found.set(node.toolCallId, node);
    }
    resultsByPath.set(path, (results = found));
  }
  return results;
}

/**
 * The tool calls of reply `nodeId` as its chips show them: each with its stored result or
 * its live state; a call without either is `pending` while a run may still answer it, or
 * says why none will (the page closed: `interrupted`; the reply failed first: `not_run`).
 */
export function toolCallsOf(state: SessionState, nodeId: string): ToolCallState[] {
  const draft = state.drafts.get(nodeId);
  const body = draft ? undefined : state.shown.path.find((n) => n.id === nodeId);
  const calls =
    draft?.toolCalls ??
    (body?.toolCalls?.length ? body.toolCalls : state.cutCalls.get(nodeId)) ??
    [];
  if (!calls.length) return [];
  const status = draft?.status ?? body?.status;
  const unanswered =
    draft || status === 'streaming'
      ? 'pending'
      : status !== 'complete'
        ? 'not_run'
        : runsShown(state)
          ? 'pending'
          : 'interrupted';
  const results = resultsOf(state.shown.path);
  return calls.map((call) =>
    toolCallState(call, state.calls.get(call.id), results.get(call.id), unanswered),
  );
}
