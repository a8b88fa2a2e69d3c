import type { AuthCallback, GitAuth, HttpClient } from 'isomorphic-git';
import { CoveError } from '../../base/errors';
import { workspaceError } from '../workspace-errors';

/** A token for one host, as Settings → Git keeps it. */
export interface GitCredentials {
  username: string;
  token: string;
}

/** How far a clone, fetch, pull or push is: isomorphic-git's phase and counts. */
export interface GitProgress {
  phase: string;
  loaded: number;
  /** Absent while the count is unknown. */
  total?: number;
}

/** What a remote operation needs besides the repository. */
export interface GitRemoteOptions {
  /** isomorphic-git's HTTP client ({@link loadGitHttp}). */
  http: HttpClient;
  /**
   * The token for `host` (a URL's `host`, port included), or undefined when none is kept.
   * It is asked for only when the server refuses an anonymous request (401), and only for
   * the host of the repository's URL, so a token never reaches another server.
   */
  credentials?: (host: string) => Promise<GitCredentials | undefined>;
  /** A CORS proxy's URL ('' or absent: requests go to the server itself). */
  corsProxy?: string;
  onProgress?: (progress: GitProgress) => void;
}

/** isomorphic-git's HTTP client over the browser's fetch (loaded with the first remote action). */
export async function loadGitHttp(): Promise<HttpClient> {
  const module = (await import('isomorphic-git/http/web')) as HttpClient & {
    default?: HttpClient;
  };
  return module.default ?? module;
}

/** The name a clone's workspace gets: the URL's last segment without `.git`. */
export function repositoryNameOf(url: string): string {
  const last =
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  return decodeURIComponent(last.replace(/\.git$/, '')) || 'repository';
}

/** Checks a clone URL: http(s), no credentials in it (they would be stored in .git/config). */
export function checkRemoteUrl(url: string): string {
  const clean = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(clean);
  } catch {
    throw workspaceError('git-remote-url', { url: clean });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw workspaceError('git-remote-url', { url: clean, variant: 'protocol' });
  }
  if (parsed.username || parsed.password) {
    throw workspaceError('git-remote-url', { url: parsed.host, variant: 'credentials' });
  }
  return clean;
}

/**
 * The remote options as isomorphic-git takes them, plus what the error mapping needs to know
 * afterwards: whether a token was sent (a 401 then means "refused", not "needed").
 */
export function remoteArguments(options: GitRemoteOptions): {
  args: {
    http: HttpClient;
    corsProxy?: string;
    onAuth: AuthCallback;
    onProgress?: (progress: { phase: string; loaded: number; total?: number }) => void;
  };
  tokenSent: () => boolean;
} {
  let sent = false;
  const onAuth: AuthCallback = async (url): Promise<GitAuth | void> => {
    const host = hostOf(url);
    const found = host ? await options.credentials?.(host) : undefined;
    if (!found) return;
    sent = true;
    return { username: found.username || 'x-access-token', password: found.token };
  };
  const proxy = options.corsProxy?.trim();
  return {
    args: {
      http: options.http,
      onAuth,
      ...(proxy ? { corsProxy: proxy.replace(/\/+$/, '') } : {}),
      ...(options.onProgress
        ? {
            onProgress: ({ phase, loaded, total }) =>
              options.onProgress?.({ phase, loaded, ...(total ? { total } : {}) }),
          }
        : {}),
    },
    tokenSent: () => sent,
  };
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * A remote failure as a CoveError that says what to do: the server refused the token or
 * wants one, it did not answer at all (no CORS, offline, wrong host), the branch moved on
 * (pull first), or the repository is not there. Undefined for failures that are not the
 * network's (the caller words those).
 */
export function remoteError(
  error: unknown,
  context: { url: string; tokenSent: boolean; proxy: boolean; branch?: string },
): CoveError | undefined {
  if (error instanceof CoveError) return error;
  const failure = error as {
    code?: string;
    name?: string;
    message?: string;
    data?: { statusCode?: number; reason?: string; prettyDetails?: string };
  };
  const host = hostOf(context.url) ?? context.url;
  const status = failure.data?.statusCode;
  if (failure.code === 'HttpError' && (status === 401 || status === 403 || status === 203)) {
    return workspaceError(
      'git-auth',
      { host, variant: context.tokenSent || status === 403 ? 'refused' : 'needed' },
      { cause: error },
    );
  }
  if (failure.code === 'HttpError' && status === 404) {
    return workspaceError('git-remote-missing', { url: context.url }, { cause: error });
  }
  if (failure.code === 'SmartHttpError') {
    return workspaceError(
      'git-remote-missing',
      { url: context.url, variant: 'not-git' },
      { cause: error },
    );
  }
  const pushRefused =
    (failure.code === 'PushRejectedError' && failure.data?.reason === 'not-fast-forward') ||
    (failure.code === 'GitPushError' &&
      /non-fast-forward|fetch first|rejected/i.test(failure.data?.prettyDetails ?? ''));
  if (pushRefused) {
    return workspaceError('git-push-rejected', { branch: context.branch ?? '' }, { cause: error });
  }
  // fetch rejects with a TypeError when there is no response at all: a CORS refusal, a
  // refused connection or an unknown host look the same to a page.
  if (
    failure.name === 'TypeError' ||
    /Failed to fetch|fetch failed|NetworkError/i.test(failure.message ?? '')
  ) {
    return workspaceError(
      'git-unreachable',
      { host, variant: context.proxy ? 'proxy' : 'direct' },
      { cause: error },
    );
  }
  return undefined;
}
