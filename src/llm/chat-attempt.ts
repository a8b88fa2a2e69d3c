import type { Clock } from '../base/clock';
import { completionChunks, StreamErrorChunk } from './completion-chunks';
import { coalesceDeltas } from './delta-coalescing';
import { probeReachability } from './cors-probe';
import { DeltaAssembler, type AssembledReply } from './delta-assembler';
import {
  classifyHttpFailure,
  classifyStreamError,
  isStreamOptionsRejection,
  type HttpFailure,
} from './error-classification';
import type { FetchLike } from './fetch-like';
import type { LlmError } from './llm-error';
import type { LlmDeltaEvent } from './llm-events';
import { makeFailure, type FailureContext } from './llm-failures';
import { makeProviderFetch } from './provider-fetch';
import { makeStallWatchdog } from './stall-watchdog';

/** Everything one HTTP attempt of a streamed completion needs. */
export interface AttemptInput {
  fetch: FetchLike;
  clock: Clock;
  baseURL: string;
  apiKey?: string;
  keyOrigin?: string;
  headers?: Record<string, string>;
  /** The request body (model, messages, stream options…), sent as JSON. */
  body: Record<string, unknown>;
  stallTimeoutMs: number;
  probeTimeoutMs?: number;
  signal?: AbortSignal;
  failureContext: FailureContext;
}

/** How an attempt ended. `produced` says whether any delta was emitted. */
export type AttemptOutcome =
  | { type: 'done'; reply: AssembledReply; firstTokenAt?: number }
  | {
      type: 'failed';
      error: LlmError;
      produced: boolean;
      partial: AssembledReply;
      firstTokenAt?: number;
      /** The server refused `stream_options` (see isStreamOptionsRejection). */
      streamOptionsRejected: boolean;
    };

/**
 * Runs one streamed request: yields deltas as they arrive and returns how it ended. Never
 * throws. A stall (no bytes for `stallTimeoutMs`, counted only while waiting on the server,
 * not while the consumer holds a delta) aborts it as `timeout`; the caller's signal as
 * `aborted`. A failure before any response is told apart as `cors` or `connection` with a
 * no-cors probe. A transport failure after the finish reason arrived still counts as done.
 */
export async function* runAttempt(
  input: AttemptInput,
): AsyncGenerator<LlmDeltaEvent, AttemptOutcome> {
  const { clock, signal } = input;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) controller.abort(signal.reason);
  const watchdog = makeStallWatchdog(clock, input.stallTimeoutMs, () => controller.abort());
  let responded = false;
  let httpFailure: HttpFailure | undefined;
  const fetch = makeProviderFetch({
    fetch: input.fetch,
    ...(input.apiKey ? { apiKey: input.apiKey } : {}),
    ...(input.keyOrigin ? { keyOrigin: input.keyOrigin } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
    onResponse: () => {
      responded = true;
      watchdog.touch();
    },
    expectStream: true,
    onHttpFailure: (failure) => {
      httpFailure = failure;
    },
  });
  const assembler = new DeltaAssembler();
  let firstTokenAt: number | undefined;
  let caught: unknown;
  let internal: unknown;
  let finished = false;
  try {
    const response = await fetch(chatCompletionsURL(input.baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input.body),
      signal: controller.signal,
    });
    // A non-2xx answer went to onHttpFailure and is classified below; it has no stream.
    if (!response.ok) throw new HttpStatusError(response.status);
    for await (const chunks of completionChunks(response, () => watchdog.touch())) {
      let events: LlmDeltaEvent[];
      try {
        events = coalesceDeltas(chunks.flatMap((chunk) => assembler.push(chunk)));
      } catch (error) {
        internal = error;
        break;
      }
      if (events.length > 0) {
        firstTokenAt ??= clock.now();
        watchdog.pause();
        for (const event of events) yield event;
        watchdog.touch();
      }
    }
    finished = true;
  } catch (error) {
    caught = error;
  } finally {
    watchdog.stop();
    signal?.removeEventListener('abort', onAbort);
    if (!finished) controller.abort();
  }
  for (const event of assembler.flush()) yield event;

  const partial = assembler.result();
  const base = {
    produced: assembler.produced,
    partial,
    streamOptionsRejected: false,
    firstTokenAt,
  };
  const context = input.failureContext;
  const fail = (
    error: LlmError,
    extra: Partial<{ streamOptionsRejected: boolean }> = {},
  ): AttemptOutcome => ({
    type: 'failed',
    ...base,
    ...extra,
    error,
  });

  if (signal?.aborted) return fail(makeFailure('aborted', context));
  if (watchdog.fired)
    return fail(makeFailure('timeout', context, { stallTimeoutMs: input.stallTimeoutMs }));
  if (internal !== undefined) return fail(internalFailure(internal, context));
  const streamError = streamErrorObject(caught);
  if (
    caught === undefined ||
    (assembler.finish && assembler.finish !== 'error' && streamError === undefined)
  ) {
    if (assembler.finish === 'error') {
      return fail(makeFailure('server-error', context, { streamProblem: 'error_finish' }));
    }
    if (!assembler.finish) return fail(makeFailure('connection', context, { midStream: true }));
    return {
      type: 'done',
      reply: partial,
      ...(firstTokenAt !== undefined ? { firstTokenAt } : {}),
    };
  }
  if (httpFailure) {
    return fail(classifyHttpFailure(httpFailure, context, clock.now()), {
      streamOptionsRejected: isStreamOptionsRejection(httpFailure),
    });
  }
  if (streamError !== undefined)
    return fail(classifyStreamError(streamError, context, clock.now()));
  if (caught instanceof SyntaxError) {
    return fail(makeFailure('server-error', context, { streamProblem: 'malformed' }));
  }
  if (!responded && caught instanceof TypeError) {
    const reachability = await probeReachability(input.fetch, input.baseURL, clock, {
      ...(signal ? { signal } : {}),
      ...(input.probeTimeoutMs !== undefined ? { timeoutMs: input.probeTimeoutMs } : {}),
    });
    if (signal?.aborted) return fail(makeFailure('aborted', context));
    return fail(makeFailure(reachability === 'reachable' ? 'cors' : 'connection', context));
  }
  if (responded) return fail(makeFailure('connection', context, { midStream: true }));
  return fail(internalFailure(caught, context));
}

/** The error object of an `{error: …}` chunk. */
function streamErrorObject(caught: unknown): unknown {
  return caught instanceof StreamErrorChunk ? caught.error : undefined;
}

/** A non-2xx answer; what it said is in the attempt's `httpFailure`. */
class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** Where completions are posted: the normalized base URL and `/chat/completions`. */
function chatCompletionsURL(baseURL: string): string {
  return `${baseURL.replace(/\/+$/, '')}/chat/completions`;
}

function internalFailure(error: unknown, context: FailureContext): LlmError {
  const message = error instanceof Error ? error.message : String(error);
  return makeFailure('internal', context, { internalMessage: message });
}
