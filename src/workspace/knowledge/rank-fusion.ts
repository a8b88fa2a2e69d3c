/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher 2009): combines rankings that score
 * on different scales (BM25, cosine similarity) by rank alone. An item's fused score is the
 * sum over the rankings it appears in of 1 / (k + rank), rank 1-based. Pure.
 */

/** The usual constant: damps the weight of the very first ranks. */
export const RRF_K = 60;

/** One fused result. */
export interface FusedItem {
  id: string;
  score: number;
}

/**
 * Fuses `rankings` (each a list of ids, best first; duplicates within one list count once,
 * at their best rank) into one list, best first. Ties keep the order of first appearance
 * in the earlier ranking, so the result is deterministic.
 */
export function fuseRankings(rankings: readonly (readonly string[])[], k = RRF_K): FusedItem[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    const seen = new Set<string>();
    ranking.forEach((id, index) => {
      if (seen.has(id)) return;
      seen.add(id);
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1));
    });
  }
  const order = [...scores.keys()];
  return order
    .map((id, position) => ({ id, score: scores.get(id)!, position }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map(({ id, score }) => ({ id, score }));
}

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
