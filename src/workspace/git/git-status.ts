/**
 * What isomorphic-git's status matrix means to a person: per file, what is staged (the index
 * against HEAD) and what is not (the working file against the index), as Git's own
 * `git status` groups them.
 */

/** How one side of a file differs. */
export type GitChange = 'modified' | 'added' | 'deleted' | 'untracked' | 'conflicted';

/** One changed file: its staged and its unstaged change (null: none on that side). */
export interface GitFileStatus {
  path: string;
  staged: Exclude<GitChange, 'untracked' | 'conflicted'> | null;
  unstaged: GitChange | null;
}

/** One row of isomorphic-git's statusMatrix: [path, HEAD, WORKDIR, STAGE]. */
export type StatusRow = [string, number, number, number];

/**
 * The change of one matrix row, or undefined when the file is unchanged. HEAD: 0 absent,
 * 1 present. WORKDIR: 0 absent, 1 as HEAD, 2 unlike HEAD. STAGE: 0 absent, 1 as HEAD, 2 as
 * WORKDIR, 3 unlike both.
 */
export function fileStatusOf([path, head, workdir, stage]: StatusRow): GitFileStatus | undefined {
  const staged: GitFileStatus['staged'] =
    head === 0
      ? stage === 0
        ? null
        : 'added'
      : stage === 0
        ? 'deleted'
        : stage === 1 || (stage === 2 && workdir === 1)
          ? null
          : 'modified';
  let unstaged: GitChange | null;
  if (stage === 0) unstaged = workdir === 0 ? null : 'untracked';
  else if (workdir === 0) unstaged = 'deleted';
  else if (stage === 2 || (stage === 1 && workdir === 1)) unstaged = null;
  else unstaged = 'modified';
  return staged || unstaged ? { path, staged, unstaged } : undefined;
}

/** The changed files of a matrix, sorted by path. */
export function statusOfMatrix(rows: readonly StatusRow[]): GitFileStatus[] {
  return rows
    .map(fileStatusOf)
    .filter((file): file is GitFileStatus => file !== undefined)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
