import { fuzzyMatch } from './fuzzy-match';

/** A path Quick open shows, with the characters the query matched in it. */
export interface RankedPath {
  path: string;
  /** Offsets of the matched characters in `path`, ascending; empty for an empty query. */
  positions: number[];
}

/** The first `limit` matches and how many there were in all. */
export interface RankedPaths {
  shown: RankedPath[];
  total: number;
}

/**
 * Orders `paths` for Quick open in one pass over them.
 *
 * With an empty query: the paths named in `recent` (most recent first; names not among
 * `paths`, e.g. deleted files, are skipped), then the others in code-unit order of the path.
 * With a query: only paths that {@link fuzzyMatch} it, best score first; equal scores go to
 * the more recently opened file, then the shorter path, then code-unit order.
 *
 * `limit` caps `shown` (default 50); `total` counts every match.
 */
export function rankPaths(
  query: string,
  paths: readonly string[],
  recent: readonly string[] = [],
  limit = 50,
): RankedPaths {
  const recency = new Map<string, number>();
  recent.forEach((path, index) => {
    if (!recency.has(path)) recency.set(path, index);
  });
  const rankOf = (path: string) => recency.get(path) ?? recent.length;

  if (!query.trim()) {
    const known = new Set(paths);
    const first = [...recency.keys()].filter((path) => known.has(path));
    const rest = paths.filter((path) => !recency.has(path)).sort(byCodeUnits);
    const ordered = [...first, ...rest];
    return {
      shown: ordered.slice(0, limit).map((path) => ({ path, positions: [] })),
      total: ordered.length,
    };
  }

  const matches: (RankedPath & { score: number })[] = [];
  for (const path of paths) {
    const match = fuzzyMatch(query, path);
    if (match) matches.push({ path, positions: match.positions, score: match.score });
  }
  matches.sort(
    (a, b) =>
      b.score - a.score ||
      rankOf(a.path) - rankOf(b.path) ||
      a.path.length - b.path.length ||
      byCodeUnits(a.path, b.path),
  );
  return {
    shown: matches.slice(0, limit).map(({ path, positions }) => ({ path, positions })),
    total: matches.length,
  };
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
