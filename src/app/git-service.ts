import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import type { ChangeFeed } from '../store/change-feed';
import type { SettingsStore } from '../store/settings-store';
import { retryingImport } from '../base/retrying-import';
import type {
  GitApi,
  GitAuthor,
  GitBranches,
  GitCommitInfo,
  GitFileVersions,
  GitRepository,
} from '../workspace/git/git-repository';
import { installGitBuffer } from '../workspace/git/git-buffer';
import type { GitCommitFile } from '../workspace/git/git-commit-changes';
import type { FileContent } from '../store/records';
import type { GitFileStatus } from '../workspace/git/git-status';
import { workspaceError } from '../workspace/workspace-errors';
import type { WorkspaceFiles } from '../workspace/workspace-files';
import { createAgentCommit, type AgentCommit, type CommitWriter } from './git-agent-commit';
import { createGitRemoteService, type GitRemoteService } from './git-remote-service';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';

/** Settings key of the commit author (Settings → Git). */
export const GIT_AUTHOR_KEY = 'git.author';

/** What the Source Control panel shows. */
export type GitState =
  | { kind: 'loading' }
  | { kind: 'none' }
  | {
      kind: 'ready';
      files: GitFileStatus[];
      log: GitCommitInfo[];
      branches: GitBranches;
      /** A pull's merge is under way (conflicts to resolve, or its commit to make). */
      merging: boolean;
    };

/**
 * The Source Control panel's state and actions over the open workspace's repository
 * (src/workspace/git). isomorphic-git loads the first time the panel (or a git tool) needs
 * it. The state follows every change of the workspace's files, git's own included, from this
 * tab or another, a quarter second after the last. Actions report failures as notices that
 * say what to do and resolve false; they resolve true when done.
 */
export interface GitService {
  readonly state: Accessor<GitState>;
  readonly author: Accessor<GitAuthor>;
  /** Saves the commit author (Settings → Git). */
  setAuthor(author: GitAuthor): Promise<void>;
  /**
   * Starts following the repository while the panel is shown; `deactivate` stops (saves
   * made while it is hidden do not read the whole repository's status again).
   */
  activate(): void;
  deactivate(): void;
  refresh(): Promise<void>;
  init(): Promise<boolean>;
  stage(path: string): Promise<boolean>;
  unstage(path: string): Promise<boolean>;
  /** Sets the index's text of `path` (staging or unstaging one change of it). */
  stageText(path: string, text: string): Promise<boolean>;
  stageAll(): Promise<boolean>;
  discard(path: string): Promise<boolean>;
  commit(message: string): Promise<boolean>;
  /**
   * Ends a pull's merge without committing it: HEAD, the index and the files as before the
   * pull (`git merge --abort`). `context` words the notice of a failure.
   */
  abortMerge(context: string): Promise<boolean>;
  /** Replaces the last commit with what is staged and `message` (blank: its own message). */
  amend(message: string): Promise<boolean>;
  /** The files commit `oid` changed; undefined after a notice when it cannot be read. */
  commitFiles(oid: string): Promise<GitCommitFile[] | undefined>;
  /** File `path` before and after commit `oid`, for the merge view. */
  commitVersions(
    oid: string,
    path: string,
  ): Promise<{ before: FileContent | null; after: FileContent | null } | undefined>;
  createBranch(name: string): Promise<boolean>;
  switchBranch(name: string): Promise<boolean>;
  deleteBranch(name: string): Promise<boolean>;
  /** The file in HEAD, the index and the working tree, for the merge view. */
  versions(path: string): Promise<GitFileVersions | undefined>;
  /** The open workspace's repository object (for the agent's git tools); undefined when none. */
  repository(): Promise<GitRepository | undefined>;
  /** Clone, fetch, pull, push; the CORS proxy and tokens of Settings → Git. */
  readonly remote: GitRemoteService;
  /** "Commit the agent's changes" after a run. */
  readonly agentCommit: AgentCommit;
}

const REFRESH_DELAY_MS = 250;

/** isomorphic-git as the page needs it: with a Buffer, which browsers do not have. */
async function loadGitForPage(): Promise<GitApi> {
  await installGitBuffer(globalThis as { Buffer?: unknown });
  return (await loadRepositoryModule()).loadGit();
}

/** Cove's repository over isomorphic-git, loaded with git's first use (not in the first load). */
const loadRepositoryModule = retryingImport(() => import('../workspace/git/git-repository'));

