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
  /**
   * The stored version that held `before`, when `before` was read from the store: the file
   * is then unchanged exactly when its version is, with no need to read it again. Undefined
   * when `before` came from elsewhere (an editor tab's text): its text is compared.
   */
  version?: number;
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

/** Works out rewrites one text at a time, so a caller can pause between texts. */
export interface Replacer {
  /**
   * The rewrite of `text` (stored as `version`, when it was read from the store), or
   * undefined when it has no match or stays the same.
   */
  rewrite(path: string, text: string, version?: number): FileRewrite | undefined;
}

/**
 * A replacer for `query` (the same matches the search shows, all of them, not only the
 * ones shown under the search's limit). Undefined for a query that does not compile or is
 * empty: there is nothing to replace.
 */
export function startReplace(query: ProjectQuery, replacement: string): Replacer | undefined {
  if (query.pattern === '') return undefined;
  const compiled = compileSearch(query);
  if (!compiled.ok) return undefined;
  const { matcher } = compiled;
  return {
    rewrite(path, text, version) {
      const replaced = replaceIn(matcher, text, replacement, query.regex);
      if (replaced.count === 0 || replaced.text === text) return undefined;
      const rewrite: FileRewrite = {
        path,
        before: text,
        after: replaced.text,
        count: replaced.count,
      };
      if (version !== undefined) rewrite.version = version;
      return rewrite;
    },
  };
}

/** A text file as it is now (absent from the map when gone, a folder or binary). */
export interface CurrentFile {
  version: number;
  /** Its text, when it was read: rewrites without a version compare it. */
  text?: string;
  /** Open in an editor tab whose text is not what is stored: never written over. */
  unsaved?: boolean;
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

/** Whether `now` still holds what `rewrite` was worked out from. */
function unchanged(rewrite: FileRewrite, now: CurrentFile | undefined): now is CurrentFile {
  if (!now || now.unsaved) return false;
  return rewrite.version !== undefined
    ? now.version === rewrite.version
    : now.text === rewrite.before;
}

/** Whether reading the file's text is the only way to tell whether `rewrite` still applies. */
export const needsText = (rewrite: FileRewrite): boolean => rewrite.version === undefined;

/**
 * Plans the writes of `rewrites` against the files as they are now: a file that still holds
 * its rewrite's `before` (the same stored version, or the same text) gets `after`; any
 * other is skipped, never half-written.
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
    if (!unchanged(rewrite, now)) {
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

/**
 * The rewrites that put back what `written` changed (apply them with {@link planRewrites});
 * `versions` are the versions the write stored, by path, so a file changed since is found
 * by its version.
 */
export function undoRewrites(
  written: readonly FileRewrite[],
  versions: ReadonlyMap<string, number> = new Map(),
): FileRewrite[] {
  return written.map((rewrite) => {
    const undo: FileRewrite = {
      path: rewrite.path,
      before: rewrite.after,
      after: rewrite.before,
      count: rewrite.count,
    };
    const version = versions.get(rewrite.path);
    if (version !== undefined) undo.version = version;
    return undo;
  });
}
