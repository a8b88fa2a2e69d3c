/**
 * Project replace as pure plans: the new text of each file (every match replaced), then the
 * batch that writes those texts only where a file still holds the text the plan was made
 * from, and the plan that undoes it. The app reads and writes; nothing here does.
 */
import type { FileChange } from '../store/file-store';
import type { ProjectQuery } from './project-search';
import { compileSearch, type SearchMatcher } from './text-search';

/** One file's change: `before` as the search read it, `after` with the matches replaced. */
export interface FileRewrite {
  path: string;
  before: string;
  after: string;
  /** Matches replaced. */
  count: number;
}

/**
 * The text that replaces one match. For a regular expression, `$1`…`$99` is a group (an
 * unmatched group is empty; a number past the groups stays as typed), `$&` the whole match,
 * `$$` one `$`; plain-text searches insert `template` as it is.
 */
export function expandReplacement(
  template: string,
  groups: readonly (string | undefined)[],
  regex: boolean,
): string {
  if (!regex) return template;
  return template.replace(/\$(\$|&|\d{1,2})/g, (token: string, name: string) => {
    if (name === '$') return '$';
    if (name === '&') return groups[0] ?? '';
    // `$12` with fewer than 12 groups is `$1` followed by "2", as in JavaScript.
    const two = Number(name);
    if (two < groups.length && two > 0) return groups[two] ?? '';
    const one = Number(name[0]);
    if (name.length === 2 && one > 0 && one < groups.length) return (groups[one] ?? '') + name[1];
    return token;
  });
}

/** `text` with every non-empty match replaced; `count` how many. */
export function replaceIn(
  matcher: SearchMatcher,
  text: string,
  template: string,
  regex: boolean,
): { text: string; count: number } {
  const parts: string[] = [];
  let count = 0;
  let copied = 0;
  let from = 0;
  while (from <= text.length) {
    const found = matcher.find(text, from);
    if (!found) break;
    if (found.end === found.start) {
      from = found.start + 1;
      continue;
    }
    parts.push(text.slice(copied, found.start), expandReplacement(template, found.groups, regex));
    copied = found.end;
    from = found.end;
    count++;
  }
  parts.push(text.slice(copied));
  return { text: parts.join(''), count };
}

/**
 * The rewrite of each text that has a match (the same matches the search shows, all of
 * them, not only the ones shown under the search's limit). Undefined for a query that
 * does not compile or is empty: there is nothing to replace.
 */
export function planReplace(
  query: ProjectQuery,
  replacement: string,
  texts: Iterable<{ path: string; text: string }>,
): FileRewrite[] | undefined {
  if (query.pattern === '') return undefined;
  const compiled = compileSearch(query);
  if (!compiled.ok) return undefined;
  const rewrites: FileRewrite[] = [];
  for (const { path, text } of texts) {
    const replaced = replaceIn(compiled.matcher, text, replacement, query.regex);
    if (replaced.count > 0 && replaced.text !== text) {
      rewrites.push({ path, before: text, after: replaced.text, count: replaced.count });
    }
  }
  return rewrites;
}

/** A file as it is now: its text (undefined when gone, a folder or binary) and version. */
export interface CurrentFile {
  text: string | undefined;
  version: number;
}

/** What applying rewrites comes to. */
export interface RewriteBatch {
  /** One store batch: every put expects the version that was read, so a file changed in between fails it whole. */
  changes: FileChange[];
  /** The rewrites the batch carries out. */
  written: FileRewrite[];
  /** Files left alone because their text is not `before` any more (edited, deleted, moved). */
  skipped: string[];
}

/**
 * Plans the writes of `rewrites` against the files as they are now: a file whose text is
 * exactly its rewrite's `before` gets `after`; any other is skipped, never half-written.
 */
export function planRewrites(
  rewrites: readonly FileRewrite[],
  current: ReadonlyMap<string, CurrentFile>,
): RewriteBatch {
  const changes: FileChange[] = [];
  const written: FileRewrite[] = [];
  const skipped: string[] = [];
  for (const rewrite of rewrites) {
    const now = current.get(rewrite.path);
    if (now?.text === undefined || now.text !== rewrite.before) {
      skipped.push(rewrite.path);
      continue;
    }
    changes.push({
      type: 'put',
      path: rewrite.path,
      kind: 'file',
      content: rewrite.after,
      expect: now.version,
    });
    written.push(rewrite);
  }
  return { changes, written, skipped };
}

/** The rewrites that put back what `written` changed (apply them with {@link planRewrites}). */
export function undoRewrites(written: readonly FileRewrite[]): FileRewrite[] {
  return written.map((rewrite) => ({
    path: rewrite.path,
    before: rewrite.after,
    after: rewrite.before,
    count: rewrite.count,
  }));
}
