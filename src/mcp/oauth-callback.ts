import { parseErrorResponse } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '../llm/fetch-like';

/**
 * The authorization server's answer, as it comes back to Cove's redirect URL: the code, or
 * an OAuth error (`access_denied` when the user said no). Throws the SDK's OAuthError for an
 * error answer, and for a `state` that is not the one sent (an answer to some other request).
 */
export async function readAuthorizationAnswer(
  callback: URL,
  expectedState: string | undefined,
): Promise<string> {
  const params = callback.searchParams;
  const error = params.get('error');
  if (error) {
    throw await parseErrorResponse(
      JSON.stringify({ error, error_description: params.get('error_description') ?? undefined }),
    );
  }
  if (expectedState !== undefined && params.get('state') !== expectedState) {
    throw await parseErrorResponse(
      JSON.stringify({
        error: 'invalid_request',
        error_description: 'The answer does not belong to the sign-in Cove started (state).',
      }),
    );
  }
  const code = params.get('code');
  if (!code) {
    throw await parseErrorResponse(
      JSON.stringify({ error: 'invalid_request', error_description: 'No code in the answer.' }),
    );
  }
  return code;
}

/** True when `url` is the redirect URL (same origin and path; the query is the answer). */
export function isRedirectBack(url: URL, redirectUrl: string): boolean {
  const back = new URL(redirectUrl);
  return url.origin === back.origin && url.pathname === back.pathname;
}

/**
 * Follows the authorization request the way a browser would, without one: for
 * authorization servers that answer at once with a redirect (test servers, the conformance
 * suite's). Resolves with the code, or undefined when a page wants a person (a form).
 */
export async function followAuthorizationHeadless(
  fetch: FetchLike,
  authorizationUrl: URL,
  redirectUrl: string,
  state: string | undefined,
): Promise<string | undefined> {
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (isRedirectBack(url, redirectUrl)) return readAuthorizationAnswer(url, state);
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return undefined;
    url = new URL(location, url);
  }
  return undefined;
}
