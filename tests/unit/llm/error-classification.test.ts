import { describe, expect, it } from 'vitest';
import {
  classifyHttpFailure,
  classifyStreamError,
  isStreamOptionsRejection,
} from '../../../src/llm/error-classification';
import { LlmError } from '../../../src/llm/llm-error';
import type { FailureContext } from '../../../src/llm/llm-failures';
import { extractErrorDetails } from '../../../src/llm/provider-error-details';

const context: FailureContext = { baseURL: 'https://api.provider.test/v1' };

function http(status: number, body: unknown, headers: Record<string, string> = {}) {
  return classifyHttpFailure(
    {
      status,
      headers: new Headers(headers),
      bodyText: typeof body === 'string' ? body : JSON.stringify(body),
    },
    context,
    0,
  );
}

const openaiError = (
  message: string,
  code: string | null = null,
  type = 'invalid_request_error',
) => ({
  error: { message, type, param: null, code },
});

describe('classifyHttpFailure', () => {
  // Invariant 6: every failure says its cause and the next step.
  it.each([
    [401, openaiError('Incorrect API key provided', 'invalid_api_key'), 'auth'],
    [403, openaiError('Country, region, or territory not supported'), 'auth'],
    [402, { error: { message: 'Insufficient credits', code: 402 } }, 'quota'],
    [
      429,
      openaiError('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota'),
      'quota',
    ],
    [402, { error: { message: 'Insufficient Balance', type: 'unknown_error' } }, 'quota'],
    [
      429,
      openaiError('Rate limit reached for gpt-4o on requests per min (RPM)', 'rate_limit_exceeded'),
      'rate-limit',
    ],
    [
      400,
      openaiError("This model's maximum context length is 8192 tokens.", 'context_length_exceeded'),
      'context-overflow',
    ],
    [
      400,
      {
        error: {
          message: 'the request exceeds the available context size, try increasing it',
          type: 'exceed_context_size_error',
        },
      },
      'context-overflow',
    ],
    [
      400,
      {
        object: 'error',
        message:
          'Prompt contains 40000 tokens, too large for model with 32768 maximum context length',
        type: 'invalid_request_error',
      },
      'context-overflow',
    ],
    [413, 'Request Entity Too Large', 'context-overflow'],
    [400, openaiError("Invalid value for 'tool_choice'"), 'bad-request'],
    [404, openaiError('The model `gpt-9` does not exist', 'model_not_found'), 'bad-request'],
    [
      422,
      { detail: [{ loc: ['body', 'temperature'], msg: 'Input should be less than 2' }] },
      'bad-request',
    ],
    [500, openaiError('The server had an error', null, 'server-error'), 'server-error'],
    [
      502,
      '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
      'server-error',
    ],
    [503, openaiError('Service Unavailable', null, 'server-error'), 'overloaded'],
    [
      529,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      'overloaded',
    ],
    [500, openaiError('The engine is currently overloaded'), 'overloaded'],
    [408, 'Request Timeout', 'timeout'],
    [504, 'Gateway Timeout', 'timeout'],
  ])('HTTP %i %j is %s', (status, body, kind) => {
    const error = http(status, body);
    expect(error).toBeInstanceOf(LlmError);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.hint.length).toBeGreaterThan(10);
  });

  it('quotes the provider in the message', () => {
    expect(http(400, openaiError("Invalid value for 'tool_choice'")).message).toBe(
      "api.provider.test refused the request (HTTP 400): Invalid value for 'tool_choice'",
    );
    expect(http(502, '<html><head><title>502 Bad Gateway</title></head></html>').detail).toBe(
      '502 Bad Gateway',
    );
    expect(http(422, { detail: [{ loc: ['body', 'x'], msg: 'bad' }] }).detail).toBe('body.x: bad');
  });

  it('reads Retry-After only where waiting helps', () => {
    expect(http(429, openaiError('slow down'), { 'retry-after': '7' }).retryAfterMs).toBe(7000);
    expect(http(503, openaiError('busy'), { 'retry-after': '2' }).retryAfterMs).toBe(2000);
    expect(http(401, openaiError('no'), { 'retry-after': '7' }).retryAfterMs).toBeUndefined();
    expect(
      http(429, openaiError('Rate limit reached. Please try again in 6.5s.')).retryAfterMs,
    ).toBe(6500);
  });

  it('marks only waiting-helps kinds as retryable', () => {
    expect(http(429, {}).retryable).toBe(true);
    expect(http(500, {}).retryable).toBe(true);
    expect(http(401, {}).retryable).toBe(false);
    expect(http(400, {}).retryable).toBe(false);
    expect(http(429, openaiError('', 'insufficient_quota')).retryable).toBe(false);
  });

  it('gives the 404 hint about the base URL', () => {
    expect(http(404, 'Not Found').hint).toMatch(/base URL/);
  });
});

