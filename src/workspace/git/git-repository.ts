import type * as IsomorphicGit from 'isomorphic-git';
import type { Clock } from '../../base/clock';
import { CoveError } from '../../base/errors';
import type { FileContent } from '../../store/records';
import { contentFromBytes } from '../file-content';
import { GIT_FOLDER } from '../hidden-paths';
import { normalizePath } from '../paths';
import { unifiedDiff, type FileDiff } from '../unified-diff';
import { workspaceError } from '../workspace-errors';
import type { WorkspaceFiles } from '../workspace-files';
import { statusOfMatrix, type GitFileStatus, type StatusRow } from './git-status';
import { WorkspaceGitFs } from './workspace-git-fs';

/** The isomorphic-git module (loaded on first use: it is ~300 kB the app rarely needs). */
export type GitApi = typeof IsomorphicGit;

/** Who a commit is by (Settings → Git). */
export interface GitAuthor {
  name: string;
  email: string;
}

/** One commit of the log. */
export interface GitCommitInfo {
  oid: string;
  /** The whole message, without the trailing newline git adds. */
  message: string;
  author: GitAuthor;
  /** When it was authored, in milliseconds since the epoch. */
  time: number;
  parents: string[];
}

/** The branches and the one checked out (null on a detached HEAD). */
export interface GitBranches {
  current: string | null;
  all: string[];
}

/** A file as HEAD, the index and the working tree have it (null where it is absent). */
export interface GitFileVersions {
  path: string;
  head: FileContent | null;
  index: FileContent | null;
  workdir: FileContent | null;
}

const DIR = '/';

/** Loads isomorphic-git once; the browser build aliases it to the bundle that carries Buffer. */
export async function loadGit(): Promise<GitApi> {
  const module = (await import('isomorphic-git')) as GitApi & { default?: GitApi };
  return module.default ?? module;
}

/**
 * Git over one workspace: the repository's `.git` folder lives in the workspace's own
 * store (WorkspaceGitFs) and its working tree is the workspace, so an edit made in the
 * editor, by Python or by the agent shows in {@link status} at once. Operations run one at a
 * time and each starts from a fresh listing. Failures are CoveErrors with `git-*` codes
 * that say what to do.
 */
