import type { LlmError } from './llm-error';

/** When and how often Cove retries a failed request on its own. */
export interface RetryPolicy {
  /** Retries after the first attempt; 3 means at most 4 requests. */
  maxRetries: number;
  /** Wait before retry n (0-based) is `baseDelayMs * 2^n`: 2 s, 4 s, 8 s by default. */
  baseDelayMs: number;
  /**
   * A server's Retry-After longer than this is not waited out silently: the error goes to
   * the user with the wait in its hint instead.
   */
  maxRetryAfterMs: number;
}

/** 3 retries after 2, 4 and 8 seconds; Retry-After honoured up to a minute. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxRetries: 3,
  baseDelayMs: 2000,
  maxRetryAfterMs: 60_000,
};

/**
 * Milliseconds to wait before the next attempt, or null when the error must go to the user.
 * `retriesSoFar` counts retries already made for this request. Only retryable kinds retry
 * (rate limit, server error, overload, timeout, connection); a Retry-After from the server
 * replaces the backoff step. The caller must also not retry once output was shown, so that
 * nothing is duplicated; that fact is not visible here.
 */
export function retryDelayMs(
  error: LlmError,
  retriesSoFar: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): number | null {
  if (!error.retryable || retriesSoFar >= policy.maxRetries) return null;
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : null;
  }
  return policy.baseDelayMs * 2 ** retriesSoFar;
}
