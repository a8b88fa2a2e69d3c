import katex from 'katex';
import { escapeHtml } from './html-escape';

/** Rendered formulas kept for re-use: a streaming message re-renders its open block on
 * every frame, and the formulas in it rarely change. */
const CACHE_SIZE = 500;
const cache = new Map<string, string>();

/**
 * KaTeX options for untrusted TeX: no trusted commands (`\href`, `\url`, `\includegraphics`,
 * `\htmlClass`… render as red error text, never as links or requests), errors rendered
 * instead of thrown, user sizes capped at 20em and macro expansion at 500 steps so that a
 * formula cannot blow up layout or CPU.
 */
const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: 'ignore',
  maxSize: 20,
  maxExpand: 500,
  output: 'htmlAndMathml',
  errorColor: '#cc0000',
} as const;

function errorHtml(tex: string, message: string): string {
  return `<span class="cove-math-error" title="${escapeHtml(message)}">${escapeHtml(tex)}</span>`;
}

/**
 * Typesets `tex` with KaTeX (display or inline style) and returns its HTML. Never throws:
 * a TeX error comes back as KaTeX's `span.katex-error` (source text, message in `title`);
 * a formula longer than `maxChars`, or one that makes KaTeX fail in any other way (deep
 * nesting running out of stack), as `span.cove-math-error` holding the escaped source.
 * The output still goes through the sanitizer with the rest of the message.
 */
export function renderTex(tex: string, displayMode: boolean, maxChars: number): string {
  if (tex.length > maxChars) return errorHtml(tex, `Formula longer than ${maxChars} characters`);
  const key = (displayMode ? 'D' : 'I') + tex;
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  let html: string;
  try {
    html = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode });
  } catch (error) {
    html = errorHtml(tex, error instanceof Error ? error.message : String(error));
  }
  cache.set(key, html);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return html;
}
