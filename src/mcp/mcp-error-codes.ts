import { CoveError, type ErrorParams } from '../base/errors';

/**
 * The MCP client's error codes and their constructor, apart from the classification of the
 * SDK's errors (mcp-errors.ts): settings, the composer and the error catalog need these at
 * start, and importing the SDK's error classes would bring the SDK (and zod) into the first
 * load.
 */

/**
 * The codes of the MCP client's errors, its server settings' (server-config.ts) and the
 * composer's prompt commands' (src/app/mcp-composer.ts) included, for the catalog
 * (src/app/messages/mcp-messages.ts) to word each one.
 */
export const MCP_ERROR_CODES = [
  'mcp-timeout',
  'mcp-cancelled',
  'mcp-unauthorized',
  /** The server wants an OAuth sign-in that has not happened (or expired): Settings signs in. */
  'mcp-sign-in-required',
  /** A step of the OAuth sign-in failed (`step`, `variant`: cors, denied, refused…). */
  'mcp-oauth',
  'mcp-session-header',
  'mcp-mixed-content',
  'mcp-local-network',
  'mcp-cors',
  'mcp-unreachable',
  'mcp-http',
  'mcp-server-error',
  'mcp-failed',
  /** A request on a connection that was closed. */
  'mcp-closed',
  /** Settings → MCP: a field of a server's settings that cannot be saved. */
  'mcp-invalid-name',
  'mcp-invalid-url',
  'mcp-invalid-headers',
  /** Settings → MCP: client credentials with a field missing or malformed (`field`). */
  'mcp-invalid-sign-in',
  /**
   * Signing in with client credentials failed (`variant`: refused, no-token-endpoint,
   * bad-key, issuer), with no person to ask: the settings must change.
   */
  'mcp-client-credentials',
  /** A prompt command (`/<server>:<prompt>`) naming a prompt the server does not offer. */
  'mcp-no-prompt',
  /** A prompt command without the arguments its prompt requires. */
  'mcp-prompt-arguments',
  /** A resource template attached with a required variable left empty. */
  'mcp-template-values',
] as const;

/** One of {@link MCP_ERROR_CODES}. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[number];

/**
 * An MCP error: its code and the parameters of its wording (the catalog words it, in
 * src/app/messages/mcp-messages.ts): the server's `host` (or `server` name), a `status`, a
 * `detail` with the server's own words… `variant` names which of a code's sentences fits.
 */
export function mcpError(
  code: McpErrorCode,
  params: ErrorParams = {},
  options?: { cause?: unknown },
): CoveError<McpErrorCode> {
  return new CoveError(code, params, options);
}

/** The request headers an MCP client sends, which a server's CORS preflight must allow. */
export const MCP_CORS_REQUEST_HEADERS = [
  'content-type',
  'authorization',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
];

/** The response headers the client must read, which the server must expose. */
export const MCP_CORS_EXPOSED_HEADERS = [
  'mcp-session-id',
  'mcp-protocol-version',
  'www-authenticate',
];
