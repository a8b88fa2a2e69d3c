import type { RenderLimits } from './render-limits';

/** How far back from `maxMarkdownChars` the Markdown part may end to finish on a line end. */
const CUT_LOOKBACK = 4096;
/** Nesting allowed on lines inside a fenced code block (tracked by a heuristic, see below). */
const FENCED_NESTING_LIMIT = 64;

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^(`{3,}|~{3,})[ \t]*$/;

/**
 * Turns the text of one message, as it streams in, into the source the Markdown renderer
 * reads, line by line so that the result never depends on how the text was chunked:
 *
 * - `\r\n` and lone `\r` become `\n`; NUL becomes U+FFFD.
 * - Only the first `maxMarkdownChars` (moved back to a line end when one is within 4 KiB)
 *   form the Markdown part; the rest is the plain-text overflow, of which the first
 *   `maxPlainChars` are kept and the remainder only counted.
 * - Each complete Markdown line goes through {@link guardNesting}, so that no line opens
 *   more than `maxNestingPerLine` containers (deeper nesting costs the parser quadratic
 *   time and deep recursion).
 *
 * Complete lines are handed out once by {@link drainLines}; the incomplete last line is
 * always available as {@link partialLine} and is only committed by `end()` or the cut.
 */
export class SourceNormalizer {
  private pendingCR = false;
  private ended = false;
  private markdownRaw = '';
  private committedRawLength = 0;
  private partialRaw = '';
  private drained = '';
  private inFence: { char: string; length: number } | null = null;
  private partialCache: { raw: string; guarded: string } | null = null;
  private cut: number | null = null;
  private overflowKept = '';
  private overflowCount = 0;

  constructor(private readonly limits: RenderLimits) {}

  /** Appends raw text. Throws after `end()`. */
  push(delta: string): void {
    if (this.ended) throw new Error('SourceNormalizer.push after end()');
    if (!delta) return;
    let text = delta;
    if (this.pendingCR) {
      text = '\r' + text;
      this.pendingCR = false;
    }
    if (text.endsWith('\r')) {
      // A \r at a chunk end may be the first half of \r\n: decide when the next chunk comes.
      this.pendingCR = true;
      text = text.slice(0, -1);
    }
    this.ingest(normalizeNewlines(text));
  }

  /** No more text will come: commits the last line and completes the Markdown part. */
  end(): void {
    if (this.ended) return;
    if (this.pendingCR) {
      this.pendingCR = false;
      this.ingest('\n');
    }
    this.ended = true;
    if (this.cut === null) this.commitPartial();
  }

  /** Returns the guarded complete lines committed since the previous call (each ends in `\n`,
   * except the very last line of the Markdown part once it is complete). */
  drainLines(): string {
    const out = this.drained;
    this.drained = '';
    return out;
  }

  /** The guarded incomplete last line of the Markdown part; '' once the part is complete. */
  get partialLine(): string {
    if (!this.partialRaw) return '';
    if (this.partialCache?.raw !== this.partialRaw) {
      this.partialCache = {
        raw: this.partialRaw,
        guarded: guardNesting(this.partialRaw, this.nestingLimit()),
      };
    }
    return this.partialCache.guarded;
  }

  /** True once no more Markdown can arrive: after `end()` or once the length cut is reached. */
  get markdownComplete(): boolean {
    return this.ended || this.cut !== null;
  }

  /** True when the message is longer than the Markdown part. */
  get hasOverflow(): boolean {
    return this.cut !== null;
  }

  /** The kept part of the plain-text overflow (newlines normalized, at most `maxPlainChars`). */
  get overflowText(): string {
    return this.overflowKept;
  }

  /** Length of the whole overflow, kept or not. */
  get overflowLength(): number {
    return this.overflowCount;
  }

  private ingest(text: string): void {
    if (!text) return;
    if (this.cut !== null) {
      this.appendOverflow(text);
      return;
    }
    const region = this.markdownRaw + text;
    const max = this.limits.maxMarkdownChars;
    if (region.length <= max) {
      this.markdownRaw = region;
      this.appendLines(text);
      return;
    }
    const cut = findCut(region, max);
    const rest = region.slice(this.committedRawLength, cut);
    this.markdownRaw = region.slice(0, cut);
    this.partialRaw = '';
    this.appendLines(rest);
    this.commitPartial();
    this.cut = cut;
    this.appendOverflow(region.slice(cut));
  }

  private appendLines(text: string): void {
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline < 0) {
      this.partialRaw += text;
      return;
    }
    const complete = this.partialRaw + text.slice(0, lastNewline + 1);
    this.partialRaw = text.slice(lastNewline + 1);
    this.committedRawLength += complete.length;
    let out = '';
    let start = 0;
    while (start < complete.length) {
      const end = complete.indexOf('\n', start);
      out += this.guardAndTrack(complete.slice(start, end)) + '\n';
      start = end + 1;
    }
    this.drained += out;
  }

  private commitPartial(): void {
    if (this.partialRaw) {
      this.committedRawLength += this.partialRaw.length;
      this.drained += this.guardAndTrack(this.partialRaw);
      this.partialRaw = '';
    }
  }

  private nestingLimit(): number {
    return this.inFence
      ? Math.max(FENCED_NESTING_LIMIT, this.limits.maxNestingPerLine)
      : this.limits.maxNestingPerLine;
  }

  private guardAndTrack(line: string): string {
    const guarded = guardNesting(line, this.nestingLimit());
    // Heuristic fence tracking, only to relax the guard inside code: a fence opens or
    // closes on a line whose container prefix is followed by ``` or ~~~.
    const rest = line.slice(containerPrefixLength(line));
    if (this.inFence) {
      const close = FENCE_CLOSE.exec(rest);
      if (close && close[1]![0] === this.inFence.char && close[1]!.length >= this.inFence.length) {
        this.inFence = null;
      }
    } else {
      const open = FENCE_OPEN.exec(rest);
      if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
        this.inFence = { char: open[1]![0]!, length: open[1]!.length };
      }
    }
    return guarded;
  }

  private appendOverflow(text: string): void {
    this.overflowCount += text.length;
    const room = this.limits.maxPlainChars - this.overflowKept.length;
    if (room > 0) this.overflowKept += text.length <= room ? text : cutBefore(text, room);
  }
}

/** `\r\n` and `\r` to `\n`, NUL to U+FFFD. */
function normalizeNewlines(text: string): string {
  let out = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  if (out.includes('\0')) out = out.replace(/\0/g, '\ufffd');
  return out;
}

/** End of the Markdown part of `region` (longer than `max`): after the last newline within
 * the look-back window, else at `max`; never between the halves of a surrogate pair. */
function findCut(region: string, max: number): number {
  const newline = region.lastIndexOf('\n', max - 1);
  if (newline >= 0 && newline >= max - CUT_LOOKBACK) return newline + 1;
  return cutBefore(region, max).length;
}

function cutBefore(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

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
  )
    end++;
  if (end === pos) return 0;
  const delim = line[end];
  if (delim !== '.' && delim !== ')') return 0;
  return end + 1 === line.length || isBlank(line[end + 1]) ? end + 1 - pos : 0;
}

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
