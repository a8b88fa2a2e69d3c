/**
 * One request to a provider outside a chat stream (the model listing, embeddings), with
 * what every such request needs around it: the readiness check, the normalized base URL,
 * the deadline on the injected clock, the caller's Stop, the fetch that adds the key, and
 * the classification of a failure (stopped, timed out, an HTTP answer, as chat errors are).
 * Never throws: a failure comes back as an LlmError.
 */
import type OpenAI from 'openai';
import type { Clock } from '../base/clock';
import { classifyHttpFailure, type HttpFailure } from './error-classification';
import type { FetchLike } from './fetch-like';
import { LlmError } from './llm-error';
import { makeFailure, type FailureContext } from './llm-failures';
import { normalizeBaseURL, type ProviderConfig } from './provider-config';
import { makeProviderFetch } from './provider-fetch';
import { checkProviderReady } from './provider-readiness';
import { makeSdkClient } from './sdk-client';

/** What a one-shot provider request (listing, connection test, embeddings) needs. */
export interface ProviderRequestDeps {
  fetch: FetchLike;
  clock: Clock;
  /** `location.origin`, for CORS and Local Network Access advice. */
  pageOrigin?: string;
  /** Gives up with `timeout` after this long (each request has its own default). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type ProviderCallResult<T> = { ok: true; value: T } | { ok: false; error: LlmError };

/** The request as the caller's `send` makes it. */
export interface ProviderCall {
  sdk: OpenAI;
  baseURL: string;
  signal: AbortSignal;
  context: FailureContext;
}

/**
 * Runs `send` against `provider`. A failure that is none of the common ones (no HTTP
 * answer, a thrown value of the SDK's) is explained by `otherFailure`, told whether any
 * response arrived.
 */
export async function callProvider<T>(
  provider: ProviderConfig,
  deps: ProviderRequestDeps,
  defaultTimeoutMs: number,
  send: (call: ProviderCall) => Promise<ProviderCallResult<T>>,
  otherFailure: (
    error: unknown,
    call: ProviderCall & { responded: boolean },
  ) => LlmError | Promise<LlmError>,
): Promise<ProviderCallResult<T>> {
  const context: FailureContext = {
    baseURL: provider.baseURL,
    presetId: provider.presetId,
    ...(provider.apiKey ? { apiKey: provider.apiKey } : {}),
    ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
  };
  const problem = checkProviderReady(provider, context);
  if (problem) return { ok: false, error: problem };
  const base = normalizeBaseURL(provider.baseURL);
  const baseURL = base.ok ? base.url : provider.baseURL;
  const timeoutMs = deps.timeoutMs ?? defaultTimeoutMs;
  const controller = new AbortController();
  let timedOut = false;
  const cancelTimer = deps.clock.schedule(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  deps.signal?.addEventListener('abort', onAbort, { once: true });
  if (deps.signal?.aborted) controller.abort();
  let responded = false;
  let httpFailure: HttpFailure | undefined;
  const fetch = makeProviderFetch({
    fetch: deps.fetch,
    ...(provider.apiKey ? { apiKey: provider.apiKey } : {}),
    ...(provider.keyOrigin ? { keyOrigin: provider.keyOrigin } : {}),
    ...(provider.headers ? { headers: provider.headers } : {}),
    onResponse: () => {
      responded = true;
    },
    onHttpFailure: (failure) => {
      httpFailure = failure;
    },
  });
  const call: ProviderCall = {
    sdk: makeSdkClient(baseURL, fetch),
    baseURL,
    signal: controller.signal,
    context,
  };
  try {
    return await send(call);
  } catch (error) {
    if (deps.signal?.aborted) return { ok: false, error: makeFailure('aborted', context) };
    if (timedOut)
      return { ok: false, error: makeFailure('timeout', context, { stallTimeoutMs: timeoutMs }) };
    if (httpFailure)
      return { ok: false, error: classifyHttpFailure(httpFailure, context, deps.clock.now()) };
    if (error instanceof LlmError) return { ok: false, error };
    return { ok: false, error: await otherFailure(error, { ...call, responded }) };
  } finally {
    cancelTimer();
    deps.signal?.removeEventListener('abort', onAbort);
  }
}
