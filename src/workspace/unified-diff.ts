import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';

/** A change of one file as unified diff text, with its line counts. */
export interface FileDiff {
  /**
   * Unified diff ("--- a/path", "+++ b/path", hunks with `context` lines around changes),
   * as `git diff` and the diff view read it; '' when nothing changed.
   */
  text: string;
  /** Lines added and removed. */
  added: number;
  removed: number;
}

/**
 * The unified diff from `before` to `after` of the file at `path`. A file that did not
 * exist is `before = null` (shown against /dev/null), likewise a deleted one `after = null`.
 * `context` is the number of unchanged lines around each change (default 3).
 */
export function unifiedDiff(
  path: string,
  before: string | null,
  after: string | null,
  context = 3,
): FileDiff {
  const oldText = before ?? '';
  const newText = after ?? '';
  if (oldText === newText && (before === null) === (after === null)) {
    return { text: '', added: 0, removed: 0 };
  }
  const patch = structuredPatch(
    before === null ? '/dev/null' : `a/${path}`,
    after === null ? '/dev/null' : `b/${path}`,
    oldText,
    newText,
    undefined,
    undefined,
    { context },
  );
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { text: formatPatch(patch, FILE_HEADERS_ONLY), added, removed };
}

/** "+3 −1" for a diff's line counts. */
export function describeDiffSize(diff: Pick<FileDiff, 'added' | 'removed'>): string {
  return `+${diff.added} −${diff.removed}`;
}
