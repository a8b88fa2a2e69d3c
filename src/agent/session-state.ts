/**
 * One state of a tab's conversations, folded by one pure function from the session engine's
 * events and the few facts only the app knows (what is shown, the composer's text, an
 * approval waiting, the plan, the inbox). The chat panel reads nothing else: the sessions of
 * the workspace, the conversation shown (its tree and the bodies of its path), the replies
 * streaming, the live tool calls, the approvals waiting, the plan, the messages pending, the
 * files the run changed, how it ended, its tokens, and what the engine does (run-state.ts).
 * Time comes in as `now`, so the same events always give the same state; a slice an event
 * does not touch keeps its identity, so a reader can tell what changed by `!==`.
 */
import type { AgentEvent, AgentRunError, RunEndReason } from './agent-events';
import type { PendingMessage } from './agent-inbox';
import { addChange, changesOfLastRun, type ChangedFile } from './changed-files';
import { IDLE_RUN, reduceRunState, type RunState } from './run-state';
import type { SessionEngineEvent } from './session-engine-types';
import { finalPatch, type NodeDraft } from './session-reducer';
import { pathTo } from '../store/node-outline';
import { callIdOf, foldLiveCall, type LiveToolCall } from './tool-call-state';
import { outlineOf, type NodeOutline } from '../store/node-outline';
import type { NodeRecord, SessionRecord, StoredToolCall } from '../store/records';
import type { ApprovalCard } from '../tools/approval-card';
import type { TodoItem } from '../tools/todo/todo-list';

/**
 * A tool call waiting for the person's decision: the call, and the card its tool describes
 * (src/tools/approval-card.ts). `argumentsText` is always there, for the arguments view.
 */
export interface PendingApproval extends Readonly<ApprovalCard> {
  readonly callId: string;
  readonly toolName: string;
  readonly argumentsText: string;
}

/** How the last run ended, when the person has something to decide or read. */
export interface RunEnd {
  readonly reason: RunEndReason;
  readonly error?: AgentRunError;
  readonly repeatedCall?: { readonly toolName: string; readonly lastError: string };
}

/** Tokens over the current (or last) run's requests. */
export interface RunUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
  readonly cost?: number;
}

/** The conversation shown: its tree without bodies, and the bodies of the path to its leaf. */
export interface ShownConversation {
  readonly sessionId?: string;
  readonly tree: readonly NodeOutline[];
  /** The nodes of the path to `leafId`, root first, as stored (drafts are apart). */
  readonly path: readonly NodeRecord[];
  readonly leafId: string | null;
  /**
   * Bodies read beside the path (another branch's), so that a move back to them needs no
   * read. Replaced only when the whole conversation is shown again.
   */
  readonly known: ReadonlyMap<string, NodeRecord>;
  /**
   * True when this is the previous path with one message added at its end and nothing else
   * changed: a reader adds one view instead of walking the path again.
   */
  readonly extended: boolean;
}

export interface SessionState {
  /** The workspace's sessions, most recent first. */
  readonly sessions: readonly SessionRecord[];
  /** The session chosen in the panel (shown once its path is read); none: a new one. */
  readonly selected?: string;
  readonly shown: ShownConversation;
  /** The composer's text. */
  readonly draft: string;
  /** Replies this tab streams now, as far as they have grown, by node id. */
  readonly drafts: ReadonlyMap<string, NodeDraft>;
  /**
   * Calls a reply began to write before its stream was cut, by node id: not stored (the
   * model is never told of a call that never was), shown while the session is as "not run".
   */
  readonly cutCalls: ReadonlyMap<string, readonly StoredToolCall[]>;
  /** What the loop said of the shown session's tool calls in this tab, by call id. */
  readonly calls: ReadonlyMap<string, LiveToolCall>;
  /** Approvals waiting, in the order they were asked, of every session of the tab. */
  readonly approvals: readonly { readonly sessionId: string; readonly card: PendingApproval }[];
  /** The shown session's plan (todo_write). */
  readonly todo: readonly TodoItem[];
  /** Messages typed during a run and not delivered yet. */
  readonly pending: readonly PendingMessage[];
  /** Files the shown session's last run changed. */
  readonly changes: readonly ChangedFile[];
  readonly runEnd?: RunEnd;
  readonly usage?: RunUsage;
  readonly run: RunState;
  /** Another tab holds the shown session's lock (runs it). */
  readonly runningElsewhere: boolean;
}

