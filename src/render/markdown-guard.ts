import type { RenderLimits } from './render-limits';

/** Nesting allowed on lines inside a fenced code block (tracked by a heuristic, see below). */
const FENCED_NESTING_LIMIT = 64;
/**
 * Lines without `>` (lazy continuations) one quote may hold before it is ended by an
 * inserted blank line: marked re-slices the rest of a quote for each run of `>` lines
 * after a lazy one, which is quadratic in their number.
 */
const MAX_LAZY_QUOTE_LINES = 50;

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^(`{3,}|~{3,})[ \t]*$/;
const DELIMITER_ROW =
  /^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?$|^[ \t]*\|(?:[ \t]*:?-+:?[ \t]*\|?)+$/;
const BLANK = /^[ \t]*$/;

function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t';
}

/** Length of the marker at `pos` (`>`, `-`/`*`/`+` before a blank or the end, `1.`/`1)`),
 * or 0. Ordered markers report their full length; the escape goes before the delimiter. */
function markerAt(line: string, pos: number): number {
  const ch = line[pos];
  if (ch === '>') return 1;
  if (ch === '-' || ch === '*' || ch === '+') {
    return pos + 1 === line.length || isBlank(line[pos + 1]) ? 1 : 0;
  }
  let end = pos;
  while (
    end < line.length &&
    end - pos < 9 &&
    line.charCodeAt(end) >= 48 &&
    line.charCodeAt(end) <= 57
  ) {
    end++;
  }
  if (end === pos) return 0;
  const delim = line[end];
  if (delim !== '.' && delim !== ')') return 0;
  return end + 1 === line.length || isBlank(line[end + 1]) ? end + 1 - pos : 0;
}

/** Length of the run of container markers and blanks that starts `line`. */
function containerPrefixLength(line: string): number {
  let pos = 0;
  for (;;) {
    while (isBlank(line[pos])) pos++;
    const length = markerAt(line, pos);
    if (!length) return pos;
    pos += length;
  }
}

/**
 * Returns `line` with the container marker after the first `limit` ones escaped by a
 * backslash, so that it reads as text and the line nests at most `limit` containers deep
 * (`>` quotes, `-`/`*`/`+` bullets, `1.`/`1)` ordinals, with any blanks between them).
 * Thematic breaks (`* * * *`) are left alone. Lines within the limit come back unchanged.
 */
export function guardNesting(line: string, limit: number): string {
  // Every marker takes at least one character.
  if (line.length <= limit) return line;
  let pos = 0;
  let count = 0;
  for (;;) {
    while (isBlank(line[pos])) pos++;
    const length = markerAt(line, pos);
    if (!length) return line;
    if (count === limit) {
      if (THEMATIC_BREAK.test(line)) return line;
      const at = pos + length - 1;
      return line.slice(0, at) + '\\' + line.slice(at);
    }
    count++;
    pos += length;
  }
}

/**
 * Limits on the Markdown structure of a message, applied line by line as the text
 * streams (so the result does not depend on chunking). Each bounds a way to make marked
 * slow or exhaust memory, and only changes lines past the bound:
 *
 * - nesting: see {@link guardNesting} (`maxNestingPerLine`; 64 inside fenced code, as far
 *   as a heuristic that follows ``` and ~~~ fences can tell);
 * - tables: marked pads every row to the header's width, so a 5,000-column header over
 *   thousands of one-cell rows would allocate millions of cells. Past `maxTableCells` cells
 *   in the message, a table ends (a blank line is inserted) and later delimiter rows are
 *   escaped, leaving the lines as text;
 * - quotes: at the 51st lazy continuation line (a line without `>`) of one quote, a blank
 *   line ends the quote.
 */
export class MarkdownGuard {
  private inFence: { char: string; length: number } | null = null;
  private lazyQuoteLines: number | null = null;
  private tableColumns: number | null = null;
  private tableCells = 0;

  constructor(private readonly limits: RenderLimits) {}

  /** The guarded form of the next complete line (without its line break; it may begin with
   * an inserted line break). Advances the state. */
  line(line: string): string {
    const nested = guardNesting(line, this.nestingLimit());
    const rest = line.slice(containerPrefixLength(line));
    if (this.inFence) {
      const close = FENCE_CLOSE.exec(rest);
      if (close && close[1]![0] === this.inFence.char && close[1]!.length >= this.inFence.length) {
        this.inFence = null;
      }
      return nested;
    }
    const open = FENCE_OPEN.exec(rest);
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      this.inFence = { char: open[1]![0]!, length: open[1]!.length };
      this.lazyQuoteLines = null;
      this.tableColumns = null;
      return nested;
    }
    if (BLANK.test(line)) {
      this.lazyQuoteLines = null;
      this.tableColumns = null;
      return nested;
    }
    let breakBefore = false;
    if (line.slice(0, line.length - rest.length).includes('>')) {
      this.lazyQuoteLines ??= 0;
    } else if (this.lazyQuoteLines !== null && ++this.lazyQuoteLines > MAX_LAZY_QUOTE_LINES) {
      breakBefore = true;
      this.lazyQuoteLines = null;
    }
    let out = nested;
    if (this.tableColumns !== null) {
      if (breakBefore || this.tableCells + this.tableColumns > this.limits.maxTableCells) {
        breakBefore = true;
        this.tableColumns = null;
      } else {
        this.tableCells += this.tableColumns;
      }
    } else if (rest.includes('-') && DELIMITER_ROW.test(rest)) {
      const columns = rest.split('|').filter((cell) => cell.includes('-')).length;
      if (this.tableCells + 2 * columns > this.limits.maxTableCells) {
        const at = line.length - rest.length + rest.search(/[|-]/);
        out = nested.slice(0, at) + '\\' + nested.slice(at);
      } else {
        this.tableColumns = columns;
        this.tableCells += 2 * columns;
      }
    }
    return breakBefore ? '\n' + out : out;
  }

  /** The guarded form of an incomplete line, for display only: the state does not move. */
  peek(line: string): string {
    return guardNesting(line, this.nestingLimit());
  }

  private nestingLimit(): number {
    return this.inFence
      ? Math.max(FENCED_NESTING_LIMIT, this.limits.maxNestingPerLine)
      : this.limits.maxNestingPerLine;
  }
}
