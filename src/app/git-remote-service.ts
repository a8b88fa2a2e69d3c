import { createSignal, type Accessor } from 'solid-js';
import { retryingImport } from '../base/retrying-import';
import type { ChangeFeed } from '../store/change-feed';
import { SECRET_SETTING_PREFIX, type SettingsStore } from '../store/settings-store';
import type { GitCredentials, GitProgress, GitRemoteOptions } from '../workspace/git/git-remote';
import type { GitAuthor, GitRepository } from '../workspace/git/git-repository';
import { workspaceError } from '../workspace/workspace-errors';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';

/** Settings key of the CORS proxy's URL (Settings → Git; '' or absent: none). */
export const GIT_CORS_PROXY_KEY = 'git.corsProxy';
/** Secret setting of the tokens, by host: sealed at rest, out of backups, like API keys. */
export const GIT_TOKENS_KEY = `${SECRET_SETTING_PREFIX}gitTokens`;

/** A host Cove keeps a token for (the token itself stays in the service). */
export interface GitTokenHost {
  host: string;
  username: string;
}

/** The remote action under way, and how far it is. */
export interface GitRemoteActivity {
  action: 'clone' | 'fetch' | 'pull' | 'push';
  progress?: GitProgress;
}

/**
 * Clone, fetch, pull and push for the Source Control panel: the CORS proxy and the tokens
 * of Settings → Git, the progress of the action under way, and notices that say what
 * happened or what to do. Each action lets its requests through the page's network gate
 * (`allowOnce`) as the person asked for them. Actions resolve true when done.
 */
export interface GitRemoteService {
  readonly corsProxy: Accessor<string>;
  setCorsProxy(url: string): Promise<void>;
  readonly tokenHosts: Accessor<GitTokenHost[]>;
  saveToken(host: string, token: string, username?: string): Promise<void>;
  deleteToken(host: string): Promise<void>;
  /** Every token, for the redaction of logs, traces and exports. */
  secrets(): string[];
  readonly activity: Accessor<GitRemoteActivity | undefined>;
  /** `origin`'s URL of the open workspace's repository (read with each refresh). */
  readonly remoteUrl: Accessor<string | undefined>;
  readRemote(repo: GitRepository | undefined): Promise<void>;
  /** Clones `url` into a new workspace named after it, opened first. */
  clone(url: string, options?: { full?: boolean }): Promise<boolean>;
  fetch(): Promise<boolean>;
  pull(): Promise<boolean>;
  push(): Promise<boolean>;
}

const loadRemote = retryingImport(() => import('../workspace/git/git-remote'));

