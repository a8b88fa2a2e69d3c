import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CoveError, isAbortError } from '../base/errors';
import type { Reachability } from '../llm/cors-probe';
import { crossesIntoLocalNetwork, isMixedContent, originOf } from '../llm/network-locality';

/**
 * MCP failures told as what they are (issue 12, "Errors are told as what they are"). A
 * browser reports a CORS refusal, a Local Network Access refusal and a dead server all as
 * the same TypeError ("Failed to fetch"), so the classification takes what the connection
 * knows around it: the page's origin, whether the server's session id was readable, and a
 * `no-cors` reachability probe (src/llm/cors-probe.ts).
 */

/**
 * The codes of the MCP client's errors, its server settings' included (server-config.ts),
 * for the catalog (src/app/messages/) to word each one.
 */
export const MCP_ERROR_CODES = [
  'mcp-timeout',
  'mcp-cancelled',
  'mcp-unauthorized',
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
] as const;

/** One of {@link MCP_ERROR_CODES}. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[number];

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

/** What the connection knew when the failure happened. */
export interface McpFailureContext {
  /** The server's URL. */
  url: string;
  /** The page's origin; undefined under Node, where CORS does not apply. */
  pageOrigin?: string;
  /** True when initialize succeeded but no Mcp-Session-Id header could be read. */
  sessionIdMissing?: boolean;
  /** The result of a `no-cors` probe after a network failure, when one was made. */
  reachability?: Reachability;
  /** Set when Cove's own deadline ended the request. */
  timeoutMs?: number;
}

/** The CORS setup a server needs for Cove, as one sentence. */
export function corsRequirements(pageOrigin: string | undefined): string {
  return (
    `The server must allow Cove’s origin${pageOrigin ? ` (${pageOrigin})` : ''} in Access-Control-Allow-Origin, ` +
    `allow the request headers ${MCP_CORS_REQUEST_HEADERS.join(', ')} (Access-Control-Allow-Headers), ` +
    `and expose ${MCP_CORS_EXPOSED_HEADERS.join(', ')} (Access-Control-Expose-Headers).`
  );
}

/** True for the TypeError fetch throws when no response could be read at all. */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|fetch failed|networkerror|load failed|network error/i.test(error.message)
  );
}

/** The HTTP status inside an SDK transport error, when there is one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return typeof error.code === 'number' && error.code > 0 ? error.code : undefined;
  }
  if (error instanceof Error) {
    const match = /\(HTTP (\d{3})\)/.exec(error.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** True when a response says the server has no session for the id the client sent. */
export function isSessionNotFound(error: unknown): boolean {
  return error instanceof StreamableHTTPError && error.code === 404;
}

/** True for the answer a stateful server gives a request that carries no (or an unknown) session. */
export function isNotInitializedAnswer(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = httpStatusOf(error);
  return (
    (status === 400 || status === 404) &&
    /not initialized|no valid session|session id|mcp-session-id/i.test(error.message)
  );
}

/**
 * Turns whatever the SDK or fetch threw into a CoveError with a code, a message and a hint.
 * Never throws. Codes: mcp-timeout, mcp-cancelled, mcp-unauthorized, mcp-session-header,
 * mcp-mixed-content, mcp-local-network, mcp-cors, mcp-unreachable, mcp-http, mcp-server-error,
 * mcp-failed.
 */
export function classifyMcpError(error: unknown, context: McpFailureContext): CoveError {
  if (error instanceof CoveError) return error;
  const where = hostOf(context.url);
  const cause = { cause: error };

  if (
    context.timeoutMs !== undefined ||
    (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
  ) {
    const seconds =
      context.timeoutMs !== undefined ? Math.round(context.timeoutMs / 1000) : undefined;
    return new CoveError(
      'mcp-timeout',
      `The MCP server ${where} did not answer${seconds !== undefined ? ` within ${seconds} s` : ' in time'}.`,
      'The server may be busy or stuck; try again later, or ask for less at once.',
      cause,
    );
  }
  if (isAbortError(error)) {
    return new CoveError('mcp-cancelled', 'The MCP request was cancelled.', '', cause);
  }
  const status = httpStatusOf(error);
  if (error instanceof UnauthorizedError || status === 401 || status === 403) {
    return new CoveError(
      'mcp-unauthorized',
      `The MCP server ${where} refused the request${status ? ` (HTTP ${status})` : ''}: it needs valid credentials.`,
      'Check the Authorization header (a bearer token) in the server’s settings.',
      cause,
    );
  }
  if (context.sessionIdMissing && isNotInitializedAnswer(error)) {
    return new CoveError(
      'mcp-session-header',
      `The MCP server ${where} answered the first request but rejected the next one (“Server not initialized”): Cove could not read its Mcp-Session-Id header.`,
      'The server must expose mcp-session-id (and mcp-protocol-version) in Access-Control-Expose-Headers.',
      cause,
    );
  }
  if (isNetworkFailure(error)) return classifyNetworkFailure(error, context);
  if (status !== undefined) {
    return new CoveError(
      'mcp-http',
      `The MCP server ${where} answered HTTP ${status}${status === 404 ? ' (not found)' : status === 405 ? ' (method not allowed)' : ''}.`,
      status === 404 || status === 405
        ? 'Check the URL: it is the server’s MCP endpoint, usually ending in /mcp (or /sse for older servers).'
        : status >= 500
          ? 'The server failed; its own log says why. Try again later.'
          : 'Check the URL and headers in the server’s settings.',
      cause,
    );
  }
  if (error instanceof McpError) {
    return new CoveError(
      'mcp-server-error',
      `The MCP server ${where} returned an error: ${error.message}`,
      'Check the arguments, or the server’s documentation for this call.',
      cause,
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  return new CoveError(
    'mcp-failed',
    `The MCP request to ${where} failed: ${text}`,
    'Test the server in Settings to see what it answers.',
    cause,
  );
}

function classifyNetworkFailure(error: unknown, context: McpFailureContext): CoveError {
  const where = hostOf(context.url);
  const cause = { cause: error };
  const { pageOrigin, url, reachability } = context;
  if (isMixedContent(pageOrigin, url)) {
    return new CoveError(
      'mcp-mixed-content',
      `The browser blocked http://${where} from this https page (mixed content).`,
      'Serve the MCP server over https, or run it on localhost.',
      cause,
    );
  }
  const crossOrigin = pageOrigin !== undefined && originOf(url) !== pageOrigin;
  const local = crossesIntoLocalNetwork(pageOrigin, url);
  if (local && reachability !== 'reachable') {
    return new CoveError(
      'mcp-local-network',
      `The browser did not let this page reach the local server ${where}: a page on a public address needs your permission (Chrome’s Local Network Access prompt) to reach a local one.`,
      `Allow local network access for this site when the browser asks (or in its site settings), and check the server is running. ${corsRequirements(pageOrigin)}`,
      cause,
    );
  }
  if (crossOrigin && reachability !== 'unreachable') {
    return new CoveError(
      'mcp-cors',
      reachability === 'reachable'
        ? `The MCP server ${where} answered, but its CORS headers do not let this page read the answer.`
        : `The browser could not read an answer from ${where}: its CORS headers do not allow this page, or it is not running.`,
      corsRequirements(pageOrigin),
      cause,
    );
  }
  return new CoveError(
    'mcp-unreachable',
    `Cannot reach the MCP server at ${where}: nothing answered.`,
    'Check that the server is running and the URL (host and port) is right.',
    cause,
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
