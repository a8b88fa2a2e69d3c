/**
 * Embeddings from a provider's OpenAI-compatible `POST {baseURL}/embeddings`, for the
 * knowledge index's hybrid ranking. Follows the chat client's contract: it never throws;
 * every failure (auth, rate limit, timeout, a body that is not a list of vectors) comes back
 * as an LlmError, classified as chat errors are.
 */
import type { Clock } from '../base/clock';
import { classifyHttpFailure, type HttpFailure } from './error-classification';
import type { FetchLike } from './fetch-like';
import { LlmError } from './llm-error';
import { makeFailure, type FailureContext } from './llm-failures';
import { normalizeBaseURL, type ProviderConfig } from './provider-config';
import { makeProviderFetch } from './provider-fetch';
import { checkProviderReady } from './provider-readiness';
import { makeSdkClient } from './sdk-client';

/** The vectors of the texts, in their order, or why there are none. Never a thrown error. */
export type EmbeddingsResult = { ok: true; vectors: number[][] } | { ok: false; error: LlmError };

export interface EmbeddingsDeps {
  fetch: FetchLike;
  clock: Clock;
  pageOrigin?: string;
  /** Gives up with `timeout` after this long (default 60 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_EMBED_TIMEOUT_MS = 60_000;

/** Embeds `texts` with `model` of `provider`. */
export async function embedTexts(
  provider: ProviderConfig,
  model: string,
  texts: readonly string[],
  deps: EmbeddingsDeps,
): Promise<EmbeddingsResult> {
  const context: FailureContext = {
    baseURL: provider.baseURL,
    presetId: provider.presetId,
    ...(provider.apiKey ? { apiKey: provider.apiKey } : {}),
    ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
  };
  const problem = checkProviderReady(provider, context);
  if (problem) return { ok: false, error: problem };
  if (!texts.length) return { ok: true, vectors: [] };
  const base = normalizeBaseURL(provider.baseURL);
  const baseURL = base.ok ? base.url : provider.baseURL;
  const controller = new AbortController();
  let timedOut = false;
  const cancelTimer = deps.clock.schedule(() => {
    timedOut = true;
    controller.abort();
  }, deps.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  deps.signal?.addEventListener('abort', onAbort, { once: true });
  if (deps.signal?.aborted) controller.abort();
  let httpFailure: HttpFailure | undefined;
  const fetch = makeProviderFetch({
    fetch: deps.fetch,
    ...(provider.apiKey ? { apiKey: provider.apiKey } : {}),
    ...(provider.keyOrigin ? { keyOrigin: provider.keyOrigin } : {}),
    ...(provider.headers ? { headers: provider.headers } : {}),
    onHttpFailure: (failure) => {
      httpFailure = failure;
    },
  });
  try {
    const body = await makeSdkClient(baseURL, fetch).post<unknown>('/embeddings', {
      body: { model, input: [...texts] },
      signal: controller.signal,
    });
    const vectors = parseEmbeddings(body, texts.length);
    if (!vectors) {
      const internalMessage = `The answer of ${baseURL}/embeddings is not a list of ${texts.length} vectors.`;
      return { ok: false, error: makeFailure('internal', context, { internalMessage }) };
    }
    return { ok: true, vectors };
  } catch (error) {
    if (deps.signal?.aborted) return { ok: false, error: makeFailure('aborted', context) };
    if (timedOut) {
      const stallTimeoutMs = deps.timeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS;
      return { ok: false, error: makeFailure('timeout', context, { stallTimeoutMs }) };
    }
    if (httpFailure)
      return { ok: false, error: classifyHttpFailure(httpFailure, context, deps.clock.now()) };
    if (error instanceof LlmError) return { ok: false, error };
    return { ok: false, error: makeFailure('connection', context) };
  } finally {
    cancelTimer();
    deps.signal?.removeEventListener('abort', onAbort);
  }
}

/** `{data: [{index, embedding}]}` in input order; undefined when it is not `count` vectors. */
export function parseEmbeddings(body: unknown, count: number): number[][] | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) return undefined;
  const vectors: number[][] = new Array<number[]>(count);
  for (const [position, item] of data.entries()) {
    const entry = item as { index?: unknown; embedding?: unknown } | null;
    const index = typeof entry?.index === 'number' ? entry.index : position;
    const vector = entry?.embedding;
    if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number')) return undefined;
    if (index < 0 || index >= count) return undefined;
    vectors[index] = vector as number[];
  }
  return vectors.every(Boolean) ? vectors : undefined;
}