/**
 * What only the app knows, as events: the list read, a session chosen or its path shown, the
 * composer's text, the person sent a message, an approval asked or answered, the plan or the
 * inbox changed, another tab's lock seen.
 */
export type SessionStateEvent =
  | SessionEngineEvent
  | { type: 'sessions_listed'; sessions: readonly SessionRecord[] }
  | { type: 'session_changed'; session: SessionRecord }
  | { type: 'session_selected'; sessionId: string | undefined }
  | {
      type: 'session_shown';
      sessionId: string;
      tree: readonly NodeOutline[];
      /** At least the nodes of the path to `leafId`. */
      bodies: readonly NodeRecord[];
      leafId: string | null;
    }
  | { type: 'draft_set'; text: string }
  /** The person sent a message or asked again: changed files and tokens start over. */
  | { type: 'run_begun' }
  | { type: 'approval_asked'; sessionId: string; card: PendingApproval }
  | { type: 'approval_settled'; card: PendingApproval }
  | { type: 'todo_changed'; sessionId: string; items: readonly TodoItem[] }
  | { type: 'inbox_changed'; pending: readonly PendingMessage[] }
  | { type: 'elsewhere_changed'; running: boolean };

const EMPTY_SHOWN: ShownConversation = {
  tree: [],
  path: [],
  leafId: null,
  known: new Map(),
  extended: false,
};

export const INITIAL_SESSION_STATE: SessionState = {
  sessions: [],
  shown: EMPTY_SHOWN,
  draft: '',
  drafts: new Map(),
  cutCalls: new Map(),
  calls: new Map(),
  approvals: [],
  todo: [],
  pending: [],
  changes: [],
  run: IDLE_RUN,
  runningElsewhere: false,
};

/** Folds one event into the state at clock time `now`; never throws. */
export function reduceSessionState(
  state: SessionState,
  event: SessionStateEvent,
  now: number,
): SessionState {
  const run = reduceRunState(state.run, event as SessionEngineEvent, now);
  const next = run === state.run ? state : { ...state, run };
  switch (event.type) {
    case 'sessions_listed':
      return { ...next, sessions: event.sessions };
    case 'session_changed':
      return {
        ...next,
        sessions: next.sessions.map((s) => (s.id === event.session.id ? event.session : s)),
      };
    case 'session_selected':
      return selectSession(next, event.sessionId);
    case 'session_shown':
      return showSession(next, event.sessionId, event.tree, event.bodies, event.leafId);
    case 'draft_set':
      return next.draft === event.text ? next : { ...next, draft: event.text };
    case 'run_begun':
      return withoutRun(next);
    case 'approval_asked':
      return {
        ...next,
        approvals: [...next.approvals, { sessionId: event.sessionId, card: event.card }],
      };
    case 'approval_settled':
      return { ...next, approvals: next.approvals.filter((a) => a.card !== event.card) };
    case 'todo_changed':
      // The plan of the session chosen, which shows before its path is read.
      return event.sessionId === next.selected ? { ...next, todo: event.items } : next;
    case 'inbox_changed':
      return { ...next, pending: event.pending };
    case 'elsewhere_changed':
      return next.runningElsewhere === event.running
        ? next
        : { ...next, runningElsewhere: event.running };
    case 'node_appended':
      return appendNode(markLeaf(next, event.sessionId, event.node.id), event.node);
    case 'leaf_moved': {
      const moved = markLeaf(next, event.sessionId, event.leafId);
      if (event.sessionId !== moved.selected) return moved;
      return showSession(
        moved,
        event.sessionId,
        event.nodes.map(outlineOf),
        event.nodes,
        event.leafId,
      );
    }
    case 'node_event':
      return foldNode(next, event.nodeId, event.draft, event.event.type === 'node_end');
    case 'agent_event':
      return event.sessionId === next.shown.sessionId ? foldAgent(next, event.event) : next;
    case 'reply_start':
    case 'activity':
    case 'context_fitted':
      return next;
  }
}

