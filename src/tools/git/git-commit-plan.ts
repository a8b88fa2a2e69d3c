import type { FileContent } from '../../store/records';
import type { GitRepository } from '../../workspace/git/git-repository';
import { unifiedDiff } from '../../workspace/unified-diff';

/** What a commit would hold: its files and their diff against HEAD, as `git commit` would. */
export interface GitCommitPlan {
  /** The files the commit would hold, sorted. */
  files: string[];
  /** The unified diff of each of them against HEAD, one after another. */
  diff: string;
  /** Paths asked for that have no change to commit (the call would refuse them). */
  unchanged: string[];
}

/** A path as the model may write it ("./src/a.py", "/src/a.py") as git's status lists it. */
export function commitPath(path: string): string {
  return path.replace(/^(\.\/|\/)+/, '');
}

const asText = (content: FileContent | null) =>
  content === null || typeof content === 'string'
    ? content
    : `(binary, ${content.byteLength} bytes)\n`;

/**
 * The commit that staging `paths` (as they are in the working tree) and then committing would
 * make: what is staged already, plus those files. Reads only; the index stays as it is.
 */
export async function planCommit(
  repo: GitRepository,
  paths: readonly string[] = [],
): Promise<GitCommitPlan> {
  const wanted = new Set(paths.map(commitPath));
  const status = await repo.status();
  const changed = new Set(status.map((file) => file.path));
  const files = status
    .filter((file) => file.staged || (wanted.has(file.path) && file.unstaged))
    .map((file) => file.path);
  const diffs: string[] = [];
  for (const path of files) {
    const versions = await repo.versions(path);
    const after = wanted.has(path) ? versions.workdir : versions.index;
    const { text } = unifiedDiff(path, asText(versions.head), asText(after));
    if (text) diffs.push(text.trimEnd());
  }
  return {
    files,
    diff: diffs.length ? `${diffs.join('\n')}\n` : '',
    unchanged: [...wanted].filter((path) => !changed.has(path)),
  };
}
