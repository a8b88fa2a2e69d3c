import fuzzysort from 'fuzzysort';

/** How well a query matched a text, and which characters of the text it matched. */
export interface FuzzyMatch {
  /** Higher is better; only comparable between matches of the same query. */
  score: number;
  /** Offsets (UTF-16 code units) of the matched characters in the text, ascending. */
  positions: number[];
}

/**
 * Matches `query` against `text` as a subsequence, ignoring case and the query's spaces:
 * "mnpy" matches "main.py", "srcutil" matches "src/util.py". Scored by fuzzysort (word
 * starts and runs of letters score higher). The file's own name is tried first: the same
 * letters there are what a person means, so such a match ranks above any that needs the
 * folders, and its highlight falls on the name. An empty query matches with score 0 and no
 * positions; undefined when it does not match.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const needle = query.replace(/\s+/g, '');
  if (!needle) return { score: 0, positions: [] };
  // Lower-casing can change a string's length (e.g. "İ"); offsets would no longer line up.
  if (text.toLowerCase().length !== text.length) return undefined;
  const nameStart = text.lastIndexOf('/') + 1;
  const inName = fuzzysort.single(needle, text.slice(nameStart));
  if (inName) {
    return { score: 1 + inName.score, positions: ascending(inName.indexes, nameStart) };
  }
  if (nameStart === 0) return undefined;
  const whole = fuzzysort.single(needle, text);
  return whole ? { score: whole.score, positions: ascending(whole.indexes, 0) } : undefined;
}

/**
 * {@link fuzzyMatch} as a parameter: the composer's menus take it from a lazily loaded
 * module, so fuzzysort is not part of the page's first load.
 */
export type FuzzyMatcher = typeof fuzzyMatch;

/** Offsets into the whole text, in order (what the highlight runs are cut by). */
const ascending = (indexes: readonly number[], offset: number) =>
  indexes.map((at) => at + offset).sort((a, b) => a - b);

export interface MarkedRun {
  text: string;
  marked: boolean;
}

/**
 * `text[from, to)` as runs, marked where `positions` (offsets into the whole text, as
 * {@link fuzzyMatch} returns them) fall. Adjacent characters of the same kind form one run.
 */
export function markedRuns(
  text: string,
  positions: readonly number[],
  from = 0,
  to = text.length,
): MarkedRun[] {
  const hit = new Set(positions);
  const runs: MarkedRun[] = [];
  for (let at = from; at < to; at++) {
    const marked = hit.has(at);
    const last = runs[runs.length - 1];
    if (last && last.marked === marked) last.text += text[at];
    else runs.push({ text: text[at]!, marked });
  }
  return runs;
}