/** The sessions with `sessionId`'s leaf at `leafId` (what this tab just stored). */
function markLeaf(state: SessionState, sessionId: string, leafId: string | null): SessionState {
  const at = state.sessions.findIndex((s) => s.id === sessionId);
  if (at < 0 || state.sessions[at]!.leafId === leafId) return state;
  const sessions = [...state.sessions];
  sessions[at] = { ...sessions[at]!, leafId };
  return { ...state, sessions };
}

/** The run's files, end and tokens start over. */
function withoutRun(state: SessionState): SessionState {
  if (!state.changes.length && !state.runEnd && !state.usage) return state;
  const { runEnd: _end, usage: _usage, ...rest } = state;
  return { ...rest, changes: [] };
}

function selectSession(state: SessionState, sessionId: string | undefined): SessionState {
  if (sessionId === state.selected && sessionId === state.shown.sessionId) return state;
  const { selected: _was, ...rest } = state;
  const chosen = { ...rest, ...(sessionId ? { selected: sessionId } : {}) };
  if (sessionId === state.shown.sessionId) return chosen;
  // Another conversation: nothing of the one shown before stays on screen.
  return {
    ...withoutRun(chosen),
    shown: EMPTY_SHOWN,
    calls: new Map(),
    cutCalls: new Map(),
    todo: [],
    runningElsewhere: false,
  };
}

function showSession(
  state: SessionState,
  sessionId: string,
  tree: readonly NodeOutline[],
  bodies: readonly NodeRecord[],
  leafId: string | null,
): SessionState {
  if (sessionId !== state.selected) return state;
  const known = new Map(bodies.map((node) => [node.id, node]));
  const path = pathTo(tree, leafId).flatMap((node) => known.get(node.id) ?? []);
  const same = state.shown.sessionId === sessionId;
  const shown: ShownConversation = { sessionId, tree, path, leafId, known, extended: false };
  return {
    ...state,
    shown,
    ...(same ? {} : { calls: new Map<string, LiveToolCall>(), cutCalls: new Map() }),
    // The list of changed files outlives a reload: the last run's stored tool results.
    ...(same && state.changes.length ? {} : { changes: changesOfLastRun(path) }),
  };
}

/**
 * Whether `node` continues the path shown as one more message, changing nothing before it:
 * a question or reply without tool calls, the leaf's first child.
 */
function isPlainNext(node: NodeRecord, shown: ShownConversation): boolean {
  if (shown.leafId === null || node.parentId !== shown.leafId) return false;
  if (node.role !== 'user' && node.role !== 'assistant') return false;
  if (node.toolCalls?.length) return false;
  return !shown.tree.some((n) => n.parentId === shown.leafId);
}

/** A node of the session shown was stored and the leaf moved to it. */
function appendNode(state: SessionState, node: NodeRecord): SessionState {
  if (node.sessionId !== state.selected) return state;
  const shown =
    state.shown.sessionId === node.sessionId
      ? state.shown
      : { ...EMPTY_SHOWN, sessionId: node.sessionId };
  const knownBefore = shown.tree.some((n) => n.id === node.id);
  const tree = [
    ...(knownBefore ? shown.tree.filter((n) => n.id !== node.id) : shown.tree),
    outlineOf(node),
  ];
  if (!knownBefore && isPlainNext(node, shown)) {
    // The common case (a question or a reply under the message shown last) copies no more
    // than the path and the tree, so a long conversation appends as fast as a short one.
    return {
      ...state,
      shown: { ...shown, tree, path: [...shown.path, node], leafId: node.id, extended: true },
    };
  }
  const onPath = new Map(shown.path.map((n) => [n.id, n]));
  const path = pathTo(tree, node.id).flatMap(
    (n) => (n.id === node.id ? node : (onPath.get(n.id) ?? shown.known.get(n.id))) ?? [],
  );
  return { ...state, shown: { ...shown, tree, path, leafId: node.id, extended: false } };
}

