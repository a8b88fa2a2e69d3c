import type { ErrorParams } from '../base/errors';
import type { AgentErrorCode } from './agent-errors';
import type { AssistantReply, StopReason } from '../llm/assistant-reply';
import type { ChatMessage } from '../llm/chat-message';
import type { LlmErrorData } from '../llm/llm-error';
import type { Usage } from '../llm/usage';
import type { ToolApprovalKind, ToolImage } from '../tools/tool';

/**
 * The events of one agent run (DESIGN.md, "The agent run"), in the order they come:
 *
 *   run_start
 *   ( turn_start
 *       message_start
 *       ( text_delta | reasoning_delta | toolcall_delta | retry_scheduled )*
 *       message_end
 *       ( approval_request? tool_start tool_update* tool_end )*   one per tool call
 *       user_message*                      steering, delivered after the tool batch
 *     turn_end )*
 *   run_end
 *
 * Every event is plain data (no class instances, no functions), so a reducer can fold it,
 * a persister can store it and a test can compare it with toEqual. Tool calls of one batch
 * may interleave (read-only calls run in parallel); `callId` ties their events together.
 * compaction_start / compaction_end are reserved for compaction (not emitted yet).
 */
export type AgentEvent =
  | RunStartEvent
  | TurnStartEvent
  | UserMessageEvent
  | MessageStartEvent
  | AgentTextDeltaEvent
  | AgentReasoningDeltaEvent
  | AgentToolCallDeltaEvent
  | MessageEndEvent
  | ApprovalRequestEvent
  | ToolStartEvent
  | ToolUpdateEvent
  | ToolEndEvent
  | AgentRetryScheduledEvent
  | CompactionStartEvent
  | CompactionEndEvent
  | TurnEndEvent
  | RunEndEvent;

/** The `type` of every {@link AgentEvent}. */
export type AgentEventType = AgentEvent['type'];

/** The run began. `at` is the clock's time in milliseconds. */
export interface RunStartEvent {
  type: 'run_start';
  at: number;
  /** Turns this run may take before it ends with `max_steps`. */
  maxSteps: number;
}

/** One turn (one model request and the tools it asked for) began; `turn` counts from 1. */
export interface TurnStartEvent {
  type: 'turn_start';
  turn: number;
  at: number;
}

/**
 * A message the user typed during the run was delivered to the model (steering): it is
 * appended to the conversation after the turn's tool batch (or after a final answer, which
 * then does not end the run), before the next request.
 */
export interface UserMessageEvent {
  type: 'user_message';
  turn: number;
  message: Extract<ChatMessage, { role: 'user' }>;
}

/** The assistant's reply for this turn started streaming. */
export interface MessageStartEvent {
  type: 'message_start';
  turn: number;
  at: number;
}

/** The answer text grew. */
export interface AgentTextDeltaEvent {
  type: 'text_delta';
  turn: number;
  delta: string;
}

/** The reasoning grew. */
export interface AgentReasoningDeltaEvent {
  type: 'reasoning_delta';
  turn: number;
  delta: string;
}

/** A tool call grew as the model wrote it (for "calling read_file…" while it streams). */
export interface AgentToolCallDeltaEvent {
  type: 'toolcall_delta';
  turn: number;
  /** Position of the call in the reply, from 0. */
  index: number;
  id: string;
  name: string;
  argumentsDelta: string;
}

/**
 * The reply is complete, failed or was stopped. `message` is the assistant message as it
 * goes into the conversation (tool calls included); `reply` the llm layer's full record
 * (timing, attempts, raw finish reason) with any error as plain data.
 */
export interface MessageEndEvent {
  type: 'message_end';
  turn: number;
  at: number;
  message: Extract<ChatMessage, { role: 'assistant' }>;
  reply: Omit<AssistantReply, 'error'> & { error?: LlmErrorData };
  usage: Usage | undefined;
  stopReason: StopReason;
}

/**
 * The policy wants the user to decide on this call before it runs. The answer comes back
 * through the run's `approve` function; a tool_start (approved) or a tool_end with outcome
 * `rejected` (or the run's end on stop) follows.
 */
export interface ApprovalRequestEvent {
  type: 'approval_request';
  turn: number;
  callId: string;
  toolName: string;
  kind: ToolApprovalKind;
  /** The validated arguments, for the request's preview (diff, code, command, URL). */
  args: Record<string, unknown>;
}

