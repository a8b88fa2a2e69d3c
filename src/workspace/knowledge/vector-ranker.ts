/**
 * Ranking by embeddings: each passage's vector from the chosen embedding model, stored
 * with the passages, compared by cosine with the query's vector. Passages without a vector
 * (indexed before a model was chosen, or while the endpoint failed) are embedded at the
 * next index pass; a failed call leaves the ranking to full text, never fails a search.
 */
import type { KnowledgeChunkRecord, KnowledgeStore } from '../../store/knowledge-store';
import { cosine } from './rank-fusion';

/** Embeds texts; resolves undefined when the endpoint failed (the client never throws). */
export type Embedder = (texts: string[]) => Promise<number[][] | undefined>;

/** Passages embedded per request. */
const EMBED_BATCH = 64;

export interface VectorRanker {
  /** Reads the stored vectors of these chunks and embeds those without one. */
  load(chunks: readonly KnowledgeChunkRecord[]): Promise<void>;
  /** Embeds and stores vectors for new chunks. */
  index(chunks: readonly KnowledgeChunkRecord[]): Promise<void>;
  remove(ids: readonly string[]): void;
  /** Chunk ids by similarity to `query`, best first; undefined when it could not embed. */
  query(query: string, limit: number): Promise<string[] | undefined>;
}

export function createVectorRanker(deps: {
  workspaceId: string;
  model: string;
  store: KnowledgeStore;
  embed: Embedder;
}): VectorRanker {
  const vectors = new Map<string, number[]>();
  const ranker: VectorRanker = {
    async load(chunks) {
      for (const row of await deps.store.vectors(deps.workspaceId, deps.model))
        vectors.set(row.id, row.vector);
      await ranker.index(chunks.filter((chunk) => !vectors.has(chunk.id)));
    },
    async index(chunks) {
      for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
        const batch = chunks.slice(start, start + EMBED_BATCH);
        const embedded = await deps.embed(
          batch.map((c) => (c.heading ? `${c.heading}\n${c.text}` : c.text)),
        );
        if (!embedded || embedded.length !== batch.length) return;
        const rows = batch.map((chunk, i) => ({
          id: chunk.id,
          model: deps.model,
          workspaceId: deps.workspaceId,
          path: chunk.path,
          vector: embedded[i]!,
        }));
        await deps.store.putVectors(rows);
        for (const row of rows) vectors.set(row.id, row.vector);
      }
    },
    remove(ids) {
      for (const id of ids) vectors.delete(id);
    },
    async query(query, limit) {
      if (!vectors.size) return undefined;
      const [vector] = (await deps.embed([query])) ?? [];
      if (!vector) return undefined;
      return [...vectors]
        .map(([id, v]) => ({ id, score: cosine(vector, v) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((hit) => hit.id);
    },
  };
  return ranker;
}
