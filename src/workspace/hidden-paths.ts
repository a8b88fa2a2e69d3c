/**
 * The one rule for paths Cove keeps out of sight: git's own folder. `.git` lives in the
 * workspace (isomorphic-git reads and writes it through the same store as every other file)
 * but it is git's database, not the person's work, so every listing (the tree, quick open,
 * project search, mentions, the agent's tools, Python's copy, checkpoints and rewind, zip
 * export) goes through WorkspaceFiles, which leaves these paths out and refuses them by
 * name. Only the git adapter (src/workspace/git) sees them.
 */

/** Name of the folder git keeps its objects, refs and index in. */
export const GIT_FOLDER = '.git';

/**
 * True when a normalized path is git's folder or lies inside one, at any depth: git itself
 * refuses to track a `.git` in any folder, so a nested repository's is hidden too.
 */
export function isHiddenPath(path: string): boolean {
  return (
    path === GIT_FOLDER ||
    path.startsWith(`${GIT_FOLDER}/`) ||
    path.includes(`/${GIT_FOLDER}/`) ||
    path.endsWith(`/${GIT_FOLDER}`)
  );
}

/** `entries` without the hidden ones, in their order. */
export function visibleOnly<T extends { path: string }>(entries: readonly T[]): T[] {
  return entries.filter((entry) => !isHiddenPath(entry.path));
}