/** A tool call started running (after validation and approval). */
export interface ToolStartEvent {
  type: 'tool_start';
  turn: number;
  at: number;
  callId: string;
  toolName: string;
  args: Record<string, unknown>;
}

/** Partial output of a running call (Python's stdout, a status line). */
export interface ToolUpdateEvent {
  type: 'tool_update';
  turn: number;
  callId: string;
  stream: 'stdout' | 'stderr' | 'status';
  text: string;
}

/**
 * How a tool call ended:
 * - `ok`: it ran and succeeded; `error`: it ran (or threw) and failed;
 * - `invalid`: unknown tool, unparsable or schema-violating arguments; it never ran;
 * - `rejected`: the user said no (with feedback, which is the result);
 * - `aborted`: Stop came while it waited or ran.
 */
export type ToolOutcome = 'ok' | 'error' | 'invalid' | 'rejected' | 'aborted';

/**
 * A tool call is over; `message` is the tool message that goes into the conversation (its
 * content is what the model reads, cut to the result cap). Every tool call of a reply gets
 * exactly one tool_end, also those that never started.
 */
export interface ToolEndEvent {
  type: 'tool_end';
  turn: number;
  at: number;
  callId: string;
  toolName: string;
  outcome: ToolOutcome;
  isError: boolean;
  message: Extract<ChatMessage, { role: 'tool' }>;
  /** Milliseconds from tool_start; 0 for calls that never started. */
  durationMs: number;
  /** Characters of the result cut by the cap (0 when it fit). */
  truncatedChars: number;
  images?: ToolImage[];
  changedFiles?: string[];
  /** Of `changedFiles`, those gone after the call (deleted, or moved away). */
  deletedFiles?: string[];
  /** The tool's structured detail for the UI (a diff, a run's status). */
  details?: Record<string, unknown>;
}

/** The model request failed and the client will retry after `delayMs`. */
export interface AgentRetryScheduledEvent {
  type: 'retry_scheduled';
  turn: number;
  attempt: number;
  delayMs: number;
  error: LlmErrorData;
}

/** Reserved: compaction of the oldest part of the conversation started. */
export interface CompactionStartEvent {
  type: 'compaction_start';
  turn: number;
  reason: 'threshold' | 'overflow' | 'manual';
}

/** Reserved: compaction ended (`summary` replaces the messages it covers). */
export interface CompactionEndEvent {
  type: 'compaction_end';
  turn: number;
  summary?: string;
  error?: LlmErrorData;
}

/** The turn is over: the reply and all its tool results are in the conversation. */
export interface TurnEndEvent {
  type: 'turn_end';
  turn: number;
  at: number;
}

/**
 * Why a run ended:
 * - `done`: the model answered without calling tools;
 * - `aborted`: Stop (everything produced so far is kept);
 * - `error`: the model request failed for good (context overflow included), see `error`;
 * - `max_steps`: the step limit was reached; the UI asks whether to go on;
 * - `repeated_failure`: the same call failed three times in a row; the UI asks the user.
 */
export type RunEndReason = 'done' | 'aborted' | 'error' | 'max_steps' | 'repeated_failure';

/** Why a run ended with `error`, with a message and a hint a person can act on. */
export interface AgentRunError {
  /**
   * `context-overflow` has its own code so the UI can offer to start fresh or compact; the
   * agent layer's own codes say why the run was refused before its first request.
   */
  code: AgentErrorCode;
  /** What the catalog words it from (src/app/messages/); for `llm`, the llm error's and its kind. */
  params?: ErrorParams;
  /** The English of `code` with `params`, for traces, logs and exports. */
  message: string;
  hint: string;
  llm?: LlmErrorData;
}

/** The run is over. Always the last event, exactly once. */
export interface RunEndEvent {
  type: 'run_end';
  at: number;
  reason: RunEndReason;
  /** Turns taken by this run. */
  turns: number;
  /** The messages this run appended to the conversation, in order. */
  messages: ChatMessage[];
  /** Tokens over all of this run's requests. */
  usage: Usage;
  error?: AgentRunError;
  /** For `repeated_failure`: the call that kept failing and its last error text. */
  repeatedCall?: { toolName: string; arguments: string; lastError: string };
}