describe('classifyStreamError', () => {
  it.each([
    [{ code: 502, message: 'Provider returned error' }, 'server-error', 502],
    [{ code: 429, message: 'Rate limited upstream' }, 'rate-limit', 429],
    [{ code: 'context_length_exceeded', message: 'Too long' }, 'context-overflow', undefined],
    [{ message: 'Model is overloaded' }, 'overloaded', undefined],
    [{ message: 'Something odd' }, 'server-error', undefined],
    ['a bare string error', 'server-error', undefined],
  ])('%j is %s', (errorObject, kind, status) => {
    const error = classifyStreamError(errorObject, context, 0);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });
});

describe('isStreamOptionsRejection', () => {
  const failure = (status: number, bodyText: string) => ({
    status,
    headers: new Headers(),
    bodyText,
  });
  it('recognizes 400 and 422 that name stream_options or include_usage', () => {
    expect(
      isStreamOptionsRejection(
        failure(
          400,
          '{"error":{"message":"Unrecognized request argument supplied: stream_options"}}',
        ),
      ),
    ).toBe(true);
    expect(
      isStreamOptionsRejection(
        failure(
          422,
          '{"detail":[{"loc":["body","stream_options"],"msg":"extra fields not permitted"}]}',
        ),
      ),
    ).toBe(true);
    expect(isStreamOptionsRejection(failure(400, 'include_usage is not supported'))).toBe(true);
  });
  it('ignores other failures', () => {
    expect(isStreamOptionsRejection(failure(400, 'bad temperature'))).toBe(false);
    expect(isStreamOptionsRejection(failure(500, 'stream_options crashed us'))).toBe(false);
  });
});

describe('extractErrorDetails', () => {
  it('reads the shapes providers use', () => {
    expect(extractErrorDetails({ error: { message: 'm', code: 'c' } })).toMatchObject({
      message: 'm',
      code: 'c',
    });
    expect(extractErrorDetails({ error: 'plain' })).toMatchObject({ message: 'plain' });
    expect(extractErrorDetails({ object: 'error', message: 'vllm', code: 400 })).toMatchObject({
      message: 'vllm',
      status: 400,
    });
    expect(extractErrorDetails([{ error: { message: 'first' } }])).toMatchObject({
      message: 'first',
    });
    expect(extractErrorDetails({ detail: 'fastapi' })).toMatchObject({ message: 'fastapi' });
    expect(extractErrorDetails('not json')).toMatchObject({ message: 'not json' });
    expect(extractErrorDetails(42)).toEqual({ searchText: '' });
  });

  it('searches OpenRouter raw metadata but does not show it', () => {
    const details = extractErrorDetails({
      error: {
        message: 'Provider returned error',
        code: 400,
        metadata: { raw: 'maximum context length exceeded' },
      },
    });
    expect(details.message).toBe('Provider returned error');
    expect(details.searchText).toContain('maximum context length');
  });

  it('shortens long messages', () => {
    expect(extractErrorDetails({ error: { message: 'x'.repeat(1000) } }).message).toHaveLength(300);
  });
});

describe('LlmError', () => {
  it('round-trips through JSON for storage', () => {
    const error = http(429, openaiError('slow down'), { 'retry-after': '3' });
    const restored = LlmError.fromJSON(JSON.parse(JSON.stringify(error)));
    expect(restored.toJSON()).toEqual(error.toJSON());
    expect(restored.kind).toBe('rate-limit');
    expect(restored.userText).toBe(error.userText);
  });
});