/** An event was folded into node `nodeId`, giving `draft`; `ended`: the node is finished. */
function foldNode(
  state: SessionState,
  nodeId: string,
  draft: NodeDraft,
  ended: boolean,
): SessionState {
  // Calls the reply had begun and its end took back (a cut stream) stay on screen, not run.
  const streamed = state.drafts.get(nodeId)?.toolCalls ?? [];
  const cutCalls =
    streamed.length && !draft.toolCalls.length
      ? new Map(state.cutCalls).set(nodeId, streamed)
      : state.cutCalls;
  const drafts = new Map(state.drafts);
  if (!ended) {
    drafts.set(nodeId, draft);
    return { ...state, drafts, cutCalls };
  }
  drafts.delete(nodeId);
  // The node as stored now, so the path shown stays true without reading it back.
  const at = state.shown.path.findIndex((n) => n.id === nodeId);
  if (at < 0) return { ...state, drafts, cutCalls };
  const path = [...state.shown.path];
  path[at] = { ...path[at]!, ...finalPatch(draft) };
  return { ...state, drafts, cutCalls, shown: { ...state.shown, path, extended: false } };
}

/** A loop event of the shown session: live tool calls, the run's files, tokens and end. */
function foldAgent(state: SessionState, event: AgentEvent): SessionState {
  const callId = callIdOf(event);
  let next = state;
  if (callId !== undefined) {
    const before = state.calls.get(callId);
    const after = foldLiveCall(before, event);
    if (after && after !== before)
      next = { ...next, calls: new Map(next.calls).set(callId, after) };
  }
  switch (event.type) {
    case 'run_start':
      // Files and tokens add up over the follow-ups a message queued (see `run_begun`).
      return next.runEnd ? withoutEnd(next) : next;
    case 'message_end': {
      const add = event.usage;
      if (!add) return next;
      const total = next.usage;
      const cost =
        add.cost !== undefined || total?.cost !== undefined
          ? { cost: (total?.cost ?? 0) + (add.cost ?? 0) }
          : {};
      return {
        ...next,
        usage: {
          inputTokens: (total?.inputTokens ?? 0) + add.inputTokens,
          outputTokens: (total?.outputTokens ?? 0) + add.outputTokens,
          totalTokens: (total?.totalTokens ?? 0) + add.totalTokens,
          ...cost,
        },
      };
    }
    case 'tool_end': {
      const diff = event.details?.['diff'];
      const changes = addChange(next.changes, {
        changedFiles: event.changedFiles ?? [],
        ...(typeof diff === 'string' ? { diff } : {}),
        ...(event.deletedFiles ? { deleted: event.deletedFiles } : {}),
      });
      return changes === next.changes ? next : { ...next, changes };
    }
    case 'run_end': {
      // A failed request shows its error (with Retry) on the reply itself: once is enough.
      const onTheReply = event.error?.code === 'llm' || event.error?.code === 'context-overflow';
      if (event.reason === 'done' || onTheReply) return withoutEnd(next);
      const runEnd: RunEnd = {
        reason: event.reason,
        ...(event.error ? { error: event.error } : {}),
        ...(event.repeatedCall
          ? {
              repeatedCall: {
                toolName: event.repeatedCall.toolName,
                lastError: event.repeatedCall.lastError,
              },
            }
          : {}),
      };
      return { ...next, runEnd };
    }
    default:
      return next;
  }
}

function withoutEnd(state: SessionState): SessionState {
  if (!state.runEnd) return state;
  const { runEnd: _end, ...rest } = state;
  return rest;
}
