import { MarkdownGuard } from './markdown-guard';
import type { RenderLimits } from './render-limits';

/** How far back from `maxMarkdownChars` the Markdown part may end to finish on a line end. */
const CUT_LOOKBACK = 4096;

/**
 * Turns the text of one message, as it streams in, into the source the Markdown renderer
 * reads, line by line so that the result never depends on how the text was chunked:
 *
 * - `\r\n` and lone `\r` become `\n`; NUL becomes U+FFFD.
 * - Only the first `maxMarkdownChars` (moved back to a line end when one is within 4 KiB)
 *   form the Markdown part; the rest is the plain-text overflow, of which the first
 *   `maxPlainChars` are kept and the remainder only counted.
 * - Each complete Markdown line goes through a {@link MarkdownGuard}, which bounds nesting,
 *   table sizes and lazy quote lines (structures that cost marked quadratic time, deep
 *   recursion or unbounded memory).
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
  private readonly guard: MarkdownGuard;
  private partialCache: { raw: string; guarded: string } | null = null;
  private cut: number | null = null;
  private overflowKept = '';
  private overflowCount = 0;

  constructor(private readonly limits: RenderLimits) {
    this.guard = new MarkdownGuard(limits);
  }

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
        guarded: this.guard.peek(this.partialRaw),
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
      out += this.guard.line(complete.slice(start, end)) + '\n';
      start = end + 1;
    }
    this.drained += out;
  }

  private commitPartial(): void {
    if (this.partialRaw) {
      this.committedRawLength += this.partialRaw.length;
      this.drained += this.guard.line(this.partialRaw);
      this.partialRaw = '';
    }
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
