/**
 * Finding a pattern in file names and in the lines of text files: the kernel of the
 * agent's search_files and of a search panel. Plain text or a regular expression,
 * case-insensitive unless asked.
 *
 * Regular expressions run on RE2 (re2js), whose time is linear in the text: a pattern a
 * model writes, such as `(a+)+$`, would make the browser's backtracking engine spin for
 * minutes on the page's thread, freezing the editor (nothing typed meanwhile would be
 * saved). RE2 has no backreferences or lookaround; the error says so.
 */
import { RE2JS } from 're2js';

export interface SearchPattern {
  pattern: string;
  /** Treat `pattern` as a regular expression (RE2 syntax) instead of plain text. */
  regex: boolean;
  caseSensitive: boolean;
  /**
   * Only matches that neither start nor end inside a word (letters, digits, `_`). Default
   * false. For plain text the neighbours are checked; a regular expression is wrapped in
   * `\b(?:…)\b`, so a pattern that begins or ends with a non-word character finds little.
   */
  wholeWord?: boolean;
}

/** One matching line. */
export interface LineMatch {
  path: string;
  /** 1-based. */
  line: number;
  /** The line, without its line end, cut to a readable length around the match. */
  text: string;
}

/** One match in a text: `text.slice(start, end)`, with its capture groups. */
export interface TextMatch {
  start: number;
  end: number;
  /** `groups[0]` is the whole match, `groups[n]` group n (undefined when it took no part). */
  groups: readonly (string | undefined)[];
}

/** A compiled pattern: where it first matches in a text at or after an index. */
export interface SearchMatcher {
  /** Index of the first match starting at or after `from`, or -1. */
  indexIn(text: string, from: number): number;
  /** The first match starting at or after `from` (it may be empty), or undefined. */
  find(text: string, from: number): TextMatch | undefined;
}

/**
 * A failure's `message` is for the model (it names the tool's `regex` argument); `reason`,
 * present for a bad regular expression, is the engine's own words, for callers that word
 * the refusal themselves.
 */
export type CompiledSearch =
  { ok: true; matcher: SearchMatcher } | { ok: false; message: string; reason?: string };

/** Characters of a matching line shown at most. */
export const MAX_MATCH_LINE_CHARS = 240;

/**
 * Compiles a pattern once for every file. A bad regular expression is `ok: false` with a
 * message that quotes the engine's reason; an empty pattern is refused too.
 */
export function compileSearch(search: SearchPattern): CompiledSearch {
  if (search.pattern === '') return { ok: false, message: 'The pattern is empty.' };
  if (!search.regex) {
    // A literal cannot backtrack: the browser's engine is safe and fastest here, and its
    // lookaround checks a whole word's neighbours without consuming them.
    const escaped = escapeRegExp(search.pattern);
    const source = search.wholeWord ? `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])` : escaped;
    // `u` only for whole words (\p{…}): it would change how the agent's plain search folds case.
    const flags = `${search.caseSensitive ? 'g' : 'gi'}${search.wholeWord ? 'u' : ''}`;
    const literal = new RegExp(source, flags);
    return { ok: true, matcher: nativeMatcher(literal) };
  }
  try {
    const flags = RE2JS.MULTILINE | (search.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
    const source = search.wholeWord ? `\\b(?:${search.pattern})\\b` : search.pattern;
    // The bare pattern first: its error names the person's text, not the wrapper.
    if (search.wholeWord) RE2JS.compile(search.pattern, flags);
    return { ok: true, matcher: re2Matcher(RE2JS.compile(source, flags)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason,
      message: `The regular expression is invalid: ${reason}. Patterns use RE2 syntax (no backreferences or lookaround); fix it, or search for plain text with regex false.`,
    };
  }
}

function nativeMatcher(regex: RegExp): SearchMatcher {
  return {
    indexIn(text, from) {
      regex.lastIndex = from;
      return regex.exec(text)?.index ?? -1;
    },
    find(text, from) {
      regex.lastIndex = from;
      const found = regex.exec(text);
      if (!found) return undefined;
      return { start: found.index, end: found.index + found[0].length, groups: [...found] };
    },
  };
}

function re2Matcher(pattern: RE2JS): SearchMatcher {
  // A matcher holds its text; searches of one file reuse it.
  let text: string | undefined;
  let matcher: ReturnType<RE2JS['matcher']> | undefined;
  const matcherOf = (input: string) => {
    if (input !== text || !matcher) {
      text = input;
      matcher = pattern.matcher(input);
    }
    return matcher;
  };
  return {
    indexIn(input, from) {
      const found = matcherOf(input);
      return from <= input.length && found.find(from) ? found.start() : -1;
    },
    find(input, from) {
      const found = matcherOf(input);
      if (from > input.length || !found.find(from)) return undefined;
      const groups: (string | undefined)[] = [];
      for (let group = 0; group <= found.groupCount(); group++) {
        groups.push(found.group(group) ?? undefined);
      }
      return { start: found.start(), end: found.end(), groups };
    },
  };
}

/** True when the path (as a whole, e.g. "src/parser.py") matches. */
export function pathMatches(compiled: SearchMatcher, path: string): boolean {
  return compiled.indexIn(path, 0) >= 0;
}

/**
 * Appends each line of `content` that matches to `out`, one entry per line, until `out`
 * holds `limit` entries. Returns false when it stopped at the limit with the file not done.
 */
export function searchContent(
  compiled: SearchMatcher,
  path: string,
  content: string,
  out: LineMatch[],
  limit: number,
): boolean {
  let line = 1;
  // Newlines before `scanned` are counted in `line`.
  let scanned = 0;
  let from = 0;
  while (from <= content.length) {
    const at = compiled.indexIn(content, from);
    if (at < 0) return true;
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
    from = end + 1;
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
