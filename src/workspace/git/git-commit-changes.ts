import type { GitApi } from './git-repository';

/** How a commit changed one file against its first parent. */
export interface GitCommitFile {
  path: string;
  change: 'added' | 'modified' | 'deleted';
}

/**
 * The files commit `oid` changed against `parent` (every file of it when it has none),
 * sorted by path. Folders both sides hold alike are not walked into.
 */
export async function commitChanges(
  git: GitApi,
  where: { fs: object; dir: string; cache: object },
  oid: string,
  parent: string | undefined,
): Promise<GitCommitFile[]> {
  const files: GitCommitFile[] = [];
  const trees = parent
    ? [git.TREE({ ref: parent }), git.TREE({ ref: oid })]
    : [git.TREE({ ref: oid })];
  await git.walk({
    fs: where.fs as never,
    dir: where.dir,
    cache: where.cache,
    trees,
    map: async (path, entries) => {
      const [before, after] = parent ? entries : [null, entries[0] ?? null];
      if (path === '.') return true;
      const [beforeType, afterType] = await Promise.all([before?.type(), after?.type()]);
      const [beforeOid, afterOid] = await Promise.all([before?.oid(), after?.oid()]);
      if (beforeType === 'tree' || afterType === 'tree') {
        // A folder that is a file on the other side: the file's change, then the folder's.
        if (beforeType === 'blob') files.push({ path, change: 'deleted' });
        if (afterType === 'blob') files.push({ path, change: 'added' });
        return beforeOid === afterOid ? null : true;
      }
      if (beforeOid === afterOid) return null;
      files.push({
        path,
        change: !before ? 'added' : !after ? 'deleted' : 'modified',
      });
      return null;
    },
  });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
