/**
 * The embedding model the knowledge uses, as the backend calls it: a model of a configured
 * provider ("providerId/modelId", the setting `knowledge.embeddingModel`), called from the
 * page (which holds the provider's key) through the embeddings client, loaded on first use.
 * A call that fails resolves undefined: the index ranks by full text alone meanwhile.
 */
import type { Clock } from '../base/clock';
import type { FetchLike } from '../llm/fetch-like';
import { parseModelRef } from '../llm/model-ref';
import type { ProviderConfig } from '../llm/provider-config';
import type { EmbeddingChoice } from '../runtime/knowledge-protocol';

/** The setting that names the embedding model ('' or absent: full text only). */
export const EMBEDDING_MODEL_KEY = 'knowledge.embeddingModel';

export function embeddingChoice(
  ref: string,
  deps: {
    providers: () => readonly ProviderConfig[];
    fetch: FetchLike | undefined;
    clock: Clock;
    pageOrigin?: string | undefined;
    onFailure?: (message: string) => void;
  },
): EmbeddingChoice | undefined {
  const parsed = parseModelRef(ref);
  if (!parsed || !deps.fetch) return undefined;
  const fetch = deps.fetch;
  return {
    model: ref,
    async embed(texts) {
      const provider = deps.providers().find((p) => p.id === parsed.providerId);
      if (!provider) return undefined;
      const { embedTexts } = await import('../llm/embeddings-client');
      const result = await embedTexts(provider, parsed.modelId, texts, {
        fetch,
        clock: deps.clock,
        ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
      });
      if (!result.ok) deps.onFailure?.(result.error.message);
      return result.ok ? result.vectors : undefined;
    },
  };
}
