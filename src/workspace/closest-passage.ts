/**
 * Where a text that was expected but not found most likely is: the run of lines of a file
 * that looks most like it. Used when an edit's old text does not match, so the message can
 * show the model (or a person) the passage it probably meant, and whether only whitespace
 * differs. Similarity is per line (bigram Dice over the line with runs of whitespace
 * collapsed), averaged over the window: cheap, and forgiving of indentation and typos.
 */

/** A passage of the file, 1-based inclusive line numbers. */
export interface ClosestPassage {
  startLine: number;
  endLine: number;
  /** The passage's text as in the file, lines joined with "\n". */
  text: string;
  /** 0 (nothing alike) to 1 (equal but for whitespace runs). */
  similarity: number;
  /** True when the passage equals the wanted text once all whitespace is removed. */
  whitespaceOnly: boolean;
}

/** Below this the best window is not worth showing. */
const MIN_SIMILARITY = 0.4;
/** Beyond this many line comparisons, only the most promising starts are scored in full. */
const FULL_SCAN_BUDGET = 200_000;
const CANDIDATES = 200;

/** Characters of a line compared at most: a minified line should not cost a second. */
const MAX_COMPARED_CHARS = 400;

const squeeze = (line: string) => line.trim().replace(/\s+/g, ' ').slice(0, MAX_COMPARED_CHARS);
const stripSpace = (text: string) => text.replace(/\s+/g, '');

/** Two characters as one number, so bigram sets hold numbers rather than strings. */
const bigramAt = (text: string, i: number) => (text.charCodeAt(i) << 16) | text.charCodeAt(i + 1);

function bigrams(line: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < line.length - 1; i++) out.add(bigramAt(line, i));
  return out;
}

/**
 * Similarity of a file line to a wanted line (both squeezed), 0 to 1: the Dice coefficient
 * of their bigrams, counting the file line's bigrams without building a set for it.
 */
function lineSimilarity(line: string, wanted: string, wantedGrams: Set<number>): number {
  if (line === wanted) return 1;
  if (line.length < 2 || wanted.length < 2) return 0;
  let shared = 0;
  for (let i = 0; i < line.length - 1; i++) if (wantedGrams.has(bigramAt(line, i))) shared++;
  return (2 * Math.min(shared, wantedGrams.size)) / (line.length - 1 + wantedGrams.size);
}

/**
 * The window of the file's lines (as many lines as `wanted` has) most similar to `wanted`,
 * or undefined when nothing is at least a little alike. `text` uses "\n" line ends.
 */
export function findClosestPassage(text: string, wanted: string): ClosestPassage | undefined {
  const lines = text.split('\n');
  const want = wanted.split('\n');
  if (want.length > 1 && want[want.length - 1] === '') want.pop();
  const size = Math.min(want.length, lines.length);
  if (size === 0) return undefined;
  const wantSqueezed = want.map(squeeze);
  const wantGrams = wantSqueezed.map(bigrams);
  const lineSqueezed: (string | undefined)[] = new Array(lines.length);
  const similarity = (lineIndex: number, wantIndex: number) => {
    let squeezed = lineSqueezed[lineIndex];
    if (squeezed === undefined) squeezed = lineSqueezed[lineIndex] = squeeze(lines[lineIndex]!);
    return lineSimilarity(squeezed, wantSqueezed[wantIndex]!, wantGrams[wantIndex]!);
  };
  const windowScore = (start: number) => {
    let sum = 0;
    for (let j = 0; j < size; j++) sum += similarity(start + j, j);
    // A wanted text longer than the file counts its missing lines as unlike.
    return sum / want.length;
  };

  const lastStart = lines.length - size;
  let starts: number[];
  if ((lastStart + 1) * size <= FULL_SCAN_BUDGET) {
    starts = Array.from({ length: lastStart + 1 }, (_, i) => i);
  } else {
    // Big file: rank starts by the most distinctive wanted line (the longest), then score
    // only the best few in full.
    let anchor = 0;
    for (let j = 1; j < size; j++) {
      if (wantSqueezed[j]!.length > wantSqueezed[anchor]!.length) anchor = j;
    }
    const ranked: { start: number; score: number }[] = [];
    for (let start = 0; start <= lastStart; start++) {
      ranked.push({ start, score: similarity(start + anchor, anchor) });
    }
    ranked.sort((a, b) => b.score - a.score);
    starts = ranked.slice(0, CANDIDATES).map((entry) => entry.start);
  }

  let best = -1;
  let bestScore = -1;
  for (const start of starts) {
    const score = windowScore(start);
    if (score > bestScore || (score === bestScore && start < best)) {
      best = start;
      bestScore = score;
    }
  }
  if (best < 0 || bestScore < MIN_SIMILARITY) return undefined;
  const passage = lines.slice(best, best + size).join('\n');
  return {
    startLine: best + 1,
    endLine: best + size,
    text: passage,
    similarity: bestScore,
    whitespaceOnly: stripSpace(passage) === stripSpace(wanted),
  };
}
