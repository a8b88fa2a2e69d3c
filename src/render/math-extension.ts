import type { MarkedExtension, Token, Tokens, TokenizerExtension } from 'marked';
import { createForwardSearch } from './forward-search';
import type { ForwardSearch } from './forward-search';

/** A display formula on lines of its own: `$$ … $$` or `\[ … \]` starting a block. It does
 * not interrupt a paragraph (then the inline tokenizer renders it inside the paragraph):
 * marked's setext-heading rule does not know extensions, and a paragraph that a later
 * `===` line turns into a heading must be one token before and after that line. */
export interface MathBlockToken extends Tokens.Generic {
  type: 'mathBlock';
  raw: string;
  /** The TeX between the delimiters. */
  text: string;
  /** True only while streaming: the closing delimiter has not arrived yet. */
  open: boolean;
}

/** A formula inside a line: `$…$`, `\(…\)` (inline style), `$$…$$`, `\[…\]` (display style). */
export interface MathInlineToken extends Tokens.Generic {
  type: 'mathInline';
  raw: string;
  text: string;
  display: boolean;
}

/** Longest `$…$` or `\(…\)` formula looked for; bounds the scan per opening delimiter. */
const MAX_INLINE = 2_000;
/** `$` signs that cannot close a `$…$` formula (after a space, before a digit) that the
 * scan for its close passes before giving up; keeps "$5 $6 $7…" linear. */
const MAX_DOLLAR_CANDIDATES = 8;
/** Longest `$$…$$` or `\[…\]` formula looked for inside a line. */
const MAX_DISPLAY = 20_000;
/** How far the inline start finder looks before cutting the text run (see below). */
const START_WINDOW = 1_000;

