import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  AccessDeniedError,
  InvalidGrantError,
  OAuthError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CoveError, isAbortError } from '../base/errors';
import type { Reachability } from '../llm/cors-probe';
import { crossesIntoLocalNetwork, isMixedContent, originOf } from '../llm/network-locality';
import { mcpError } from './mcp-error-codes';
import type { OAuthStepRecord } from './oauth-steps';

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
  if (error instanceof UnauthorizedError) {
    return mcpError('mcp-sign-in-required', { host }, cause);
  }
  if (status === 401 || status === 403) {
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

/** What the connection knew when a step of the OAuth sign-in failed. */
export interface OAuthFailureContext {
  /** The MCP server's URL. */
  url: string;
  pageOrigin?: string;
  /** The step the failure happened in (the last OAuth request made). */
  step: OAuthStepRecord;
  reachability?: Reachability;
  /** Set when the sign-in used client credentials: there is no person to send back. */
  clientCredentials?: 'client-secret' | 'private-key-jwt';
}

/**
 * Tells a failure of the SDK's `auth()` as the step it happened in and what to do: the
 * authorization server's CORS (which header it lacks), a refused registration, a denied
 * consent, an expired refresh, a resource that is not this server, or the server's words.
 */
export function classifyOAuthFailure(error: unknown, context: OAuthFailureContext): CoveError {
  if (error instanceof CoveError) return error;
  const { step } = context.step;
  const server = hostOf(context.url);
  const host = hostOf(context.step.url);
  const params = { server, host, step };
  const cause = { cause: error };
  if (error instanceof AccessDeniedError) {
    return mcpError('mcp-oauth', { ...params, variant: 'denied' }, cause);
  }
  if (error instanceof InvalidGrantError && step === 'refresh') {
    return mcpError('mcp-oauth', { ...params, variant: 'expired' }, cause);
  }
  if (context.step.networkFailed && isNetworkFailure(error)) {
    const crossOrigin =
      context.pageOrigin !== undefined && originOf(context.step.url) !== context.pageOrigin;
    if (!crossOrigin || context.reachability === 'unreachable') {
      return mcpError('mcp-oauth', { ...params, variant: 'unreachable' }, cause);
    }
    // Metadata is a plain GET (the SDK retries it without its header); registration posts
    // JSON and a confidential client's token request sends Authorization: both preflight.
    const header =
      step === 'registration'
        ? 'Access-Control-Allow-Origin, and content-type in Access-Control-Allow-Headers'
        : 'Access-Control-Allow-Origin';
    return mcpError(
      'mcp-oauth',
      { ...params, variant: 'cors', header, pageOrigin: context.pageOrigin },
      cause,
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  if (context.clientCredentials) {
    const failed = classifyCredentialsFailure(error, detail, context);
    if (failed) return failed;
  }
  if (/does not match expected/i.test(detail)) {
    return mcpError('mcp-oauth', { ...params, variant: 'resource' }, cause);
  }
  if (step === 'registration' || /does not support dynamic client registration/i.test(detail)) {
    return mcpError(
      'mcp-oauth',
      { ...params, step: 'registration', variant: 'refused', detail },
      cause,
    );
  }
  const status = /HTTP (\d{3})/.exec(detail)?.[1];
  return mcpError(
    'mcp-oauth',
    {
      ...params,
      variant: error instanceof OAuthError ? 'refused' : 'failed',
      detail,
      ...(status ? { status: Number(status) } : {}),
    },
    cause,
  );
}

/**
 * A failure of a client-credentials sign-in, told by what the settings must change: the
 * token endpoint refused the client (a wrong secret or key, or a client not allowed that
 * grant), none was found, or the credentials are bound to another authorization server.
 * Undefined for what the browser sign-in's wording tells as well (CORS, nothing answered).
 */
function classifyCredentialsFailure(
  error: unknown,
  detail: string,
  context: OAuthFailureContext,
): CoveError | undefined {
  const { step, url } = context.step;
  const params = {
    server: hostOf(context.url),
    host: hostOf(url),
    kind: context.clientCredentials ?? 'client-secret',
  };
  const cause = { cause: error };
  if (/is bound to authorization server/i.test(detail)) {
    return mcpError('mcp-client-credentials', { ...params, variant: 'issuer' }, cause);
  }
  if (context.step.networkFailed) return undefined;
  const status = Number(/HTTP (\d{3})/.exec(detail)?.[1] ?? NaN);
  const missing =
    step === 'resource-metadata' ||
    step === 'server-metadata' ||
    (step === 'token' && (status === 404 || status === 405));
  if (missing) {
    return mcpError('mcp-client-credentials', { ...params, variant: 'no-token-endpoint' }, cause);
  }
  if (step === 'token' && error instanceof OAuthError) {
    return mcpError('mcp-client-credentials', { ...params, variant: 'refused', detail }, cause);
  }
  return undefined;
}
