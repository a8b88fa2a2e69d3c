import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CoveError, isAbortError } from '../base/errors';
import type { Reachability } from '../llm/cors-probe';
import { crossesIntoLocalNetwork, isMixedContent, originOf } from '../llm/network-locality';
import { mcpError } from './mcp-error-codes';

/**
 * MCP failures told as what they are (issue 12, "Errors are told as what they are"). A
 * browser reports a CORS refusal, a Local Network Access refusal and a dead server all as
 * the same TypeError ("Failed to fetch"), so the classification takes what the connection
 * knows around it: the page's origin, whether the server's session id was readable, and a
 * `no-cors` reachability probe (src/llm/cors-probe.ts). The codes and their constructor are
 * in mcp-error-codes.ts.
 */

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
 * Turns whatever the SDK or fetch threw into a CoveError with a code and the params of its
 * wording. Never throws. Codes: mcp-timeout, mcp-cancelled, mcp-unauthorized,
 * mcp-session-header, mcp-mixed-content, mcp-local-network, mcp-cors, mcp-unreachable,
 * mcp-http, mcp-server-error, mcp-failed.
 */
export function classifyMcpError(error: unknown, context: McpFailureContext): CoveError {
  if (error instanceof CoveError) return error;
  const host = hostOf(context.url);
  const cause = { cause: error };

  if (
    context.timeoutMs !== undefined ||
    (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
  ) {
    const seconds =
      context.timeoutMs !== undefined ? Math.round(context.timeoutMs / 1000) : undefined;
    return mcpError('mcp-timeout', { host, seconds }, cause);
  }
  if (isAbortError(error)) return mcpError('mcp-cancelled', { variant: 'request' }, cause);
  const status = httpStatusOf(error);
  if (error instanceof UnauthorizedError || status === 401 || status === 403) {
    return mcpError('mcp-unauthorized', { host, status }, cause);
  }
  if (context.sessionIdMissing && isNotInitializedAnswer(error)) {
    return mcpError('mcp-session-header', { host }, cause);
  }
  if (isNetworkFailure(error)) return classifyNetworkFailure(error, context);
  if (status !== undefined) return mcpError('mcp-http', { host, status }, cause);
  if (error instanceof McpError) {
    return mcpError('mcp-server-error', { host, detail: error.message }, cause);
  }
  const detail = error instanceof Error ? error.message : String(error);
  return mcpError('mcp-failed', { host, detail }, cause);
}

function classifyNetworkFailure(error: unknown, context: McpFailureContext): CoveError {
  const host = hostOf(context.url);
  const cause = { cause: error };
  const { pageOrigin, url, reachability } = context;
  if (isMixedContent(pageOrigin, url)) return mcpError('mcp-mixed-content', { host }, cause);
  const crossOrigin = pageOrigin !== undefined && originOf(url) !== pageOrigin;
  const local = crossesIntoLocalNetwork(pageOrigin, url);
  // The hints name the CORS setup the server needs, with the page's origin.
  if (local && reachability !== 'reachable') {
    return mcpError('mcp-local-network', { host, pageOrigin }, cause);
  }
  if (crossOrigin && reachability !== 'unreachable') {
    const variant = reachability === 'reachable' ? 'answered' : 'no-answer';
    return mcpError('mcp-cors', { variant, host, pageOrigin }, cause);
  }
  return mcpError('mcp-unreachable', { host }, cause);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