const BLOCK_OPEN = /^ {0,3}(\$\$|\\\[)/;
const REST_OF_LINE = /^[ \t]*(?:\n|$)/;

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Index of the "\n" that ends the last line before the first blank line after `from`,
 * or -1 when no blank line follows. Display math may not contain a blank line (pandoc). */
function blankLineAfter(src: string, from: number): number {
  const re = /\n[ \t]*\n/g;
  re.lastIndex = from;
  const m = re.exec(src);
  return m ? m.index : -1;
}

/** Matches display math starting a block, or returns undefined. With `openAtEnd`, an
 * unclosed formula that runs to the end of `src` without a blank line also matches: the
 * streaming splitter must not settle anything after an opening `$$` whose close may come. */
function matchBlockMath(src: string, openAtEnd: boolean): MathBlockToken | undefined {
  const m = BLOCK_OPEN.exec(src);
  if (!m) return undefined;
  const closer = m[1] === '$$' ? '$$' : '\\]';
  const bodyStart = m[0].length;
  const blank = blankLineAfter(src, bodyStart);
  const region = blank < 0 ? src : src.slice(0, blank);
  const close = region.indexOf(closer, bodyStart);
  if (close < 0) {
    if (openAtEnd && blank < 0) {
      return { type: 'mathBlock', raw: src, text: src.slice(bodyStart), open: true };
    }
    return undefined;
  }
  const after = REST_OF_LINE.exec(src.slice(close + closer.length));
  const text = src.slice(bodyStart, close);
  if (!after || !text.trim()) return undefined;
  const raw = src.slice(0, close + closer.length + after[0].length);
  return { type: 'mathBlock', raw, text, open: false };
}

/** End (exclusive) of the `$…$` formula opening at 0, by pandoc's rule: the opening `$` is
 * not followed by a space, the closing one not preceded by a space nor followed by a digit
 * (so "$5 and $10" is not math). -1 when there is none. */
function dollarMathEnd(src: string): number {
  if (src.length < 3 || isSpace(src.charCodeAt(1)) || src.charCodeAt(1) === 36) return -1;
  const limit = Math.min(src.length, MAX_INLINE);
  let candidates = 0;
  for (let i = 1; i < limit; i++) {
    const code = src.charCodeAt(i);
    if (code === 92) {
      i++; // \$ and other escapes belong to the TeX
    } else if (code === 36) {
      if (!isSpace(src.charCodeAt(i - 1)) && !isDigit(src.charCodeAt(i + 1))) return i + 1;
      if (++candidates > MAX_DOLLAR_CANDIDATES) return -1;
    }
  }
  return -1;
}

/** Where the inline run that `src` is the rest of began, and a search through it. */
interface RunScan {
  search: ForwardSearch;
  /** Offset of `src` in the run. */
  offset: number;
}

/** Runs being lexed, by the token array marked fills for each (one array per run; marked
 * only ever shortens the run from its start, so every `src` is a suffix of the first). */
const runs = new WeakMap<Token[], { length: number; search: ForwardSearch }>();

function runScan(src: string, tokens: Token[]): RunScan {
  let run = runs.get(tokens);
  if (!run || run.length < src.length) {
    run = { length: src.length, search: createForwardSearch(src) };
    runs.set(tokens, run);
  }
  return { search: run.search, offset: run.length - src.length };
}

function delimitedEnd(
  src: string,
  open: string,
  close: string,
  max: number,
  scan?: RunScan,
): number {
  if (!src.startsWith(open)) return -1;
  const end = scan
    ? scan.search(close, scan.offset + open.length) - scan.offset
    : src.slice(0, max).indexOf(close, open.length);
  if (end < open.length || end > max || !src.slice(open.length, end).trim()) return -1;
  return end + close.length;
}

/** Matches a formula at the start of `src` (an inline run, or the rest of one when `scan`
 * is given), or returns undefined. */
function matchInlineMath(src: string, scan?: RunScan): MathInlineToken | undefined {
  const first = src.charCodeAt(0);
  let end = -1;
  let display = false;
  let open = 1;
  let close = 1;
  if (first === 36) {
    if (src.charCodeAt(1) === 36) {
      end = delimitedEnd(src, '$$', '$$', MAX_DISPLAY, scan);
      display = true;
      open = close = 2;
    } else {
      end = dollarMathEnd(src);
    }
  } else if (first === 92) {
    const second = src[1];
    if (second === '(') end = delimitedEnd(src, '\\(', '\\)', MAX_INLINE, scan);
    else if (second === '[') {
      end = delimitedEnd(src, '\\[', '\\]', MAX_DISPLAY, scan);
      display = true;
    }
    open = close = 2;
  }
  if (end < 0) return undefined;
  return {
    type: 'mathInline',
    raw: src.slice(0, end),
    text: src.slice(open, end - close),
    display,
  };
}

/** Where a formula could start in the text run `src`. When none is within the window the
 * window's end is returned, which only splits the text token there (marked merges adjacent
 * text): without it every text token would rescan the rest of the paragraph (quadratic). */
function inlineMathStart(src: string): number | undefined {
  const limit = Math.min(src.length, START_WINDOW);
  for (let i = 0; i < limit; i++) {
    const code = src.charCodeAt(i);
    if (code === 36) return i;
    if (code === 92) {
      const next = src[i + 1];
      if (next === '(' || next === '[') return i;
      i++;
    }
  }
  return src.length > START_WINDOW ? START_WINDOW : undefined;
}

/** Replaces the inside of each `$…$`/`$$…$$` formula with letters in the masked copy of an
 * inline run that marked uses to pair `*` and `_`, so that TeX like `$a*b$` never closes
 * emphasis. The mask keeps the length of its input. */
function maskMath(masked: string): string {
  if (!masked.includes('$')) return masked;
  let out = '';
  let last = 0;
  for (let i = masked.indexOf('$'); i >= 0; i = masked.indexOf('$', i + 1)) {
    const token = matchInlineMath(masked.slice(i));
    if (!token) continue;
    const end = i + token.raw.length;
    const delimiter = token.display ? 2 : 1;
    out += masked.slice(last, i + delimiter) + 'a'.repeat(token.raw.length - 2 * delimiter);
    last = end - delimiter;
    i = end - 1;
  }
  return out + masked.slice(last);
}

/**
 * Marked syntax for TeX math: block tokens `mathBlock` and inline tokens `mathInline` (see
 * the token types). Renderers are supplied separately by the block renderer. `mode`
 * 'stream' makes an unclosed block formula at the end of the input one open token, for
 * the streaming splitter; 'final' treats it as ordinary text, as the rendered message does.
 */
export function mathExtension(mode: 'final' | 'stream'): MarkedExtension {
  const openAtEnd = mode === 'stream';
  const block: TokenizerExtension = {
    name: 'mathBlock',
    level: 'block',
    tokenizer: (src) => matchBlockMath(src, openAtEnd),
  };
  const inline: TokenizerExtension = {
    name: 'mathInline',
    level: 'inline',
    start: inlineMathStart,
    tokenizer: (src, tokens) => {
      const first = src.charCodeAt(0);
      return first === 36 || first === 92 ? matchInlineMath(src, runScan(src, tokens)) : undefined;
    },
  };
  return { extensions: [block, inline], hooks: { emStrongMask: maskMath } };
}
