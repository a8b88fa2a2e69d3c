import type { AssistantReply, FinishReason } from './assistant-reply';
import type { LlmError } from './llm-error';
import type { Usage } from './usage';

/** Answer text grew by `delta`. */
export interface TextDeltaEvent {
  type: 'text_delta';
  delta: string;
}

/** Reasoning grew by `delta` (from `reasoning_content`, `reasoning` or `<think>` tags). */
export interface ReasoningDeltaEvent {
  type: 'reasoning_delta';
  delta: string;
}

/** A tool call grew; see ToolCallDelta for the fields. */
export interface ToolCallDeltaEvent {
  type: 'toolcall_delta';
  index: number;
  id: string;
  name: string;
  argumentsDelta: string;
}

/** The deltas of one reply, in arrival order. */
export type LlmDeltaEvent = TextDeltaEvent | ReasoningDeltaEvent | ToolCallDeltaEvent;

/**
 * An attempt failed before producing output and Cove will try again after `delayMs`
 * (attempt counts retries from 1). The UI shows "retrying in N s"; aborting the request's
 * signal cancels the wait and ends the stream with `aborted`.
 */
export interface RetryScheduledEvent {
  type: 'retry_scheduled';
  attempt: number;
  delayMs: number;
  error: LlmError;
}

/**
 * The server refused `stream_options`; the request was repeated without it (no usage will
 * be reported). The caller should store `supportsStreamOptions: false` on the provider.
 */
export interface StreamOptionsUnsupportedEvent {
  type: 'stream_options_unsupported';
}

/** The reply is complete. Always the last event of a successful stream. */
export interface DoneEvent {
  type: 'done';
  message: AssistantReply;
  usage: Usage | undefined;
  finishReason: FinishReason;
}

/**
 * The call failed or was stopped: `message` holds what arrived before (its stopReason is
 * `error` or `aborted`) and `error` the classified cause. Always the last event.
 */
export interface ErrorEvent {
  type: 'error';
  message: AssistantReply;
  error: LlmError;
}

/**
 * Everything one LLM call reports, in order: deltas, possibly retry_scheduled and
 * stream_options_unsupported notices between attempts, then exactly one `done` or `error`.
 */
export type LlmEvent =
  LlmDeltaEvent | RetryScheduledEvent | StreamOptionsUnsupportedEvent | DoneEvent | ErrorEvent;