export function createGitService(deps: {
  workspaces: WorkspaceService;
  settings: SettingsStore;
  changes: ChangeFeed;
  notices: NoticeService;
  clock: Clock;
  /** isomorphic-git, for tests that pass it in; default: loaded on first use. */
  loadGit?: () => Promise<GitApi>;
  /** Lets one request to `url`'s origin through the page's network gate (remote actions). */
  allowOnce?: (url: string) => void;
  /** Proposes the message of "Commit the agent's changes"; absent: made from the run. */
  writer?: CommitWriter;
}): GitService {
  const { workspaces, settings, changes, notices, clock } = deps;
  const [state, setState] = createSignal<GitState>({ kind: 'loading' });
  const [author, setAuthorSignal] = createSignal<GitAuthor>({ name: '', email: '' });
  let gitApi: Promise<GitApi> | undefined;
  let cached: { files: WorkspaceFiles; repo: GitRepository } | undefined;
  let active = false;
  let cancelPending: (() => void) | undefined;
  let generation = 0;

  void settings.get<GitAuthor>(GIT_AUTHOR_KEY).then((saved) => {
    if (saved) setAuthorSignal({ name: saved.name ?? '', email: saved.email ?? '' });
  });

  async function repository(): Promise<GitRepository | undefined> {
    const files = workspaces.files();
    if (!files) return undefined;
    if (cached?.files !== files) {
      gitApi ??= (deps.loadGit ?? loadGitForPage)().catch((error: unknown) => {
        gitApi = undefined;
        throw error;
      });
      const [{ GitRepository }, api] = await Promise.all([loadRepositoryModule(), gitApi]);
      cached = { files, repo: new GitRepository(files, clock, api) };
    }
    return cached.repo;
  }

  async function refresh(): Promise<void> {
    const current = ++generation;
    try {
      const repo = await repository();
      if (!repo || !(await repo.exists())) {
        if (current === generation) setState({ kind: 'none' });
        await remote.readRemote(undefined);
        return;
      }
      const [files, log, branches, merging] = await Promise.all([
        repo.status(),
        repo.log(),
        repo.branches(),
        repo.merging(),
        remote.readRemote(repo),
      ]);
      if (current === generation) setState({ kind: 'ready', files, log, branches, merging });
    } catch (error) {
      if (current === generation) notices.error(error, 'Could not read the repository');
    }
  }

  function schedule() {
    if (!active) return;
    cancelPending?.();
    cancelPending = clock.schedule(() => {
      cancelPending = undefined;
      void refresh();
    }, REFRESH_DELAY_MS);
  }

  changes.subscribe(({ change }) => {
    const files = workspaces.files();
    if (change.type === 'files' && files && change.workspaceId === files.workspaceId) schedule();
    if (change.type === 'settings' && change.key === GIT_AUTHOR_KEY) {
      void settings.get<GitAuthor>(GIT_AUTHOR_KEY).then((saved) => {
        if (saved) setAuthorSignal(saved);
      });
    }
  });
  const remote = createGitRemoteService({
    settings,
    changes,
    notices,
    workspaces,
    repository,
    refresh,
    author,
    ...(deps.allowOnce ? { allowOnce: deps.allowOnce } : {}),
  });

  workspaces.onWorkspaceChanged(() => {
    if (!active) return;
    setState({ kind: 'loading' });
    void refresh();
  });

  /** Runs one action on the repository; a failure becomes a notice. */
  async function act(
    context: string,
    action: (repo: GitRepository) => Promise<unknown>,
  ): Promise<boolean> {
    try {
      const repo = await repository();
      if (!repo) throw workspaceError('no-workspace');
      await action(repo);
      await refresh();
      return true;
    } catch (error) {
      notices.error(error, context);
      return false;
    }
  }

  /** Reads commit `oid` of the log; a failure becomes a notice and undefined. */
  async function readCommit<T>(
    oid: string,
    read: (repo: GitRepository) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      const repo = await repository();
      return repo ? await read(repo) : undefined;
    } catch (error) {
      notices.error(error, `Could not read commit ${oid.slice(0, 7)}`);
      return undefined;
    }
  }

  return {
    state,
    author,
    async setAuthor(next) {
      const clean = { name: next.name.trim(), email: next.email.trim() };
      await settings.set(GIT_AUTHOR_KEY, clean);
      setAuthorSignal(clean);
    },
    activate() {
      if (active) return;
      active = true;
      void refresh();
    },
    deactivate() {
      active = false;
      cancelPending?.();
      cancelPending = undefined;
    },
    refresh,
    init: () => act('Could not initialize the repository', (repo) => repo.init()),
    stage: (path) => act(`Could not stage ${path}`, (repo) => repo.stage(path)),
    unstage: (path) => act(`Could not unstage ${path}`, (repo) => repo.unstage(path)),
    stageText: (path, text) =>
      act(`Could not stage the change to ${path}`, (repo) => repo.stageText(path, text)),
    stageAll: () => act('Could not stage the changes', (repo) => repo.stageAll()),
    async discard(path) {
      // What the person had, so that the notice's Undo can put it back: a discard must not
      // be the one way text typed into Cove is lost.
      const files = workspaces.files();
      const had = files ? await files.find(path).catch(() => undefined) : undefined;
      const done = await act(`Could not discard the changes to ${path}`, (repo) =>
        repo.discard(path),
      );
      if (!done || !files) return done;
      notices.show({
        kind: 'success',
        text: `Discarded the changes to ${path}.`,
        action: {
          label: 'Undo',
          run: () =>
            void (had ? files.write(path, had.content) : files.delete(path))
              .then(() => refresh())
              .catch((error: unknown) =>
                notices.error(error, `Could not undo the discard of ${path}`),
              ),
        },
      });
      return true;
    },
    commit: (message) => act('Could not commit', (repo) => repo.commit(message, author())),
    abortMerge: (context) => act(context, (repo) => repo.abortMerge()),
    amend: (message) =>
      act('Could not amend the last commit', (repo) => repo.amend(message, author())),
    commitFiles: (oid) => readCommit(oid, (repo) => repo.commitFiles(oid)),
    commitVersions: (oid, path) => readCommit(oid, (repo) => repo.commitVersions(oid, path)),
    createBranch: (name) => act('Could not create the branch', (repo) => repo.createBranch(name)),
    switchBranch: (name) => act('Could not switch branches', (repo) => repo.switchBranch(name)),
    deleteBranch: (name) => act('Could not delete the branch', (repo) => repo.deleteBranch(name)),
    async versions(path) {
      try {
        return await (await repository())?.versions(path);
      } catch (error) {
        notices.error(error, `Could not read ${path}`);
        return undefined;
      }
    },
    repository,
    remote,
    agentCommit: createAgentCommit({
      repository,
      author,
      writer: deps.writer,
      notices,
      refresh,
    }),
  };
}
