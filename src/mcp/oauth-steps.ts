import type { FetchLike } from '../llm/fetch-like';

/**
 * Which step of an OAuth sign-in a request belongs to, told from the request alone (the
 * SDK's `auth()` makes them; Cove only watches), so a failure can say which step failed:
 * the protected resource's metadata, the authorization server's metadata, registration,
 * the token exchange, a refresh, a revocation.
 */
export type OAuthStep =
  | 'resource-metadata'
  | 'server-metadata'
  | 'registration'
  /** The user's answer on the authorization page (consent), told by the callback. */
  | 'authorization'
  | 'token'
  | 'refresh'
  | 'revocation';

/** The last OAuth request of an attempt, and whether the network failed on it. */
export interface OAuthStepRecord {
  step: OAuthStep;
  url: string;
  /** True when no answer could be read (CORS, or nothing answered). */
  networkFailed: boolean;
}

/** The step `input`/`init` belongs to, or undefined for an MCP request. */
export function oauthStepOf(
  input: string | URL | Request,
  init?: RequestInit,
): OAuthStep | undefined {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const path = url.pathname;
  if (path.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (
    path.includes('/.well-known/oauth-authorization-server') ||
    path.includes('/.well-known/openid-configuration')
  ) {
    return 'server-metadata';
  }
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'POST') return undefined;
  const body = init?.body;
  if (body instanceof URLSearchParams) {
    const grant = body.get('grant_type');
    if (grant === 'refresh_token') return 'refresh';
    if (grant) return 'token';
    if (body.has('token')) return 'revocation';
    return undefined;
  }
  // Dynamic client registration posts the client's metadata as JSON.
  if (typeof body === 'string' && body.includes('"redirect_uris"')) return 'registration';
  return undefined;
}

/**
 * `fetch`, watched: `last()` is the OAuth request made last (since `reset()`), so a
 * failure of `auth()` can be told by its step; or the first one no answer came to, since
 * the SDK goes on without what it could not read (no metadata: it guesses the endpoints)
 * and the first failure is the cause.
 */
export function watchOAuthSteps(fetch: FetchLike): {
  fetch: FetchLike;
  last(): OAuthStepRecord | undefined;
  reset(): void;
} {
  let last: OAuthStepRecord | undefined;
  let firstUnanswered: OAuthStepRecord | undefined;
  return {
    fetch: async (input, init) => {
      const step = oauthStepOf(input, init);
      if (!step) return fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      last = { step, url, networkFailed: false };
      const record = last;
      try {
        const response = await fetch(input, init);
        // Tokens in hand: what fails after this is not the sign-in's.
        if (response.ok && (step === 'token' || step === 'refresh') && last === record) {
          last = undefined;
          firstUnanswered = undefined;
        }
        return response;
      } catch (error) {
        record.networkFailed = true;
        firstUnanswered ??= record;
        throw error;
      }
    },
    last: () => firstUnanswered ?? last,
    reset: () => {
      last = undefined;
      firstUnanswered = undefined;
    },
  };
}
