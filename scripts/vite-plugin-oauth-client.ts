import type { Plugin } from 'vite';

/**
 * Cove's OAuth Client ID Metadata Document (issue 20), written into the build as
 * `oauth-client-metadata.json` when COVE_PUBLIC_URL says where Cove is served (e.g.
 * `https://cove.example/tools/`, BASE_PATH included): its `client_id` is its own URL and its
 * redirect URI the callback page beside it. Without COVE_PUBLIC_URL no document is written
 * and Cove registers itself with each authorization server (dynamic registration).
 */
export function oauthClientMetadata(publicUrl: string | undefined): Plugin {
  return {
    name: 'cove-oauth-client-metadata',
    apply: 'build',
    generateBundle() {
      if (!publicUrl) return;
      const root = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
      const document = {
        client_id: `${root}oauth-client-metadata.json`,
        client_name: 'Cove',
        client_uri: root,
        redirect_uris: [`${root}oauth-callback.html`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
      this.emitFile({
        type: 'asset',
        fileName: 'oauth-client-metadata.json',
        source: `${JSON.stringify(document, null, 2)}\n`,
      });
    },
  };
}
