import type { LlmError, LlmErrorKind } from './llm-error';
import { makeFailure, type FailureContext } from './llm-failures';
import { extractErrorDetails, type ProviderErrorDetails } from './provider-error-details';
import { parseRetryAfter } from './retry-after';

/** A non-2xx HTTP response, with its body read as text (see provider-fetch.ts). */
export interface HttpFailure {
  status: number;
  headers: Headers;
  bodyText: string;
}

const CONTEXT_OVERFLOW =
  /context[ _-]?(length|window|size)|maximum context|(prompt|input) is too long|prompt too long|too many (input |prompt )?tokens|reduce the length|exceeds? the available context|n_ctx|token limit|request too large/;
const QUOTA =
  /insufficient[ _](quota|balance|credits?|funds)|exceeded your current quota|billing|credit balance|out of credits|payment required|not enough credits/;
const OVERLOADED = /overloaded|over capacity|capacity exceeded/;
const AUTH_CODES =
  /invalid_api_key|invalid api key|incorrect api key|authentication|unauthori[sz]ed/;
const RATE_LIMIT = /rate[ _]?limit|too many requests/;

/**
 * Classifies an HTTP error response (status, headers, body) into an {@link LlmError}.
 * `now` dates an HTTP-date Retry-After. The order matters: a 429 that says "insufficient
 * quota" is `quota` (waiting will not help), a 400 about the context window is
 * `context-overflow` (compaction will).
 */
export function classifyHttpFailure(
  failure: HttpFailure,
  context: FailureContext,
  now: number,
): LlmError {
  const details = extractErrorDetails(failure.bodyText);
  const kind = kindOf(failure.status, details);
  const retryAfterMs =
    kind === 'rate-limit' || kind === 'overloaded' || kind === 'server-error' || kind === 'timeout'
      ? parseRetryAfter(failure.headers, now, details.message)
      : undefined;
  return makeFailure(kind, context, {
    status: failure.status,
    ...(details.message ? { detail: details.message } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

/**
 * Classifies an error object that arrived inside a successful stream (OpenRouter sends
 * `{error: {code: 502, message}}` chunks with HTTP 200). A numeric code is read as an HTTP
 * status; otherwise the code and message decide, and an unknown error is a `server-error`.
 */
export function classifyStreamError(
  errorObject: unknown,
  context: FailureContext,
  now: number,
): LlmError {
  const details = extractErrorDetails({ error: errorObject });
  const kind = kindOf(details.status, details);
  const retryAfterMs =
    kind === 'rate-limit' || kind === 'overloaded'
      ? parseRetryAfter(undefined, now, details.message)
      : undefined;
  return makeFailure(kind, context, {
    ...(details.status !== undefined ? { status: details.status } : {}),
    ...(details.message ? { detail: details.message } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    streamProblem: 'error_chunk',
  });
}

/**
 * True when a server refused the request because of `stream_options` (older vLLM, some
 * proxies and strict validators answer 400 or 422 naming the field). Cove then retries once
 * without it and remembers the fact for the provider.
 */
export function isStreamOptionsRejection(failure: HttpFailure): boolean {
  if (failure.status !== 400 && failure.status !== 422) return false;
  return /stream_options|include_usage/i.test(failure.bodyText);
}

function kindOf(status: number | undefined, details: ProviderErrorDetails): LlmErrorKind {
  const text = details.searchText;
  if (status === 401) return 'auth';
  if (status === 402 || QUOTA.test(text)) return 'quota';
  if (status === 403) return 'auth';
  if (status === 413 || CONTEXT_OVERFLOW.test(text)) return 'context-overflow';
  if (status === 429) return 'rate-limit';
  if (status === 408 || status === 504) return 'timeout';
  if (
    status === 503 ||
    status === 529 ||
    (status !== undefined && status >= 500 && OVERLOADED.test(text))
  ) {
    return 'overloaded';
  }
  if (status !== undefined && status >= 500) return 'server-error';
  if (status !== undefined && status >= 400) return 'bad-request';
  if (AUTH_CODES.test(text)) return 'auth';
  if (RATE_LIMIT.test(text)) return 'rate-limit';
  if (OVERLOADED.test(text)) return 'overloaded';
  return 'server-error';
}
