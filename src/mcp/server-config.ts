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
