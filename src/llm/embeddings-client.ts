/**
 * Embeddings from a provider's OpenAI-compatible `POST {baseURL}/embeddings`, for the
 * knowledge index's hybrid ranking. Follows the chat client's contract: it never throws;
 * every failure (auth, rate limit, timeout, a body that is not a list of vectors) comes back
 * as an LlmError, classified as chat errors are.
 */
import type { LlmError } from './llm-error';
import { makeFailure } from './llm-failures';
import { callProvider, type ProviderCallResult, type ProviderRequestDeps } from './provider-call';
import type { ProviderConfig } from './provider-config';

/** The vectors of the texts, in their order, or why there are none. Never a thrown error. */
export type EmbeddingsResult = { ok: true; vectors: number[][] } | { ok: false; error: LlmError };

/** The deps of a one-shot provider request; the deadline defaults to 60 s. */
export type EmbeddingsDeps = ProviderRequestDeps;

const DEFAULT_EMBED_TIMEOUT_MS = 60_000;

/** Embeds `texts` with `model` of `provider`. */
export async function embedTexts(
  provider: ProviderConfig,
  model: string,
  texts: readonly string[],
  deps: EmbeddingsDeps,
): Promise<EmbeddingsResult> {
  const embedded = await callProvider(
    provider,
    deps,
    DEFAULT_EMBED_TIMEOUT_MS,
    async ({ sdk, baseURL, signal, context }): Promise<ProviderCallResult<number[][]>> => {
      // Nothing to embed asks nothing; a provider that cannot be asked still says so.
      if (!texts.length) return { ok: true, value: [] };
      const body = await sdk.post<unknown>('/embeddings', {
        body: { model, input: [...texts] },
        signal,
      });
      const vectors = parseEmbeddings(body, texts.length);
      if (vectors) return { ok: true, value: vectors };
      const internalMessage = `The answer of ${baseURL}/embeddings is not a list of ${texts.length} vectors.`;
      return { ok: false, error: makeFailure('internal', context, { internalMessage }) };
    },
    (_error, { context }) => makeFailure('connection', context),
  );
  return embedded.ok ? { ok: true, vectors: embedded.value } : embedded;
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
