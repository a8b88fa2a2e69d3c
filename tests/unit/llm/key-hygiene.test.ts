// API keys: normalized on entry, sent only as a Bearer header to the origin they were saved
// for, and never found in an error, an event, a URL or a request body.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { bindKeyToBaseURL, keySendDecision } from '../../../src/llm/key-binding';
import { listModels } from '../../../src/llm/model-listing';
import { makeOpenAIChatClient } from '../../../src/llm/openai-chat-client';
import {
  apiKeyProblem,
  normalizeApiKey,
  type ProviderConfig,
} from '../../../src/llm/provider-config';
import { makeProviderFetch } from '../../../src/llm/provider-fetch';
import { REDACTED, redactSecret } from '../../../src/llm/redact-secret';
import { DEFAULT_RETRY_POLICY } from '../../../src/llm/retry-policy';
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';
import { collect, doneOf, errorOf } from './support/events';
import { makeScriptedFetch } from './support/scripted-fetch';

const KEY = 'sk-proj-Zq8xV3mN7pL2kR9tW4yB6cD1fG5hJ0sA';

/** Every 8-character piece of the key: a message holding any of them leaks part of it. */
function expectNoKey(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(KEY);
  for (let i = 8; i + 8 <= KEY.length; i++) expect(text).not.toContain(KEY.slice(i, i + 8));
}

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

function provider(extra: Partial<ProviderConfig> = {}): ProviderConfig {
  return {
    id: 'p',
    name: 'P',
    presetId: 'custom',
    baseURL: server.baseURL,
    apiKey: KEY,
    keyOrigin: server.url,
    ...extra,
  };
}

function chat(config: ProviderConfig) {
  const client = makeOpenAIChatClient({
    fetch: globalThis.fetch,
    clock: new ManualClock(),
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: 0 },
  });
  return collect(
    client.stream({
      provider: config,
      model: 'fake-model',
      messages: [{ role: 'user', content: 'hi' }],
    }),
  );
}

describe('keys in errors', () => {
  it('never shows the key a 401 echoes back', async () => {
    server.configure({ apiKey: 'the-right-key' });
    const events = await chat(provider());
    const error = errorOf(events).error;
    expect(error.kind).toBe('auth');
    expect(error.detail).toContain(`Incorrect API key provided: ${REDACTED}`);
    expectNoKey(events);
    expectNoKey({
      message: error.message,
      hint: error.hint,
      detail: error.detail,
      text: error.userText,
      json: error,
    });
    expect(error.cause).toBeUndefined();
  });

  it('never shows a key echoed in a 400, in a stream error chunk, or in a model listing', async () => {
    server.script(
      { status: 400, errorBody: { error: { message: `Bad header Authorization: Bearer ${KEY}` } } },
      {
        streamErrorAfterChunks: 1,
        streamError: { code: 400, message: `key ${KEY.slice(0, 20)}... is invalid` },
      },
    );
    expectNoKey(await chat(provider()));
    expectNoKey(await chat(provider()));
    server.configure({ apiKey: 'the-right-key' });
    const listed = await listModels(provider(), {
      fetch: globalThis.fetch,
      clock: new ManualClock(),
    });
    expect(listed.ok).toBe(false);
    expectNoKey(listed);
  });

  // Invariant 8: an API key goes only to its own origin, in the auth header.
  it('puts the key in the Authorization header only: not in URLs or bodies', async () => {
    doneOf(await chat(provider()));
    await listModels(provider(), { fetch: globalThis.fetch, clock: new ManualClock() });
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    for (const recorded of server.requests) {
      expect(recorded.path).not.toContain(KEY);
      expect(JSON.stringify(recorded.body)).not.toContain(KEY);
      expect(recorded.headers['authorization']).toBe(`Bearer ${KEY}`);
    }
  });
});

