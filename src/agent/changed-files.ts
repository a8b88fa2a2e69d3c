/**
 * The files an agent run changed, as the list after the run shows them: one entry per path,
 * its diffs in order. Built live from the loop's tool_end events, and after a reload from
 * the stored tool nodes of the last run, so the list and its diffs outlive the page.
 */
import type { NodeRecord } from '../store/records';

/** A file the last run changed, with the unified diff of its whole change over the run. */
export interface ChangedFile {
  readonly path: string;
  /** Unified diff from before the run to now ('' when the file is not text). */
  readonly diff: string;
  /** True when the run created it; false when it existed before. */
  readonly created: boolean;
  /** True when the run deleted (or moved away) it. */
  readonly deleted: boolean;
}

/** One tool call's effect on the workspace. */
export interface ToolChange {
  changedFiles: readonly string[];
  /** The call's unified diff, when it changed one text file. */
  diff?: string;
  /** Of `changedFiles`, those gone after the call. */
  deleted?: readonly string[];
}

/** `list` with `change` folded in (a path seen before keeps its place and gains the diff). */
export function addChange(
  list: readonly ChangedFile[],
  change: ToolChange,
): readonly ChangedFile[] {
  const paths = change.changedFiles;
  if (!paths.length) return list;
  const diff = change.diff ?? '';
  const next = [...list];
  for (const path of paths) {
    const at = next.findIndex((file) => file.path === path);
    const previous = at >= 0 ? next[at]! : undefined;
    const entry: ChangedFile = {
      path,
      diff: [previous?.diff, paths.length === 1 ? diff : ''].filter(Boolean).join('\n'),
      created: previous?.created ?? (at < 0 && diff.startsWith('--- /dev/null')),
      deleted: change.deleted?.includes(path) ?? false,
    };
    if (at >= 0) next[at] = entry;
    else next.push(entry);
  }
  return next;
}

/**
 * The changes of the last run on `path` (root first): the tool nodes after the last user
 * message. (Rows from before schema 8 do not say which files a call deleted.)
 */
export function changesOfLastRun(path: readonly NodeRecord[]): readonly ChangedFile[] {
  let start = path.length;
  while (start > 0 && path[start - 1]!.role !== 'user') start--;
  let list: readonly ChangedFile[] = [];
  for (const node of path.slice(start)) {
    if (node.role === 'tool' && node.toolEffects) list = addChange(list, node.toolEffects);
  }
  return list;
}
