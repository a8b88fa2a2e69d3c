import type { HeaderMap } from '../llm/secret-headers';
import type { McpClientCredentials } from '../mcp/server-config';

/** What the settings form hands over for an MCP server (src/app/mcp-service.ts checks it). */
export interface McpServerDraft {
  name: string;
  url: string;
  headers: HeaderMap;
  enabled?: boolean;
  approval?: 'ask' | 'auto';
  trustReadOnlyHint?: boolean;
  /** A client id registered by hand with the server's authorization server (OAuth). */
  oauthClientId?: string;
  /** Client credentials instead of the browser sign-in (src/mcp/client-credentials.ts). */
  signIn?: McpClientCredentials;
}