describe('keys and origins', () => {
  it('refuses to send a key bound to another origin, before any request', async () => {
    const events = await chat(provider({ keyOrigin: 'https://api.openai.com' }));
    const error = errorOf(events).error;
    expect(error.kind).toBe('key-origin');
    expect(error.message).toContain('https://api.openai.com');
    expect(error.hint).toContain(server.url);
    expect(server.requests).toHaveLength(0);
  });

  // Invariant 8: an API key goes only to its own origin, in the auth header.
  it('does not attach the key to a request for another origin', async () => {
    const fetch = makeScriptedFetch([{ status: 200 }, { status: 200 }]);
    const wrapped = makeProviderFetch({ fetch, apiKey: KEY, keyOrigin: 'https://api.example.com' });
    await wrapped('https://api.example.com/v1/models', { headers: { 'x-stainless-os': 'Linux' } });
    await wrapped('https://evil.example.com/v1/models', {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(fetch.seen[0]!.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(fetch.seen[0]!.headers.has('x-stainless-os')).toBe(false);
    expect(fetch.seen[1]!.headers.has('authorization')).toBe(false);
  });

  it('does not let an extra header carry an Authorization', async () => {
    const fetch = makeScriptedFetch([{ status: 200 }]);
    const wrapped = makeProviderFetch({
      fetch,
      headers: { Authorization: 'Bearer smuggled', 'X-Title': 'Cove' },
    });
    await wrapped('https://api.example.com/v1/models');
    expect(fetch.seen[0]!.headers.has('authorization')).toBe(false);
    expect(fetch.seen[0]!.headers.get('x-title')).toBe('Cove');
  });

  it('keySendDecision: allowed only for the bound origin', () => {
    const base = { apiKey: KEY, baseURL: 'https://api.openai.com/v1' };
    expect(keySendDecision({ ...base, keyOrigin: 'https://api.openai.com' })).toEqual({
      status: 'allowed',
      origin: 'https://api.openai.com',
    });
    expect(keySendDecision({ ...base, keyOrigin: 'https://api.openai.com:444' })).toMatchObject({
      status: 'needs_confirmation',
    });
    expect(keySendDecision({ ...base, keyOrigin: 'http://api.openai.com' })).toMatchObject({
      status: 'needs_confirmation',
    });
    expect(keySendDecision(base)).toEqual({
      status: 'needs_confirmation',
      keyOrigin: undefined,
      targetOrigin: 'https://api.openai.com',
    });
    expect(keySendDecision({ baseURL: 'https://x.test/v1' })).toEqual({ status: 'no_key' });
    expect(keySendDecision({ apiKey: KEY, baseURL: 'not a url' })).toEqual({
      status: 'invalid_url',
    });
    expect(keySendDecision({ apiKey: KEY, baseURL: 'javascript:alert(1)' })).toEqual({
      status: 'invalid_url',
    });
  });

  it('bindKeyToBaseURL binds to the base URL origin, and unbinds without a key', () => {
    expect(bindKeyToBaseURL({ apiKey: KEY, baseURL: 'http://localhost:8000/v1' }).keyOrigin).toBe(
      'http://localhost:8000',
    );
    expect(
      bindKeyToBaseURL({ baseURL: 'http://localhost:8000/v1', keyOrigin: 'http://x' }),
    ).not.toHaveProperty('keyOrigin');
  });
});

describe('normalizeApiKey', () => {
  it.each([
    ['  sk-abc123  ', 'sk-abc123'],
    ['sk-abc123\n', 'sk-abc123'],
    ['Bearer sk-abc123', 'sk-abc123'],
    ['bearer   sk-abc123', 'sk-abc123'],
    ['"sk-abc123"', 'sk-abc123'],
    ["'Bearer sk-abc123'\r\n", 'sk-abc123'],
    ['sk-abc\n123', 'sk-abc123'],
    ['\u200Bsk-abc123\uFEFF', 'sk-abc123'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeApiKey(raw)).toBe(expected);
  });

  it('flags keys that a header cannot carry', () => {
    expect(apiKeyProblem('sk-abc123')).toBeUndefined();
    expect(apiKeyProblem('sk-abc–123')).toMatch(/not plain ASCII/);
  });

  it('reports an unsendable key instead of a network error', async () => {
    const error = errorOf(await chat(provider({ apiKey: 'sk-ключ' }))).error;
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/not plain ASCII/);
    expect(server.requests).toHaveLength(0);
  });

  it('asks for a key where the preset requires one', async () => {
    const error = errorOf(
      await chat({ id: 'o', name: 'OpenAI', presetId: 'openai', baseURL: server.baseURL }),
    ).error;
    expect(error.kind).toBe('auth');
    expect(error.hint).toContain('https://platform.openai.com/api-keys');
  });
});

describe('redactSecret', () => {
  it('removes the key whole, masked, or in part', () => {
    expect(redactSecret(`key=${KEY}.`, KEY)).toBe(`key=${REDACTED}.`);
    expect(redactSecret(`Incorrect API key provided: sk-proj-********${KEY.slice(-4)}`, KEY)).toBe(
      `Incorrect API key provided: ${REDACTED}`,
    );
    expect(redactSecret(`token ${KEY.slice(5, 17)} invalid`, KEY)).toBe(
      `token ${REDACTED} invalid`,
    );
  });

  it('leaves other text and placeholder keys alone', () => {
    expect(redactSecret('Model not found', KEY)).toBe('Model not found');
    expect(redactSecret('no key here', undefined)).toBe('no key here');
    expect(redactSecret('abc abc', 'abc')).toBe('abc abc');
  });
});
