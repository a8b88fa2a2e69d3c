import type { FetchLike } from '../llm/fetch-like';
import type { McpOAuthProvider } from './oauth-provider';

/**
 * Sign out of an MCP server (issue 20): the tokens are forgotten here whatever happens, and
 * revoked at the authorization server first where it offers revocation (RFC 7009; the SDK
 * has no call for it). Returns whether the server confirmed the revocation; a failure to
 * revoke is not a failure to sign out, since Cove no longer holds the token.
 */
export async function signOutOfMcpServer(
  provider: McpOAuthProvider,
  fetch: FetchLike,
): Promise<{ revoked: boolean }> {
  const tokens = await provider.tokens();
  // OpenID metadata has no revocation_endpoint in the SDK's type; OAuth metadata does.
  const metadata = (await provider.discoveryState())?.authorizationServerMetadata as
    { revocation_endpoint?: string } | undefined;
  const endpoint = metadata?.revocation_endpoint;
  const client = await provider.clientInformation();
  let revoked = false;
  if (tokens && endpoint && client) {
    // The refresh token first: revoking it ends the grant, access tokens with it on most servers.
    const candidates: [string, string][] = [];
    if (tokens.refresh_token) candidates.push([tokens.refresh_token, 'refresh_token']);
    candidates.push([tokens.access_token, 'access_token']);
    revoked = true;
    for (const [token, hint] of candidates) {
      const body = new URLSearchParams({
        token,
        token_type_hint: hint,
        client_id: client.client_id,
      });
      if (client.client_secret) body.set('client_secret', client.client_secret);
      try {
        const response = await fetch(endpoint, { method: 'POST', body });
        await response.body?.cancel();
        revoked &&= response.ok;
      } catch {
        revoked = false;
      }
    }
  }
  await provider.forgetTokens();
  return { revoked };
}
