/** How well a query matched a text, and which characters of the text it matched. */
export interface FuzzyMatch {
  /** Higher is better; only comparable between matches of the same query. */
  score: number;
  /** Offsets (UTF-16 code units) of the matched characters in the text, ascending. */
  positions: number[];
}

// Points per matched character, and bonuses for where it sits: a query's letters are most
// often the first letters of a name's words ("srcutil" → src/util.py).
const MATCH = 16;
const AFTER_SLASH = 10;
const AT_START = 9;
const AFTER_SEPARATOR = 8;
const CAMEL_HUMP = 7;
const CONSECUTIVE = 6;
/** Every matched character in the last path segment (the file's own name) counts this more. */
const IN_BASENAME = 4;
// A gap between two matched characters costs GAP_OPEN plus GAP_EXTEND per skipped one.
const GAP_OPEN = 3;
const GAP_EXTEND = 1;

const NONE = -1e9;

/**
 * Matches `query` against `text` as a subsequence, ignoring case and the query's spaces:
 * "mnpy" matches "main.py", "srcutil" matches "src/util.py". Among all ways the letters can
 * fall, the best scoring one is chosen (characters at word starts, consecutive runs and the
 * file's own name score higher; gaps cost), so the highlight shows what a person would point
 * at. An empty query matches with score 0 and no positions; undefined when it does not match.
 *
 * Costs O(query × text) only for texts that contain the query's letters in order; the rest
 * are refused after one scan.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const needle = query.replace(/\s+/g, '').toLowerCase();
  if (!needle) return { score: 0, positions: [] };
  const hay = text.toLowerCase();
  // Lower-casing can change a string's length (e.g. "İ"); offsets would no longer line up.
  if (hay.length !== text.length || !isSubsequence(needle, hay)) return undefined;

  const m = needle.length;
  const n = hay.length;
  const baseStart = text.lastIndexOf('/') + 1;
  const { bonus, score, from } = scratch(m, n);
  for (let j = 0; j < n; j++)
    bonus[j] = positionBonus(text, j) + (j >= baseStart ? IN_BASENAME : 0);

  // score[i*n+j]: best score with needle[i] matched at j (NONE when it cannot be);
  // from[i*n+j]: where needle[i-1] was matched on that best way.
  score.fill(NONE, 0, m * n);
  for (let j = 0; j < n; j++) if (hay[j] === needle[0]) score[j] = MATCH + bonus[j]!;
  for (let i = 1; i < m; i++) {
    const row = i * n;
    const previous = row - n;
    // Best way to have matched needle[i-1] somewhere before j-1, gap cost included.
    let gapBest = NONE;
    let gapFrom = -1;
    for (let j = i; j < n; j++) {
      if (j >= 2) {
        const decayed = gapBest - GAP_EXTEND;
        const opened = score[previous + j - 2]! - GAP_OPEN - GAP_EXTEND;
        if (opened >= decayed) {
          gapBest = opened;
          gapFrom = j - 2;
        } else gapBest = decayed;
      }
      if (hay[j] !== needle[i]) continue;
      const adjacent = score[previous + j - 1]!;
      const viaRun = adjacent > NONE ? adjacent + CONSECUTIVE : NONE;
      const best = Math.max(viaRun, gapBest);
      if (best <= NONE / 2) continue;
      score[row + j] = best + MATCH + bonus[j]!;
      from[row + j] = viaRun >= gapBest ? j - 1 : gapFrom;
    }
  }

  const last = (m - 1) * n;
  let end = -1;
  for (let j = m - 1; j < n; j++) {
    if (score[last + j]! > NONE / 2 && (end < 0 || score[last + j]! > score[last + end]!)) end = j;
  }
  if (end < 0) return undefined;
  const positions = new Array<number>(m);
  for (let i = m - 1, j = end; i >= 0; i--) {
    positions[i] = j;
    j = from[i * n + j]!;
  }
  return { score: score[last + end]!, positions };
}

// One set of buffers, grown as needed: a keystroke scores thousands of paths, and fresh
// arrays for each were most of its garbage.
let buffers = {
  bonus: new Int32Array(256),
  score: new Float64Array(4096),
  from: new Int32Array(4096),
};

function scratch(m: number, n: number) {
  if (buffers.bonus.length < n) buffers.bonus = new Int32Array(n * 2);
  if (buffers.score.length < m * n) {
    buffers = { ...buffers, score: new Float64Array(m * n * 2), from: new Int32Array(m * n * 2) };
  }
  return buffers;
}

function isSubsequence(needle: string, hay: string): boolean {
  let at = 0;
  for (const char of needle) {
    at = hay.indexOf(char, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

function positionBonus(text: string, j: number): number {
  if (j === 0) return AT_START;
  const before = text[j - 1]!;
  if (before === '/') return AFTER_SLASH;
  if (before === '_' || before === '-' || before === '.' || before === ' ') return AFTER_SEPARATOR;
  const char = text[j]!;
  if (char !== char.toLowerCase() && before === before.toLowerCase() && /[a-z0-9]/.test(before))
    return CAMEL_HUMP;
  return 0;
}

/** A text cut into runs of matched and unmatched characters, for highlighting. */
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
