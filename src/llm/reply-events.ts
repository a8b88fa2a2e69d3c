/**
 * The last event of every model client's stream, built in one place: `done` with the
 * complete reply, or `error` with what arrived before the failure. The HTTP client, the
 * in-browser model and the scripted test client all end their streams through these, so a
 * reply's stop reason and timing mean the same whichever answered.
 */
import { stopReasonOf, type AssistantReply } from './assistant-reply';
import type { AssembledReply } from './delta-assembler';
import type { LlmError } from './llm-error';
import type { LlmEvent } from './llm-events';

/** What the client knows of a call's timing when its stream ends. */
export interface TimingFacts {
  startedAt: number;
  /** Requests made for this reply, retries included. */
  attempts: number;
  firstTokenAt?: number | undefined;
  /** The clock when the stream ended. */
  now: number;
}

/** The stream's `done` event for the assembled `reply`. */
export function doneEvent(reply: AssembledReply, timing: TimingFacts): LlmEvent {
  const finishReason = reply.finishReason ?? 'stop';
  const message: AssistantReply = {
    role: 'assistant',
    ...reply,
    stopReason: stopReasonOf(finishReason, reply.toolCalls.length),
    timing: timingOf(timing),
    attempts: timing.attempts,
  };
  return { type: 'done', message, usage: message.usage, finishReason };
}

/** The stream's `error` event: `partial` is what arrived before `error` ended the call. */
export function errorEvent(
  error: LlmError,
  partial: AssembledReply,
  timing: TimingFacts,
): LlmEvent {
  const message: AssistantReply = {
    role: 'assistant',
    ...partial,
    stopReason: error.kind === 'aborted' ? 'aborted' : 'error',
    error,
    timing: timingOf(timing),
    attempts: timing.attempts,
  };
  return { type: 'error', message, error };
}

function timingOf(timing: TimingFacts): AssistantReply['timing'] {
  return {
    startedAt: timing.startedAt,
    ...(timing.firstTokenAt !== undefined ? { firstTokenAt: timing.firstTokenAt } : {}),
    finishedAt: timing.now,
  };
}
