import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';

/**
 * What Cove keeps of one MCP server's OAuth sign-in (issue 20): the tokens, the client
 * identity the authorization server knows Cove by, what discovery found, and the PKCE
 * verifier and state of a sign-in under way. `serverUrl` binds the record to the server it
 * was made for: a record read for any other URL counts as empty, so a token never reaches a
 * server it was not issued for even when a server's URL is edited.
 */
export interface McpOAuthRecord {
  serverUrl: string;
  tokens?: OAuthTokens;
  /** When the access token stops working (ms since epoch), from `expires_in`. */
  expiresAt?: number;
  clientInformation?: OAuthClientInformationMixed;
  discovery?: OAuthDiscoveryState;
  codeVerifier?: string;
  /** The `state` of the authorization request under way, checked when the user comes back. */
  state?: string;
  /**
   * The authorization server client credentials first got a token from, for that client id:
   * they are presented to no other (./client-credentials.ts).
   */
  credentialsIssuer?: { clientId: string; issuer: string };
}

/**
 * Where the records rest, by server id. The app's store seals them like API keys
 * (src/app/mcp-oauth-store.ts); tests and the conformance client keep them in memory.
 */
export interface McpOAuthStore {
  load(serverId: string): Promise<McpOAuthRecord | undefined>;
  save(serverId: string, record: McpOAuthRecord): Promise<void>;
  delete(serverId: string): Promise<void>;
}

/** A store in a Map, for tests and headless clients. */
export function createMemoryOAuthStore(): McpOAuthStore & { records: Map<string, McpOAuthRecord> } {
  const records = new Map<string, McpOAuthRecord>();
  return {
    records,
    load: (serverId) => Promise.resolve(structuredClone(records.get(serverId))),
    save: (serverId, record) => {
      records.set(serverId, structuredClone(record));
      return Promise.resolve();
    },
    delete: (serverId) => {
      records.delete(serverId);
      return Promise.resolve();
    },
  };
}
