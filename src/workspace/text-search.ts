/**
 * Finding a pattern in file names and in the lines of text files: the kernel of the
 * agent's search_files and of a search panel. Plain text or a JavaScript regular
 * expression, case-insensitive unless asked.
 */

export interface SearchPattern {
  pattern: string;
  /** Treat `pattern` as a regular expression (JavaScript syntax) instead of plain text. */
  regex: boolean;
  caseSensitive: boolean;
}

/** One matching line. */
export interface LineMatch {
  path: string;
  /** 1-based. */
  line: number;
  /** The line, without its line end, cut to a readable length around the match. */
  text: string;
}

export type CompiledSearch = { ok: true; regex: RegExp } | { ok: false; message: string };

/** Characters of a matching line shown at most. */
export const MAX_MATCH_LINE_CHARS = 240;

/**
 * Compiles a pattern once for every file. A bad regular expression is `ok: false` with a
 * message that quotes the engine's reason; an empty pattern is refused too.
 */
export function compileSearch(search: SearchPattern): CompiledSearch {
  if (search.pattern === '') return { ok: false, message: 'The pattern is empty.' };
  const source = search.regex ? search.pattern : escapeRegExp(search.pattern);
  try {
    return { ok: true, regex: new RegExp(source, search.caseSensitive ? 'gm' : 'gim') };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: `The regular expression is invalid: ${reason}. Fix it, or search for plain text with regex false.`,
    };
  }
}

/** True when the path (as a whole, e.g. "src/parser.py") matches. */
export function pathMatches(compiled: RegExp, path: string): boolean {
  compiled.lastIndex = 0;
  return compiled.test(path);
}

/**
 * Appends each line of `content` that matches to `out`, one entry per line, until `out`
 * holds `limit` entries. Returns false when it stopped at the limit with the file not done.
 */
export function searchContent(
  compiled: RegExp,
  path: string,
  content: string,
  out: LineMatch[],
  limit: number,
): boolean {
  compiled.lastIndex = 0;
  let line = 1;
  // Newlines before `scanned` are counted in `line`.
  let scanned = 0;
  while (compiled.lastIndex <= content.length) {
    const match = compiled.exec(content);
    if (!match) return true;
    const at = match.index;
    for (let nl = content.indexOf('\n', scanned); nl >= 0 && nl < at;) {
      line++;
      nl = content.indexOf('\n', nl + 1);
    }
    scanned = at;
    const start = at === 0 ? 0 : content.lastIndexOf('\n', at - 1) + 1;
    let end = content.indexOf('\n', at);
    if (end < 0) end = content.length;
    if (out.length >= limit) return false;
    out.push({ path, line, text: excerpt(content.slice(start, end), at - start) });
    // One entry per line: continue after this line's end.
    compiled.lastIndex = end + 1;
  }
  return true;
}

function excerpt(line: string, column: number): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.length <= MAX_MATCH_LINE_CHARS) return text;
  const from = Math.max(0, Math.min(column - 40, text.length - MAX_MATCH_LINE_CHARS));
  const cut = text.slice(from, from + MAX_MATCH_LINE_CHARS);
  return `${from > 0 ? '…' : ''}${cut}${from + MAX_MATCH_LINE_CHARS < text.length ? '…' : ''}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