export function createGitRemoteService(deps: {
  settings: SettingsStore;
  changes: ChangeFeed;
  notices: NoticeService;
  workspaces: WorkspaceService;
  repository: () => Promise<GitRepository | undefined>;
  refresh: () => Promise<void>;
  author: Accessor<GitAuthor>;
  /** Lets one request to `url`'s origin through the page's network gate. */
  allowOnce?: (url: string) => void;
}): GitRemoteService {
  const { settings, notices, workspaces } = deps;
  const [corsProxy, setProxySignal] = createSignal('');
  const [tokens, setTokens] = createSignal<Record<string, GitCredentials>>({});
  const [activity, setActivity] = createSignal<GitRemoteActivity>();
  const [remoteUrl, setRemoteUrl] = createSignal<string>();

  const loadProxy = () =>
    settings.get<string>(GIT_CORS_PROXY_KEY).then((saved) => setProxySignal(saved ?? ''));
  const loadTokens = () =>
    settings.get<Record<string, unknown>>(GIT_TOKENS_KEY).then((saved) => {
      const readable: Record<string, GitCredentials> = {};
      for (const [host, value] of Object.entries(saved ?? {})) {
        const entry = value as Partial<GitCredentials>;
        // A token sealed with a lost profile key stays an object: it reads as none.
        if (typeof entry.token === 'string') {
          readable[host] = { token: entry.token, username: String(entry.username ?? '') };
        }
      }
      setTokens(readable);
    });
  void loadProxy();
  void loadTokens();
  deps.changes.subscribe(({ change }) => {
    if (change.type !== 'settings') return;
    if (change.key === GIT_CORS_PROXY_KEY) void loadProxy();
    if (change.key === GIT_TOKENS_KEY) void loadTokens();
  });

  async function options(url: string): Promise<GitRemoteOptions> {
    const { loadGitHttp } = await loadRemote();
    const proxy = corsProxy().trim();
    // What the browser reaches: the proxy when one is set, else the repository's host.
    deps.allowOnce?.(proxy || url);
    return {
      http: await loadGitHttp(),
      corsProxy: proxy,
      credentials: async (host) => tokens()[host],
      onProgress: (progress) =>
        setActivity((now) => (now ? { action: now.action, progress } : now)),
    };
  }

  async function act(
    action: GitRemoteActivity['action'],
    failure: string,
    task: () => Promise<string | undefined>,
  ): Promise<boolean> {
    if (activity()) return false;
    setActivity({ action });
    try {
      const said = await task();
      if (said) notices.show({ kind: 'success', text: said });
      return true;
    } catch (error) {
      notices.error(error, failure);
      return false;
    } finally {
      setActivity(undefined);
      await deps.refresh();
    }
  }

  async function openRepository(): Promise<{ repo: GitRepository; url: string }> {
    const repo = await deps.repository();
    if (!repo) throw workspaceError('no-workspace');
    const url = await repo.remoteUrl();
    if (!url) throw workspaceError('git-no-remote');
    return { repo, url };
  }

  async function writeTokens(next: Record<string, GitCredentials>) {
    await settings.set(GIT_TOKENS_KEY, next);
    setTokens(next);
  }

  return {
    corsProxy,
    async setCorsProxy(url) {
      const clean = url.trim();
      await settings.set(GIT_CORS_PROXY_KEY, clean);
      setProxySignal(clean);
    },
    tokenHosts: () =>
      Object.entries(tokens())
        .map(([host, entry]) => ({ host, username: entry.username }))
        .sort((a, b) => a.host.localeCompare(b.host)),
    async saveToken(host, token, username = '') {
      await writeTokens({
        ...tokens(),
        [host.trim().toLowerCase()]: { token: token.trim(), username: username.trim() },
      });
    },
    async deleteToken(host) {
      const next = { ...tokens() };
      delete next[host];
      await writeTokens(next);
    },
    secrets: () => Object.values(tokens()).map((entry) => entry.token),
    activity,
    remoteUrl,
    async readRemote(repo) {
      setRemoteUrl(repo ? await repo.remoteUrl().catch(() => undefined) : undefined);
    },
    clone: (url, choice = {}) =>
      act('clone', 'Could not clone the repository', async () => {
        const { checkRemoteUrl, repositoryNameOf } = await loadRemote();
        const clean = checkRemoteUrl(url);
        const workspace = await workspaces.create(repositoryNameOf(clean));
        const repo = await deps.repository();
        if (!repo) throw workspaceError('no-workspace');
        try {
          await repo.clone(clean, { ...(await options(clean)), full: !!choice.full });
        } catch (error) {
          // An empty workspace named after a repository that is not in it would mislead.
          await workspaces.delete(workspace.id).catch(() => undefined);
          throw error;
        }
        return `Cloned ${clean} into the workspace "${workspace.name}"${choice.full ? '' : ' (latest commit only)'}.`;
      }),
    fetch: () =>
      act('fetch', 'Could not fetch', async () => {
        const { repo, url } = await openRepository();
        await repo.fetch(await options(url));
        return `Fetched from ${url}.`;
      }),
    pull: () =>
      act('pull', 'Could not pull', async () => {
        const { repo, url } = await openRepository();
        const result = await repo.pull(await options(url), deps.author());
        if (result.kind === 'conflicts') {
          notices.show({
            kind: 'info',
            sticky: true,
            text: `The pull merged with conflicts in ${result.paths.join(', ')}. Open each file and choose Accept current, incoming or both on each region (or edit the lines between <<<<<<< and >>>>>>>), stage it, then commit the merge; Abort merge in the Git panel puts everything back.`,
          });
          return undefined;
        }
        return result.kind === 'up-to-date'
          ? 'Already up to date.'
          : result.kind === 'fast-forward'
            ? `Pulled the new commits from ${url}.`
            : `Pulled from ${url} and merged (a merge commit).`;
      }),
    push: () =>
      act('push', 'Could not push', async () => {
        const { repo, url } = await openRepository();
        await repo.push(await options(url));
        return `Pushed to ${url}.`;
      }),
  };
}
