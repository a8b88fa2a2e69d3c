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
import { commitChanges, type GitCommitFile } from './git-commit-changes';
import { checkRemoteUrl, remoteArguments, remoteError, type GitRemoteOptions } from './git-remote';
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

/** What a pull did: nothing new, moved the branch, merged, or left conflicts to resolve. */
export type GitPullResult =
  { kind: 'up-to-date' | 'fast-forward' | 'merged' } | { kind: 'conflicts'; paths: string[] };

const DIR = '/';
const MERGE_HEAD = `${GIT_FOLDER}/MERGE_HEAD`;
const MERGE_MSG = `${GIT_FOLDER}/MERGE_MSG`;
const REMOTE = 'origin';

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
    return this.withRepository('read the status', () => this.currentStatus());
  }

  /** The files a pull's merge left conflicted and not staged since; [] outside a merge. */
  conflicts(): Promise<string[]> {
    return this.withRepository('read the merge', () => this.conflictList());
  }

  /** True between a pull that left conflicts and the commit (or abort) that ends it. */
  merging(): Promise<boolean> {
    return this.withRepository('read the merge', async () => !!(await this.mergeHead()));
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
      await this.resolveConflicts([normal]);
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
      await this.resolveConflicts(changed.map((file) => file.path));
    });
  }

  /**
   * Puts `text` in the index as file `path` (the working file stays as it is): staging or
   * unstaging one change of a file is the index's text with that change taken in or out.
   */
  stageText(path: string, text: string): Promise<void> {
    const normal = normalizePath(path);
    return this.withRepository('stage the change', async () => {
      const blob = new TextEncoder().encode(text);
      const oid = await this.git.writeBlob({ fs: this.fs, dir: DIR, blob });
      // With an oid, the entry gets no stats of the working file, so status hashes it again.
      await this.git.updateIndex({
        fs: this.fs,
        dir: DIR,
        filepath: normal,
        oid,
        add: true,
        cache: this.cache,
      });
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
      await this.resolveConflicts([normal]);
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
      const merging = await this.mergeHead();
      if (merging) {
        const left = await this.conflictList();
        if (left.length) throw workspaceError('git-conflicts', { paths: left.join(', ') });
      }
      const rows = await this.git.statusMatrix({ fs: this.fs, dir: DIR, cache: this.cache });
      const staged = statusOfMatrix(rows as StatusRow[]).some((file) => file.staged);
      if (!staged && !merging) throw workspaceError('git-nothing-to-commit');
      const head = merging ? await this.headOid() : null;
      const oid = await this.git.commit({
        fs: this.fs,
        dir: DIR,
        cache: this.cache,
        message: `${text}\n`,
        author: this.signature(author),
        // A merge's commit has both sides as parents, as `git commit` after a merge does.
        ...(merging && head ? { parent: [head, merging] } : {}),
      });
      if (merging) await this.endMerge();
      return oid;
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

  /** The files commit `oid` changed against its first parent (all of them in a first commit). */
  commitFiles(oid: string): Promise<GitCommitFile[]> {
    return this.withRepository('read the commit', async () => {
      const parent = await this.firstParent(oid);
      return commitChanges(this.git, { fs: this.fs, dir: DIR, cache: this.cache }, oid, parent);
    });
  }

  /** File `path` before commit `oid` (in its first parent) and after it; null where absent. */
  commitVersions(
    oid: string,
    path: string,
  ): Promise<{ before: FileContent | null; after: FileContent | null }> {
    const normal = normalizePath(path);
    return this.withRepository('read the commit', async () => {
      const parent = await this.firstParent(oid);
      const [before, after] = await Promise.all([
        parent ? this.blobAt(parent, normal) : Promise.resolve(null),
        this.blobAt(oid, normal),
      ]);
      return { before, after };
    });
  }

  /**
   * Replaces the last commit by one with what is staged now and `message` (its own message
   * when blank), with the same parents: `git commit --amend`. Returns the new commit's id.
   */
  amend(message: string, author: GitAuthor): Promise<string> {
    if (!author.name.trim() || !author.email.trim()) {
      return Promise.reject(workspaceError('git-no-author'));
    }
    return this.withRepository('amend the last commit', async () => {
      const head = await this.headOid();
      if (!head) throw workspaceError('git-nothing-to-commit', { variant: 'no-commit' });
      if (await this.mergeHead()) {
        throw workspaceError('git-conflicts', { paths: (await this.conflictList()).join(', ') });
      }
      const { commit } = await this.git.readCommit({
        fs: this.fs,
        dir: DIR,
        oid: head,
        cache: this.cache,
      });
      const text = message.trim() || commit.message.trim();
      return this.git.commit({
        fs: this.fs,
        dir: DIR,
        cache: this.cache,
        amend: true,
        message: `${text}\n`,
        author: this.signature(author),
      });
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

  /** The URL of the remote `origin`, or undefined when the repository has none. */
  remoteUrl(): Promise<string | undefined> {
    return this.withRepository('read the remote', () => this.originUrl());
  }

  /**
   * Clones `url` into this workspace, which should be empty: the newest commit of its
   * default branch (shallow), or every branch's whole history with `full`.
   */
  clone(url: string, options: GitRemoteOptions & { full?: boolean }): Promise<void> {
    return this.run('clone the repository', async () => {
      const clean = checkRemoteUrl(url);
      if (await this.files.findAny(`${GIT_FOLDER}/HEAD`)) {
        throw workspaceError('git-failed', {
          action: 'clone the repository',
          detail: 'this workspace has a repository already',
        });
      }
      await this.remote(clean, options, undefined, (args) =>
        this.git.clone({
          fs: this.fs,
          dir: DIR,
          cache: this.cache,
          url: clean,
          ...args,
          ...(options.full ? {} : { depth: 1, singleBranch: true }),
        }),
      );
    });
  }

  /** Fetches the branch checked out from `origin` (the working tree stays as it is). */
  fetch(options: GitRemoteOptions): Promise<void> {
    return this.withRepository('fetch', async () => {
      const { url, branch } = await this.upstream();
      await this.remote(url, options, branch, (args) =>
        this.git.fetch({
          fs: this.fs,
          dir: DIR,
          cache: this.cache,
          remote: REMOTE,
          ref: branch,
          singleBranch: true,
          ...args,
        }),
      );
    });
  }

  /**
   * Fetches the branch checked out and merges it: a fast-forward when the branch has not
   * moved here, else a merge commit by `author`; conflicts are written into the files with
   * git's markers and listed, for the person to resolve, stage and commit. Refuses while
   * tracked files have uncommitted changes (a merge must not mix with them).
   */
  pull(options: GitRemoteOptions, author: GitAuthor): Promise<GitPullResult> {
    return this.withRepository('pull', async () => {
      const { url, branch } = await this.upstream();
      if (await this.mergeHead()) {
        throw workspaceError('git-conflicts', { paths: (await this.conflictList()).join(', ') });
      }
      const changed = (await this.currentStatus()).filter(
        (file) => file.staged || (file.unstaged && file.unstaged !== 'untracked'),
      );
      if (changed.length) {
        throw workspaceError('git-local-changes', {
          variant: 'pull',
          paths: changed.map((file) => file.path).join(', '),
        });
      }
      const fetched = await this.remote(url, options, branch, (args) =>
        this.git.fetch({
          fs: this.fs,
          dir: DIR,
          cache: this.cache,
          remote: REMOTE,
          ref: branch,
          singleBranch: true,
          ...args,
        }),
      );
      const theirs = fetched.fetchHead;
      const head = await this.headOid();
      if (!theirs || theirs === head) return { kind: 'up-to-date' };
      try {
        const merged = await this.git.merge({
          fs: this.fs,
          dir: DIR,
          cache: this.cache,
          ours: branch,
          theirs,
          abortOnConflict: false,
          message: `Merge branch '${branch}' of ${url}`,
          ...(author.name.trim() && author.email.trim() ? { author: this.signature(author) } : {}),
        });
        if (merged.alreadyMerged) return { kind: 'up-to-date' };
        this.fs.refresh();
        await this.git.checkout({ fs: this.fs, dir: DIR, cache: this.cache, ref: branch });
        return { kind: merged.fastForward ? 'fast-forward' : 'merged' };
      } catch (error) {
        const failure = error as { code?: string; data?: { filepaths?: string[] } };
        if (failure.code === 'MissingNameError') throw workspaceError('git-no-author');
        if (failure.code !== 'MergeConflictError') throw error;
        const paths = [...(failure.data?.filepaths ?? [])].sort();
        this.fs.refresh();
        await this.fs.writeFile(`/${MERGE_HEAD}`, `${theirs}\n`);
        await this.writeMergeMessage(`Merge branch '${branch}' of ${url}`, paths);
        return { kind: 'conflicts', paths };
      }
    });
  }

  /**
   * Undoes a pull's merge that left conflicts (`git merge --abort`): the working tree and the
   * index go back to HEAD, files the merge brought are deleted, and the merge state ends. Pull
   * refuses to start over uncommitted tracked changes, so HEAD is what was there before.
   * Files written go through the workspace, so open editors follow. Nothing outside a merge.
   */
  abortMerge(): Promise<void> {
    return this.withRepository('abort the merge', async () => {
      const theirs = await this.mergeHead();
      if (!theirs) return;
      await this.deleteMergedIn(theirs);
      const branch = await this.git.currentBranch({ fs: this.fs, dir: DIR });
      await this.git.checkout({
        fs: this.fs,
        dir: DIR,
        cache: this.cache,
        ref: branch ?? 'HEAD',
        force: true,
      });
      await this.endMerge();
    });
  }

  /** Pushes the branch checked out to `origin`; a branch that moved on there is refused. */
  push(options: GitRemoteOptions): Promise<void> {
    return this.withRepository('push', async () => {
      const { url, branch } = await this.upstream();
      if (!(await this.headOid())) throw workspaceError('git-nothing-to-commit');
      await this.remote(url, options, branch, (args) =>
        this.git.push({
          fs: this.fs,
          dir: DIR,
          cache: this.cache,
          remote: REMOTE,
          ref: branch,
          ...args,
        }),
      );
    });
  }

  /** Runs one request of isomorphic-git's, its failures worded by {@link remoteError}. */
  private async remote<T>(
    url: string,
    options: GitRemoteOptions,
    branch: string | undefined,
    task: (args: ReturnType<typeof remoteArguments>['args']) => Promise<T>,
  ): Promise<T> {
    const { args, tokenSent } = remoteArguments(options);
    try {
      return await task(args);
    } catch (error) {
      throw (
        remoteError(error, {
          url,
          tokenSent: tokenSent(),
          proxy: !!args.corsProxy,
          ...(branch ? { branch } : {}),
        }) ?? error
      );
    }
  }

  private async upstream(): Promise<{ url: string; branch: string }> {
    const url = await this.originUrl();
    if (!url) throw workspaceError('git-no-remote');
    const branch = await this.git.currentBranch({ fs: this.fs, dir: DIR });
    if (!branch) throw workspaceError('git-no-remote', { variant: 'detached' });
    return { url, branch };
  }

  private async originUrl(): Promise<string | undefined> {
    const value: unknown = await this.git.getConfig({
      fs: this.fs,
      dir: DIR,
      path: `remote.${REMOTE}.url`,
    });
    return typeof value === 'string' && value ? value : undefined;
  }

  private signature(author: GitAuthor) {
    return {
      name: author.name.trim(),
      email: author.email.trim(),
      timestamp: Math.floor(this.clock.now() / 1000),
    };
  }

  private async currentStatus(): Promise<GitFileStatus[]> {
    const rows = await this.git.statusMatrix({ fs: this.fs, dir: DIR, cache: this.cache });
    const files = statusOfMatrix(rows as StatusRow[]);
    const conflicted = new Set(await this.conflictList());
    if (!conflicted.size) return files;
    const rest = files.filter((file) => !conflicted.has(file.path));
    const marked = [...conflicted].map((path) => ({
      path,
      staged: null,
      unstaged: 'conflicted' as const,
    }));
    return [...rest, ...marked].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private async mergeHead(): Promise<string | undefined> {
    const row = await this.files.findAny(MERGE_HEAD);
    const text = row && typeof row.content === 'string' ? row.content.trim() : '';
    return text || undefined;
  }

  /**
   * The conflicted paths, as git lists them in MERGE_MSG ("# Conflicts:" then "#\t<path>"
   * lines); staging a path takes it off the list.
   */
  private async conflictList(): Promise<string[]> {
    if (!(await this.mergeHead())) return [];
    const row = await this.files.findAny(MERGE_MSG);
    const text = row && typeof row.content === 'string' ? row.content : '';
    return text
      .split('\n')
      .filter((line) => line.startsWith('#\t'))
      .map((line) => line.slice(2));
  }

  private async writeMergeMessage(title: string, conflicts: string[]): Promise<void> {
    const list = conflicts.length
      ? `\n# Conflicts:\n${conflicts.map((path) => `#\t${path}\n`).join('')}`
      : '';
    await this.fs.writeFile(`/${MERGE_MSG}`, `${title}\n${list}`);
  }

  private async resolveConflicts(paths: string[]): Promise<void> {
    const left = await this.conflictList();
    if (!left.length || !paths.some((path) => left.includes(path))) return;
    const row = await this.files.findAny(MERGE_MSG);
    const title = (row && typeof row.content === 'string' ? row.content : '').split('\n')[0];
    await this.writeMergeMessage(
      title ?? '',
      left.filter((path) => !paths.includes(path)),
    );
  }

  private async endMerge(): Promise<void> {
    this.fs.refresh();
    await this.fs.unlink(`/${MERGE_HEAD}`);
    if (await this.files.findAny(MERGE_MSG)) await this.fs.unlink(`/${MERGE_MSG}`);
  }

  /**
   * Deletes the files a merge of `theirs` brought that HEAD does not have: the merge wrote
   * them without staging them, so a checkout of HEAD would keep them as untracked files.
   * Only a file still as `theirs` has it goes (an edit since then is the person's).
   */
  private async deleteMergedIn(theirs: string): Promise<void> {
    const head = await this.headOid();
    const [incoming, ours] = await Promise.all([
      this.git.listFiles({ fs: this.fs, dir: DIR, ref: theirs, cache: this.cache }),
      head ? this.git.listFiles({ fs: this.fs, dir: DIR, ref: head, cache: this.cache }) : [],
    ]);
    const kept = new Set(ours);
    for (const path of incoming.filter((file) => !kept.has(file))) {
      const [working, brought] = await Promise.all([
        this.files.find(path),
        this.blobAt(theirs, path),
      ]);
      if (working?.kind === 'file' && brought !== null && sameContent(working.content, brought)) {
        await this.files.delete(path);
      }
    }
    this.fs.refresh();
  }

  private async headOid(): Promise<string | null> {
    try {
      return await this.git.resolveRef({ fs: this.fs, dir: DIR, ref: 'HEAD' });
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return null;
      throw error;
    }
  }

  private async firstParent(oid: string): Promise<string | undefined> {
    const { commit } = await this.git.readCommit({ fs: this.fs, dir: DIR, oid, cache: this.cache });
    return commit.parent[0];
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

function sameContent(a: FileContent, b: FileContent): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.byteLength === b.byteLength && a.every((byte, at) => byte === b[at]);
}

function refNameOf(message: string | undefined): string {
  return /"([^"]*)"/.exec(message ?? '')?.[1] ?? '';
}
