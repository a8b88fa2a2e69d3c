/**
 * The URLs a style sheet names: `url(…)` values and `@import` rules. Found with patterns,
 * not a CSS parser: a `url(` inside a comment or a string is rewritten too, which costs
 * nothing but a data: URL nobody reads.
 */

/** A place in a style sheet's text that names another file. */
export interface CssReference {
  kind: 'url' | 'import';
  /** Where the whole `url(…)` or `@import …;` stands in the text. */
  start: number;
  end: number;
  /** The address as written, without quotes. */
  url: string;
  /** An `@import`'s media list (`screen and (min-width: 40em)`), '' when none. */
  media: string;
}

const IMPORT = /@import\s+(?:url\(\s*(["']?)([^"')]*)\1\s*\)|(["'])([^"']*)\3)\s*([^;]*);/gi;
const URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^'")\s][^)\s]*)?)\s*\)/gi;

/** Every `@import` and `url()` of `css`, in order of position, none overlapping. */
export function findCssReferences(css: string): CssReference[] {
  const found: CssReference[] = [];
  for (const match of css.matchAll(IMPORT)) {
    found.push({
      kind: 'import',
      start: match.index,
      end: match.index + match[0].length,
      url: match[2] ?? match[4] ?? '',
      media: (match[5] ?? '').trim(),
    });
  }
  const inImport = (at: number) =>
    found.some((r) => r.kind === 'import' && at >= r.start && at < r.end);
  for (const match of css.matchAll(URL)) {
    if (inImport(match.index)) continue;
    found.push({
      kind: 'url',
      start: match.index,
      end: match.index + match[0].length,
      url: match[1] ?? match[2] ?? match[3] ?? '',
      media: '',
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * `css` with each reference replaced by what `replace` returns for it (undefined: left as
 * written). Replacements may be asynchronous (a file is read); they are made in order.
 */
export async function rewriteCss(
  css: string,
  replace: (reference: CssReference) => Promise<string | undefined>,
): Promise<string> {
  let out = '';
  let at = 0;
  for (const reference of findCssReferences(css)) {
    const replacement = await replace(reference);
    if (replacement === undefined) continue;
    out += css.slice(at, reference.start) + replacement;
    at = reference.end;
  }
  return out + css.slice(at);
}
