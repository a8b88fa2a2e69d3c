/** Default cap on a tool result the model reads, in characters. */
export const DEFAULT_TOOL_RESULT_CAP = 10_000;

/** A result cut to the cap: the text the model reads and how much was left out. */
export interface TruncatedText {
  text: string;
  /** Characters removed (0 when the text fit). */
  omittedChars: number;
}

/**
 * Cuts a tool result to at most about `maxChars` characters. Keeps the start (where a
 * listing or a file begins) and a shorter end (where a traceback or a summary line is),
 * and puts a marker between them that says how many characters and which lines of the
 * result were left out and how to read the rest: `readRestHint`, e.g. "call read_file with
 * a line range". Cuts at line breaks when one is near, so no line is split in the middle.
 * The marker itself is not counted against the cap.
 */
export function truncateToolResult(
  text: string,
  maxChars: number = DEFAULT_TOOL_RESULT_CAP,
  readRestHint = 'ask for a smaller part',
): TruncatedText {
  if (text.length <= maxChars) return { text, omittedChars: 0 };
  const headBudget = Math.floor(maxChars * 0.8);
  const tailBudget = maxChars - headBudget;
  const headEnd = snapBack(text, headBudget);
  const tailStart = snapForward(text, text.length - tailBudget, headEnd);
  const omitted = tailStart - headEnd;
  // Line numbers of the first and the last character cut, from 1.
  const firstCutLine = newlinesBefore(text, 0, headEnd) + 1;
  const lastCutLine = firstCutLine + newlinesBefore(text, headEnd, tailStart - 1);
  const lines =
    lastCutLine > firstCutLine
      ? ` (lines ${formatCount(firstCutLine)}–${formatCount(lastCutLine)} of this result)`
      : '';
  const marker = `\n[… ${formatCount(omitted)} more characters cut${lines}; ${readRestHint} …]\n`;
  return {
    text: text.slice(0, headEnd) + marker + text.slice(tailStart),
    omittedChars: omitted,
  };
}

/** 23400 → "23,400": stable across locales, unlike toLocaleString. */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The end of the head: just after a line break within the last fifth, else `at`. */
function snapBack(text: string, at: number): number {
  const newline = text.lastIndexOf('\n', at - 1);
  return newline >= at * 0.8 ? newline + 1 : at;
}

/** The start of the tail: just after a line break near `at`, never before `floor`. */
function snapForward(text: string, at: number, floor: number): number {
  const start = Math.max(at, floor);
  const newline = text.indexOf('\n', start);
  return newline !== -1 && newline - start < (text.length - start) * 0.2 ? newline + 1 : start;
}

/** Line breaks in text[from, end). */
function newlinesBefore(text: string, from: number, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < end; i = text.indexOf('\n', i + 1))
    count++;
  return count;
}