export class GitRepository {
  private readonly fs: WorkspaceGitFs;
  /** isomorphic-git's parsed-index cache, kept across calls (checked against the index's stats). */
  private readonly cache = {};
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly clock: Clock,
    private readonly git: GitApi,
  ) {
    this.fs = new WorkspaceGitFs(files);
  }

  /** True when the workspace has a repository (a `.git` folder at its root). */
  exists(): Promise<boolean> {
    return this.run('read the repository', async () => {
      return (await this.files.findAny(`${GIT_FOLDER}/HEAD`)) !== undefined;
    });
  }

  /** Creates an empty repository with `branch` checked out; nothing when one exists. */
  init(branch = 'main'): Promise<void> {
    return this.run('create the repository', () =>
      this.git.init({ fs: this.fs, dir: DIR, defaultBranch: branch }),
    );
  }

  /** Every changed file (staged or not, untracked included; `.gitignore` respected). */
  status(): Promise<GitFileStatus[]> {
    return this.withRepository('read the status', async () => {
      const rows = await this.git.statusMatrix({ fs: this.fs, dir: DIR, cache: this.cache });
      return statusOfMatrix(rows as StatusRow[]);
    });
  }

  /** The file at `path` in HEAD, the index and the working tree. */
  versions(path: string): Promise<GitFileVersions> {
    const normal = normalizePath(path);
    return this.withRepository('read the file', async () => {
      const head = await this.headOid();
      const [headBlob, indexBlob, working] = await Promise.all([
        head ? this.blobAt(head, normal) : Promise.resolve(null),
        this.indexBlob(normal),
        this.files.find(normal),
      ]);
      return {
        path: normal,
        head: headBlob,
        index: indexBlob,
        workdir: working && working.kind === 'file' ? working.content : null,
      };
    });
  }

  /**
   * The working file's change against HEAD as a unified diff ('' when none); a binary side
   * is described, not diffed.
   */
  async diff(path: string): Promise<FileDiff> {
    const versions = await this.versions(path);
    const asText = (content: FileContent | null) =>
      content === null || typeof content === 'string'
        ? content
        : `(binary, ${content.byteLength} bytes)\n`;
    return unifiedDiff(versions.path, asText(versions.head), asText(versions.workdir));
  }

  /** Stages the working file at `path` as it is now (its deletion too). */
  stage(path: string): Promise<void> {
    const normal = normalizePath(path);
    return this.withRepository('stage the file', async () => {
      const working = await this.files.find(normal);
      if (working)
        await this.git.add({ fs: this.fs, dir: DIR, filepath: normal, cache: this.cache });
      else await this.git.remove({ fs: this.fs, dir: DIR, filepath: normal, cache: this.cache });
    });
  }

  /**
   * Stages every unstaged change in one operation (one listing, one index write), where
   * staging file by file would list the store once per file.
   */
  stageAll(): Promise<void> {
    return this.withRepository('stage the changes', async () => {
      const rows = await this.git.statusMatrix({ fs: this.fs, dir: DIR, cache: this.cache });
      const changed = statusOfMatrix(rows as StatusRow[]).filter((file) => file.unstaged);
      const gone = changed.filter((file) => file.unstaged === 'deleted').map((f) => f.path);
      const present = changed.filter((file) => file.unstaged !== 'deleted').map((f) => f.path);
      if (present.length) {
        await this.git.add({ fs: this.fs, dir: DIR, filepath: present, cache: this.cache });
      }
      for (const filepath of gone) {
        await this.git.remove({ fs: this.fs, dir: DIR, filepath, cache: this.cache });
      }
    });
  }

  /** Takes `path` out of the next commit: the index goes back to HEAD's version. */
  unstage(path: string): Promise<void> {
    const normal = normalizePath(path);
    return this.withRepository('unstage the file', () =>
      this.git.resetIndex({ fs: this.fs, dir: DIR, filepath: normal, cache: this.cache }),
    );
  }

  /**
   * Puts the file back as HEAD has it, staged and working copy alike, through the workspace
   * (so open editors follow); a file HEAD does not have is deleted.
   */
  discard(path: string): Promise<void> {
    const normal = normalizePath(path);
    return this.withRepository('discard the changes', async () => {
      const head = await this.headOid();
      const content = head ? await this.blobAt(head, normal) : null;
      if (content === null) {
        if (await this.files.find(normal)) await this.files.delete(normal);
      } else {
        await this.files.write(normal, content);
      }
      this.fs.refresh();
      await this.git.resetIndex({ fs: this.fs, dir: DIR, filepath: normal, cache: this.cache });
    });
  }

  /** Commits what is staged; returns the new commit's id. */
  commit(message: string, author: GitAuthor): Promise<string> {
    const text = message.trim();
    if (!author.name.trim() || !author.email.trim()) {
      return Promise.reject(workspaceError('git-no-author'));
    }
    if (!text) {
      return Promise.reject(workspaceError('git-nothing-to-commit', { variant: 'no-message' }));
    }
    return this.withRepository('commit', async () => {
      const rows = await this.git.statusMatrix({ fs: this.fs, dir: DIR, cache: this.cache });
      const staged = statusOfMatrix(rows as StatusRow[]).some((file) => file.staged);
      if (!staged) throw workspaceError('git-nothing-to-commit');
      return this.git.commit({
        fs: this.fs,
        dir: DIR,
        cache: this.cache,
        message: `${text}\n`,
        author: {
          name: author.name.trim(),
          email: author.email.trim(),
          timestamp: Math.floor(this.clock.now() / 1000),
        },
      });
    });
  }

  /** The newest `depth` commits of the branch checked out, newest first; [] before the first. */
  log(depth = 100): Promise<GitCommitInfo[]> {
    return this.withRepository('read the log', async () => {
      if (!(await this.headOid())) return [];
      const entries = await this.git.log({ fs: this.fs, dir: DIR, depth, cache: this.cache });
      return entries.map(({ oid, commit }) => ({
        oid,
        message: commit.message.replace(/\n$/, ''),
        author: { name: commit.author.name, email: commit.author.email },
        time: commit.author.timestamp * 1000,
        parents: commit.parent,
      }));
    });
  }

  /** The local branches, sorted, and the one checked out. */
  branches(): Promise<GitBranches> {
    return this.withRepository('list the branches', async () => {
      const [all, current] = await Promise.all([
        this.git.listBranches({ fs: this.fs, dir: DIR }),
        this.git.currentBranch({ fs: this.fs, dir: DIR }),
      ]);
      const names = new Set(all);
      // A new repository's branch exists only once it has a commit; show it anyway.
      if (current) names.add(current);
      return { current: current ?? null, all: [...names].sort() };
    });
  }

  /** Creates branch `name` at HEAD and switches to it (the working tree stays as it is). */
  createBranch(name: string): Promise<void> {
    return this.withRepository('create the branch', async () => {
      const clean = name.trim();
      if ((await this.git.listBranches({ fs: this.fs, dir: DIR })).includes(clean)) {
        throw workspaceError('git-branch', { variant: 'exists', name: clean });
      }
      await this.git.branch({ fs: this.fs, dir: DIR, ref: clean, checkout: true });
    });
  }

  /**
   * Checks out branch `name`. Refuses (`git-local-changes`) when that would overwrite
   * uncommitted changes; files it changes are written through the workspace's store.
   */
  switchBranch(name: string): Promise<void> {
    return this.withRepository('switch branches', async () => {
      if (!(await this.git.listBranches({ fs: this.fs, dir: DIR })).includes(name)) {
        throw workspaceError('git-branch', { variant: 'missing', name });
      }
      await this.git.checkout({ fs: this.fs, dir: DIR, ref: name, cache: this.cache });
    });
  }

  /** Deletes branch `name`; never the one checked out. */
  deleteBranch(name: string): Promise<void> {
    return this.withRepository('delete the branch', async () => {
      if ((await this.git.currentBranch({ fs: this.fs, dir: DIR })) === name) {
        throw workspaceError('git-branch-current', { name });
      }
      await this.git.deleteBranch({ fs: this.fs, dir: DIR, ref: name });
    });
  }

  private async headOid(): Promise<string | null> {
    try {
      return await this.git.resolveRef({ fs: this.fs, dir: DIR, ref: 'HEAD' });
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return null;
      throw error;
    }
  }

  private async blobAt(commit: string, path: string): Promise<FileContent | null> {
    try {
      const { blob } = await this.git.readBlob({
        fs: this.fs,
        dir: DIR,
        oid: commit,
        filepath: path,
        cache: this.cache,
      });
      return contentFromBytes(blob);
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return null;
      throw error;
    }
  }

  private async indexBlob(path: string): Promise<FileContent | null> {
    let oid: string | undefined;
    await this.git.walk({
      fs: this.fs,
      dir: DIR,
      cache: this.cache,
      trees: [this.git.STAGE()],
      // Only the folders on the way to `path` are walked: null prunes a subtree.
      map: async (filepath, [entry]) => {
        if (filepath === path) {
          oid = await entry?.oid();
          return null;
        }
        return filepath === '.' || path.startsWith(`${filepath}/`) ? true : null;
      },
    });
    if (!oid) return null;
    const { blob } = await this.git.readBlob({ fs: this.fs, dir: DIR, oid, cache: this.cache });
    return contentFromBytes(blob);
  }

  /** `task` once the operations before it are done, from a fresh listing of the store. */
  private run<T>(action: string, task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      this.fs.refresh();
      try {
        return await task();
      } catch (error) {
        throw asWorkspaceError(error, action);
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private withRepository<T>(action: string, task: () => Promise<T>): Promise<T> {
    return this.run(action, async () => {
      if (!(await this.files.findAny(`${GIT_FOLDER}/HEAD`))) {
        throw workspaceError('git-no-repository');
      }
      return task();
    });
  }
}

/** isomorphic-git's errors as CoveErrors that say what to do. */
function asWorkspaceError(error: unknown, action: string): unknown {
  if (error instanceof CoveError) return error;
  const failure = error as { code?: string; message?: string; data?: { filepaths?: string[] } };
  switch (failure.code) {
    case 'CheckoutConflictError':
      return workspaceError('git-local-changes', {
        paths: (failure.data?.filepaths ?? []).join(', '),
      });
    case 'InvalidRefNameError':
      return workspaceError('git-branch', { variant: 'name', name: refNameOf(failure.message) });
    case 'AlreadyExistsError':
      return workspaceError('git-branch', { variant: 'exists', name: refNameOf(failure.message) });
    default:
      return workspaceError(
        'git-failed',
        { action, detail: String(failure.message ?? error) },
        { cause: error },
      );
  }
}

function refNameOf(message: string | undefined): string {
  return /"([^"]*)"/.exec(message ?? '')?.[1] ?? '';
}
