import type { LlmEvent } from '../llm';
import type { StoredError } from '../store/records';
import type { MessageEndEvent } from './agent-events';

/**
 * Something went wrong in Cove itself while producing a node (building the prompt threw, a
 * listener failed): the node ends with this error and keeps what it already holds.
 */
export interface NodeFailedEvent {
  type: 'node_failed';
  error: StoredError;
}

/**
 * Stop ended the request before the model was asked (during the compaction before it): the
 * node ends `aborted`, with what it holds.
 */
export interface NodeStoppedEvent {
  type: 'node_stopped';
}

/**
 * The producer of a node is done with it (the stream ended, whatever way). Folding it stamps
 * `finishedAt`, closes an open reasoning timer, and ends a node that is still `streaming`
 * (a stream that broke its contract by ending without `done` or `error`) as `interrupted`.
 */
export interface NodeEndEvent {
  type: 'node_end';
}

/**
 * What the session reducer folds into a node, one at a time, in arrival order: the model's
 * events (src/llm) and the engine's own. A discriminated union on `type`: the agent loop's
 * events (DESIGN.md, "The agent run": tool_start, tool_update, tool_end, …) join it by
 * widening this type, and the compiler then points at every switch that must handle them.
 * An agent turn's reply folds the loop's deltas (which carry the same fields as the model's)
 * and ends with its `message_end`; tool results become nodes of their own, stored whole.
 */
export type SessionEvent =
  LlmEvent | MessageEndEvent | NodeFailedEvent | NodeStoppedEvent | NodeEndEvent;
