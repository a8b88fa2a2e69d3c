/**
 * The pure fold of session events into the node they produce (tldraw's "kernels return
 * plans"): `reduceNode(draft, event, at)` returns the next draft and touches nothing. The
 * engine feeds it, the persister stores its drafts (`progressPatch`, `finalPatch`), and the
 * app copies them into signals. Time comes in as `at`, so the same events always fold into
 * the same node.
 */
import type { Usage } from '../llm';
import type {
  NodeRecord,
  NodeStatus,
  StoredError,
  StoredToolCall,
  StoredUsage,
} from '../store/records';
import type { SessionEvent } from './session-events';
import { toStoredError } from '../store/stored-error';

/** A node as its events have built it so far. Immutable: every event makes a new draft. */
export interface NodeDraft {
  readonly id: string;
  readonly content: string;
  readonly reasoning: string;
  /** Clock time of the first reasoning delta, while the reasoning time is still open. */
  readonly reasoningStartedAt?: number;
  /** Milliseconds spent reasoning: from the first reasoning delta to the first text delta. */
  readonly reasoningMs?: number;
  /** Tool calls as they stream (by index) and as the finished reply states them. */
  readonly toolCalls: readonly StoredToolCall[];
  readonly status: NodeStatus;
  readonly error?: StoredError;
  readonly usage?: StoredUsage;
  readonly stopReason?: string;
  readonly finishedAt?: number;
}

/** The draft of a stored node, to fold further events into (a reply that just started). */
export function draftOf(node: NodeRecord): NodeDraft {
  return {
    id: node.id,
    content: node.content,
    reasoning: node.reasoning ?? '',
    ...(node.reasoningMs !== undefined ? { reasoningMs: node.reasoningMs } : {}),
    toolCalls: node.toolCalls ?? [],
    status: node.status,
    ...(node.error ? { error: node.error } : {}),
    ...(node.usage ? { usage: node.usage } : {}),
    ...(node.stopReason ? { stopReason: node.stopReason } : {}),
    ...(node.finishedAt !== undefined ? { finishedAt: node.finishedAt } : {}),
  };
}

/** Only the token counts Cove keeps (not totals or cost, which follow from them). */
function storedUsage(usage: Usage | undefined): StoredUsage | undefined {
  if (!usage) return undefined;
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    ...(usage.reasoningTokens !== undefined ? { reasoningTokens: usage.reasoningTokens } : {}),
    ...(usage.cachedInputTokens !== undefined
      ? { cachedInputTokens: usage.cachedInputTokens }
      : {}),
  };
}

/** Closes the reasoning timer at `at` when it is open and not yet measured. */
function closeReasoning(draft: NodeDraft, at: number): NodeDraft {
  if (draft.reasoningStartedAt === undefined || draft.reasoningMs !== undefined) return draft;
  return { ...draft, reasoningMs: at - draft.reasoningStartedAt };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Folds one event into a node's draft, at clock time `at`. Events that do not change the
 * node (a scheduled retry, a provider notice) return the same draft object, so a caller can
 * tell "nothing changed" by identity. Never throws.
 */
export function reduceNode(draft: NodeDraft, event: SessionEvent, at: number): NodeDraft {
  switch (event.type) {
    case 'text_delta':
      return { ...closeReasoning(draft, at), content: draft.content + event.delta };
    case 'reasoning_delta':
      return {
        ...draft,
        reasoningStartedAt: draft.reasoningStartedAt ?? at,
        reasoning: draft.reasoning + event.delta,
      };
    case 'toolcall_delta': {
      const calls = [...draft.toolCalls];
      const current = calls[event.index] ?? { id: '', name: '', arguments: '' };
      calls[event.index] = {
        id: event.id || current.id,
        name: event.name || current.name,
        arguments: current.arguments + event.argumentsDelta,
      };
      return { ...closeReasoning(draft, at), toolCalls: calls };
    }
    case 'retry_scheduled':
    case 'stream_options_unsupported':
      return draft;
    case 'done':
      return withoutUndefined({
        ...draft,
        content: event.message.content,
        reasoning: event.message.reasoning,
        toolCalls: event.message.toolCalls.map(({ id, name, arguments: args }) => ({
          id,
          name,
          arguments: args,
        })),
        usage: storedUsage(event.usage),
        stopReason: event.message.stopReason,
        status: 'complete',
        error: undefined,
      });
    case 'error': {
      // Stop is the person's choice, not a failure: the reply keeps its text, without an error.
      const aborted = event.error.code === 'aborted';
      return withoutUndefined({
        ...draft,
        content: event.message.content,
        reasoning: event.message.reasoning,
        stopReason: event.message.stopReason,
        status: aborted ? 'aborted' : 'error',
        error: aborted ? undefined : toStoredError(event.error),
      });
    }
    case 'message_end': {
      // The agent loop's end of one turn's reply: what it says it sent is the node.
      const error = event.reply.error;
      const aborted = error?.kind === 'aborted';
      return withoutUndefined({
        ...closeReasoning(draft, at),
        content: event.message.content,
        reasoning: event.reply.reasoning || draft.reasoning,
        toolCalls: (event.message.toolCalls ?? []).map(({ id, name, arguments: args }) => ({
          id,
          name,
          arguments: args,
        })),
        usage: storedUsage(event.usage),
        stopReason: event.stopReason,
        status: error ? (aborted ? 'aborted' : 'error') : 'complete',
        error:
          error && !aborted
            ? {
                ...(error.params ? { params: error.params } : {}),
                code: error.kind,
                message: error.message,
                hint: error.hint,
              }
            : undefined,
      });
    }
    case 'node_failed':
      return { ...draft, status: 'error', error: event.error };
    case 'node_stopped':
      return { ...draft, status: 'aborted' };
    case 'node_end': {
      const closed = closeReasoning(draft, at);
      return {
        ...closed,
        status: closed.status === 'streaming' ? 'interrupted' : closed.status,
        finishedAt: at,
      };
    }
  }
}

/** True for events after which the draft holds more text than was last stored. */
export function growsNode(event: SessionEvent): boolean {
  return (
    event.type === 'text_delta' ||
    event.type === 'reasoning_delta' ||
    event.type === 'toolcall_delta'
  );
}

/** What to write while a node grows: its text so far (the status stays `streaming`). */
export function progressPatch(draft: NodeDraft): Partial<NodeRecord> {
  return {
    content: draft.content,
    reasoning: draft.reasoning,
    ...(draft.toolCalls.length ? { toolCalls: [...draft.toolCalls] } : {}),
  };
}

/** What to write when a node is finished: everything the draft knows. */
export function finalPatch(draft: NodeDraft): Partial<NodeRecord> {
  return withoutUndefined({
    ...progressPatch(draft),
    status: draft.status,
    error: draft.error,
    usage: draft.usage,
    stopReason: draft.stopReason,
    reasoningMs: draft.reasoningMs,
    finishedAt: draft.finishedAt,
  });
}
