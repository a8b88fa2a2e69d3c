import type { ErrorEvent } from './llm-events';
import type { LlmError } from './llm-error';

/**
 * The `error` event of a call that failed before any output: an empty assistant reply that
 * carries the error, stopped with `aborted` for an abort and `error` otherwise. For clients
 * that must keep the ChatClient contract (end with exactly one `done` or `error`, never
 * throw) when the failure is their own, e.g. a client whose code could not be loaded.
 */
export function failedCallEvent(
  error: LlmError,
  timing: { startedAt: number; finishedAt: number },
): ErrorEvent {
  return {
    type: 'error',
    message: {
      role: 'assistant',
      content: '',
      reasoning: '',
      toolCalls: [],
      stopReason: error.kind === 'aborted' ? 'aborted' : 'error',
      error,
      timing: { startedAt: timing.startedAt, finishedAt: timing.finishedAt },
      attempts: 0,
    },
    error,
  };
}
