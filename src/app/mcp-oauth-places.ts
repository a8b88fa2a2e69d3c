/**
 * Where Cove's MCP sign-in lives in a deployment (issue 20): the callback page
 * (public/oauth-callback.html) and the Client ID Metadata Document
 * (oauth-client-metadata.json, written at build by scripts/vite-plugin-oauth-client.ts when
 * COVE_PUBLIC_URL names where Cove is served), both under BASE_PATH.
 */

/** The sessionStorage key the callback page hands the answer over under. */
export const OAUTH_ANSWER_KEY = 'cove.mcp-oauth-answer';

export interface McpOAuthPlaces {
  redirectUrl: string;
  clientMetadataUrl?: string;
}

/**
 * The URLs for a page at `origin` served from `base`. The metadata document is used only
 * where the build wrote it for this very origin and base (`builtFor`), over https: its
 * `client_id` must be its own URL, and authorization servers fetch it.
 */
export function mcpOAuthPlaces(origin: string, base: string, builtFor: string): McpOAuthPlaces {
  const root = new URL(base, origin).href;
  const clientMetadataUrl = `${root}oauth-client-metadata.json`;
  return {
    redirectUrl: `${root}oauth-callback.html`,
    ...(builtFor === root && root.startsWith('https:') ? { clientMetadataUrl } : {}),
  };
}
