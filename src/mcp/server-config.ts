import type { CoveError, ErrorParams } from '../base/errors';
import { checkRequestHeaders } from '../llm/request-headers';
import type { HeaderMap } from '../llm/secret-headers';
import { mcpError } from './mcp-error-codes';

/**
 * One MCP server the user named (issue 12, DESIGN.md "MCP"). Its headers may carry secrets
 * (Authorization, API keys): the store keeps them apart with src/llm/secret-headers.ts, and
 * nothing in src/mcp logs them.
 */
export interface McpServerConfig {
  /** Stable id; never shown. */
  id: string;
  /** What the user calls it; also the `<server>` part of tool names. */
  name: string;
  /** The endpoint: Streamable HTTP (`…/mcp`) or the older HTTP+SSE (`…/sse`). */
  url: string;
  /** Extra request headers, e.g. `Authorization: Bearer …`; values are secrets. */
  headers: HeaderMap;
  /** Disabled servers offer no tools and are never contacted. */
  enabled: boolean;
  /** `ask`: every call asks; `auto`: calls run without asking (the user chose so). */
  approval: 'ask' | 'auto';
  /**
   * When true, tools the server marks `readOnlyHint` run without asking. A server's hint is
   * its own claim, so it counts only when the user opted in for this server.
   */
  trustReadOnlyHint?: boolean;
  /**
   * A client id the user registered with the server's authorization server, for servers
   * that neither take Cove's Client ID Metadata Document nor let it register (issue 20).
   */
  oauthClientId?: string;
  /**
   * How Cove signs in when the server asks: absent, in the browser (OAuth with a person);
   * otherwise with client credentials and no person (./client-credentials.ts).
   */
  signIn?: McpClientCredentials;
}

/** The signing algorithms offered for private_key_jwt (the SDK signs with jose). */
export const JWT_ALGORITHMS = ['RS256', 'ES256', 'PS256', 'RS384', 'ES384', 'EdDSA'] as const;

/**
 * Client credentials (the OAuth client_credentials grant, SEP-1046): a client registered
 * with the server's authorization server, proven by a secret or by a JWT signed with a
 * private key. `clientSecret` and `privateKey` are secrets: sealed at rest, never logged.
 */
export type McpClientCredentials =
  | { kind: 'client-secret'; clientId: string; clientSecret: string }
  | { kind: 'private-key-jwt'; clientId: string; privateKey: string; algorithm: string };

/** The secret of `credentials`: the client secret or the private key. */
export function credentialsSecret(credentials: McpClientCredentials): string {
  return credentials.kind === 'client-secret' ? credentials.clientSecret : credentials.privateKey;
}

/**
 * The strings of `credentials` the redactor must hide: the secret as typed, and for a key
 * its parts as they could show up alone (a PEM's base64 body, a JWK's private members).
 */
export function credentialsSecretValues(credentials: McpClientCredentials): string[] {
  const secret = credentialsSecret(credentials);
  if (credentials.kind === 'client-secret') return [secret];
  const trimmed = secret.trim();
  if (trimmed.startsWith('{')) {
    try {
      const jwk = JSON.parse(trimmed) as Record<string, unknown>;
      const parts = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].map((name) => jwk[name]);
      return [secret, ...parts.filter((part): part is string => typeof part === 'string')];
    } catch {
      return [secret];
    }
  }
  const body = trimmed.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  return body ? [secret, body] : [secret];
}

/**
 * Checks client credentials as the form hands them over; throws `mcp-invalid-sign-in`
 * (`field`: client-id, secret, key, algorithm) naming what is missing.
 */
export function checkClientCredentials(credentials: McpClientCredentials): McpClientCredentials {
  const clientId = credentials.clientId.trim();
  if (!clientId) throw mcpError('mcp-invalid-sign-in', { field: 'client-id' });
  if (credentials.kind === 'client-secret') {
    if (!credentials.clientSecret) throw mcpError('mcp-invalid-sign-in', { field: 'secret' });
    return { ...credentials, clientId };
  }
  const privateKey = credentials.privateKey.trim();
  if (!privateKey) throw mcpError('mcp-invalid-sign-in', { field: 'key' });
  if (!(JWT_ALGORITHMS as readonly string[]).includes(credentials.algorithm)) {
    throw mcpError('mcp-invalid-sign-in', { field: 'algorithm' });
  }
  const isJwk = privateKey.startsWith('{');
  if (
    isJwk ? !parsesAsObject(privateKey) : !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)
  ) {
    throw mcpError('mcp-invalid-sign-in', { field: 'key', variant: 'format' });
  }
  return { ...credentials, clientId, privateKey };
}

function parsesAsObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The sign-in fields of a draft as a config keeps them: client credentials when chosen
 * (checked), otherwise the optional client id of the browser sign-in.
 */
export function signInFields(draft: {
  oauthClientId?: string;
  signIn?: McpClientCredentials;
}): Pick<McpServerConfig, 'oauthClientId' | 'signIn'> {
  if (draft.signIn) return { signIn: checkClientCredentials(draft.signIn) };
  const clientId = draft.oauthClientId?.trim();
  return clientId ? { oauthClientId: clientId } : {};
}

/**
 * Headers Cove sets itself; a user value would break the protocol. Their sentences reach the
 * catalog as English inside params (`problem`, `problemHint`), like those of the shared header
 * check (src/llm/request-headers.ts), as for providers.
 */
const RESERVED_HEADERS = ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version'].map(
  (name) => ({
    name,
    problem: `The header “${name}” is set by Cove's MCP client.`,
    hint: 'Remove that row; Cove sends it itself.',
  }),
);

/** The longest server name kept; tool names are capped at 64 characters anyway. */
export const MAX_SERVER_NAME_LENGTH = 40;

/**
 * Checks a server as the settings form hands it over and returns it cleaned (trimmed name
 * and URL, checked headers). Throws a CoveError (`mcp-invalid-name`, `-url` or `-headers`, see
 * {@link MCP_CONFIG_ERROR_CODES}) saying what to fix:
 * an empty or overlong name, a URL that is not http(s), a bad header.
 */
export function validateMcpServerConfig(config: McpServerConfig): McpServerConfig {
  const name = config.name.trim();
  if (!name) throw invalid('name', { variant: 'empty' });
  if (name.length > MAX_SERVER_NAME_LENGTH) {
    throw invalid('name', { variant: 'too-long', max: MAX_SERVER_NAME_LENGTH });
  }
  const url = config.url.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('url', { variant: 'not-a-url', url });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid('url', { variant: 'not-http', protocol: parsed.protocol });
  }
  if (parsed.username || parsed.password) {
    throw invalid('url', { variant: 'credentials' });
  }
  const headers = checkRequestHeaders(config.headers, RESERVED_HEADERS);
  if (!headers.ok) {
    throw invalid('headers', { problem: headers.problem, problemHint: headers.hint });
  }
  return { ...config, name, url: parsed.href, headers: headers.headers };
}

/** The CoveError codes of {@link validateMcpServerConfig}, by the field they are about. */
export const MCP_CONFIG_ERROR_CODES = {
  name: 'mcp-invalid-name',
  url: 'mcp-invalid-url',
  headers: 'mcp-invalid-headers',
} as const;

function invalid(field: keyof typeof MCP_CONFIG_ERROR_CODES, params: ErrorParams): CoveError {
  return mcpError(MCP_CONFIG_ERROR_CODES[field], params);
}
