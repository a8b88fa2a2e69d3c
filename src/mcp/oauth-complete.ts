import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '../llm/fetch-like';
import { readAuthorizationAnswer } from './oauth-callback';
import { classifyOAuthFailure } from './mcp-errors';
import type { McpOAuthProvider } from './oauth-provider';
import { watchOAuthSteps } from './oauth-steps';

/**
 * Finishes a sign-in when the user comes back to Cove's callback page (issue 20): checks the
 * answer's `state` against the sign-in under way, and exchanges the code through the SDK's
 * `auth()` (PKCE verifier, resource, the client it registered). Throws a CoveError
 * (`mcp-oauth`) that says which step failed: the user denied, the exchange was refused…
 */
export async function completeMcpSignIn(
  provider: McpOAuthProvider,
  answer: URL,
  fetch: FetchLike,
  pageOrigin?: string,
): Promise<void> {
  const steps = watchOAuthSteps(fetch);
  const url = provider.serverUrl;
  try {
    const code = await readAuthorizationAnswer(answer, await provider.pendingState());
    await auth(provider, { serverUrl: url, authorizationCode: code, fetchFn: steps.fetch });
  } catch (error) {
    throw classifyOAuthFailure(error, {
      url,
      step: steps.last() ?? { step: 'authorization', url, networkFailed: false },
      ...(pageOrigin ? { pageOrigin } : {}),
    });
  }
}
