/**
 * Project search: every match of a pattern in a set of texts, grouped by file, as the
 * search panel shows them. The matching is text-search.ts's (the agent's search_files
 * uses the same kernel); this adds what a person needs on top: every match of a line with
 * its column and extent, whole words, include and exclude globs, and a cap on the count.
 *
 * Pure: the caller reads the texts (stored files, unsaved editor text) and feeds them in.
 */
import type { CoveError } from '../base/errors';
import { compilePathGlobs } from './path-globs';
import {
  compileSearch,
  MAX_MATCH_LINE_CHARS,
  type SearchMatcher,
  type SearchPattern,
} from './text-search';
import { workspaceError, type WorkspaceErrorCode } from './workspace-errors';

/** What the search panel asks for. */
export interface ProjectQuery extends SearchPattern {
  /** Comma-separated globs (see path-globs.ts); empty: every file. */
  include: string;
  /** Comma-separated globs; a path they match is skipped even when included. */
  exclude: string;
}

/** One match, placed for display and for replacing. */
export interface SearchHit {
  /** 1-based line of the match's start. */
  line: number;
  /** 1-based column (UTF-16 units) of the match's start in its line. */
  column: number;
  /** Offsets of the match in the file's text. */
  start: number;
  end: number;
  /** The line (cut to a readable window around the match), without its line end. */
  preview: string;
  /** The match's extent within `preview`; cut at the preview's end for a multi-line match. */
  highlight: { from: number; to: number };
}

/** The matches of one file, in text order. */
export interface FileHits {
  path: string;
  hits: SearchHit[];
}

export interface ProjectSearchResult {
  /** Files with at least one match, in the order they were added. */
  files: FileHits[];
  /** Matches found (the sum over `files`). */
  total: number;
  /** True when the search stopped at its limit: more matches exist than `total`. */
  capped: boolean;
}

/** Matches a search collects at most before it stops, so a panel never holds a million rows. */
export const MAX_PROJECT_MATCHES = 2000;

/** A search under way: feed it texts, read its result at any point. */
export interface ProjectSearch {
  /** Whether a path is in scope (the globs); read only those files. */
  wants(path: string): boolean;
  /** Searches one text; false once the limit is reached (stop feeding). */
  add(path: string, text: string): boolean;
  result(): ProjectSearchResult;
}

export type StartedSearch =
  { ok: true; search: ProjectSearch } | { ok: false; error: CoveError<WorkspaceErrorCode> };

/** Compiles a query. An empty pattern is `ok` and finds nothing; a bad regex is an error value. */
export function startProjectSearch(
  query: ProjectQuery,
  limit = MAX_PROJECT_MATCHES,
): StartedSearch {
  const include = compilePathGlobs(query.include);
  const exclude = compilePathGlobs(query.exclude);
  const wants = (path: string) =>
    (include.empty || include.matches(path)) && !(!exclude.empty && exclude.matches(path));
  const files: FileHits[] = [];
  let total = 0;
  let capped = false;
  const result = () => ({ files, total, capped });
  if (query.pattern === '') {
    return { ok: true, search: { wants, add: () => true, result } };
  }
  const compiled = compileSearch(query);
  if (!compiled.ok) {
    return {
      ok: false,
      error: workspaceError('search-pattern', { reason: compiled.reason ?? compiled.message }),
    };
  }
  const matcher = compiled.matcher;
  return {
    ok: true,
    search: {
      wants,
      add(path, text) {
        if (capped) return false;
        const hits: SearchHit[] = [];
        const complete = findHits(matcher, text, hits, limit - total);
        if (hits.length) files.push({ path, hits });
        total += hits.length;
        capped = !complete;
        return !capped;
      },
      result,
    },
  };
}

/** {@link startProjectSearch} over texts at hand, in their order. */
export function searchTexts(
  query: ProjectQuery,
  texts: Iterable<{ path: string; text: string }>,
  limit = MAX_PROJECT_MATCHES,
): { ok: true; result: ProjectSearchResult } | { ok: false; error: CoveError<WorkspaceErrorCode> } {
  const started = startProjectSearch(query, limit);
  if (!started.ok) return started;
  for (const { path, text } of texts) {
    if (started.search.wants(path) && !started.search.add(path, text)) break;
  }
  return { ok: true, result: started.search.result() };
}

/**
 * Every non-empty match of `matcher` in `text`, appended to `out` up to `room` of them.
 * Matches do not overlap. Returns false when it stopped with matches left. Empty matches
 * (`^`, `a*` where there is no a) are skipped: there is nothing to show or replace.
 */
export function findHits(
  matcher: SearchMatcher,
  text: string,
  out: SearchHit[],
  room: number,
): boolean {
  let line = 1;
  let lineStart = 0;
  let from = 0;
  while (from <= text.length) {
    const found = matcher.find(text, from);
    if (!found) return true;
    if (found.end === found.start) {
      from = found.start + 1;
      continue;
    }
    if (room <= 0) return false;
    // Count the line ends between the previous match and this one.
    for (let nl = text.indexOf('\n', lineStart); nl >= 0 && nl < found.start;) {
      line++;
      lineStart = nl + 1;
      nl = text.indexOf('\n', lineStart);
    }
    out.push(hitAt(text, line, lineStart, found.start, found.end));
    room--;
    from = found.end;
  }
  return true;
}

function hitAt(
  text: string,
  line: number,
  lineStart: number,
  start: number,
  end: number,
): SearchHit {
  let lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0) lineEnd = text.length;
  if (lineEnd > lineStart && text[lineEnd - 1] === '\r') lineEnd--;
  const column = start - lineStart;
  const full = text.slice(lineStart, lineEnd);
  const length = Math.min(end, lineEnd) - start;
  let shown = full;
  let offset = 0;
  let lead = '';
  if (full.length > MAX_MATCH_LINE_CHARS) {
    offset = Math.max(0, Math.min(column - 40, full.length - MAX_MATCH_LINE_CHARS));
    lead = offset > 0 ? '…' : '';
    shown = `${lead}${full.slice(offset, offset + MAX_MATCH_LINE_CHARS)}${offset + MAX_MATCH_LINE_CHARS < full.length ? '…' : ''}`;
  }
  const from = Math.max(0, column - offset) + lead.length;
  const to = Math.min(shown.length, from + Math.max(0, length));
  return { line, column: column + 1, start, end, preview: shown, highlight: { from, to } };
}
