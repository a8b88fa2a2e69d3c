import { describe, expect, it } from 'vitest';
import { LlmError, type LlmErrorKind } from '../../../src/llm/llm-error';
import { parseRetryAfter } from '../../../src/llm/retry-after';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from '../../../src/llm/retry-policy';

const error = (kind: LlmErrorKind, retryAfterMs?: number) =>
  LlmError.fromJSON({
    kind,
    message: 'm',
    hint: 'h',
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });

describe('retryDelayMs', () => {
  // Invariant 7: automatic retries only for retryable errors.
  it('backs off 2, 4, 8 seconds and stops after 3 retries', () => {
    expect([0, 1, 2, 3].map((n) => retryDelayMs(error('server-error'), n))).toEqual([
      2000,
      4000,
      8000,
      null,
    ]);
  });

  // Invariant 7: automatic retries only for retryable errors.
  it.each(['rate-limit', 'server-error', 'overloaded', 'timeout', 'connection'] as const)(
    'retries %s',
    (kind) => {
      expect(retryDelayMs(error(kind), 0)).toBe(2000);
    },
  );

  // Invariant 7: automatic retries only for retryable errors.
  it.each([
    'auth',
    'quota',
    'bad-request',
    'context-overflow',
    'cors',
    'aborted',
    'key-origin',
    'internal',
  ] as const)('never retries %s', (kind) => {
    expect(retryDelayMs(error(kind), 0)).toBeNull();
  });

  it('uses Retry-After instead of the backoff, up to the maximum', () => {
    expect(retryDelayMs(error('rate-limit', 500), 2)).toBe(500);
    expect(retryDelayMs(error('rate-limit', 0), 0)).toBe(0);
    expect(retryDelayMs(error('rate-limit', 60_000), 0)).toBe(60_000);
    expect(retryDelayMs(error('rate-limit', 60_001), 0)).toBeNull();
    expect(retryDelayMs(error('rate-limit', 500), 3)).toBeNull();
  });

  it('follows a custom policy', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, maxRetries: 1, baseDelayMs: 100 };
    expect([0, 1].map((n) => retryDelayMs(error('timeout'), n, policy))).toEqual([100, null]);
  });
});

describe('parseRetryAfter', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  const now = Date.parse('2026-05-01T10:00:00Z');

  it('reads seconds, fractions and retry-after-ms (which wins)', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '5' }), now)).toBe(5000);
    expect(parseRetryAfter(headers({ 'retry-after': '0.25' }), now)).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': '5', 'retry-after-ms': '1234' }), now)).toBe(
      1234,
    );
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'Fri, 01 May 2026 10:00:30 GMT' }), now)).toBe(
      30_000,
    );
    expect(parseRetryAfter(headers({ 'retry-after': 'Fri, 01 May 2026 09:00:00 GMT' }), now)).toBe(
      0,
    );
  });

  it('falls back to "try again in" in the message', () => {
    expect(parseRetryAfter(undefined, now, 'Please try again in 7.66s.')).toBe(7660);
    expect(parseRetryAfter(headers({}), now, 'Please try again in 120ms')).toBe(120);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now, 'no hint')).toBeUndefined();
  });
});
