// CORS versus a dead server: both are "Failed to fetch" in a browser; a no-cors probe tells
// them apart. Driven through a fetch that applies the browser's CORS rules.
import OpenAI, { APIConnectionError } from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { testConnection } from '../../../src/llm/connection-test';
import { probeReachability } from '../../../src/llm/cors-probe';
import { makeOpenAIChatClient } from '../../../src/llm/openai-chat-client';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import type { ProviderPresetId } from '../../../src/llm/provider-presets';
import { DEFAULT_RETRY_POLICY } from '../../../src/llm/retry-policy';
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';
import { makeBrowserLikeFetch } from './support/browser-like-fetch';
import { collect, doneOf, errorOf } from './support/events';
import { makeScriptedFetch } from './support/scripted-fetch';

const PAGE = 'https://cove.example';
let server: FakeOpenAIServer;
let deadURL: string;

beforeAll(async () => {
  server = await startFakeOpenAIServer();
  const dead = await startFakeOpenAIServer();
  deadURL = dead.baseURL;
  await dead.close();
});
afterEach(() => server.reset());
afterAll(() => server.close());

function provider(presetId: ProviderPresetId = 'custom', baseURL = server.baseURL): ProviderConfig {
  return {
    id: 'p',
    name: 'P',
    presetId,
    baseURL,
    apiKey: 'sk-cors-test-key',
    keyOrigin: new URL(baseURL).origin,
  };
}

async function chat(config: ProviderConfig, pageOrigin = PAGE) {
  const client = makeOpenAIChatClient({
    fetch: makeBrowserLikeFetch(pageOrigin),
    clock: new ManualClock(),
    pageOrigin,
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

describe('CORS through a browser-like fetch', () => {
  it('passes a strict preflight that allows only Authorization and Content-Type', async () => {
    expect(server.config.cors).toBe('strict');
    const done = doneOf(await chat(provider()));
    expect(done.message.content).toBe('Echo: hi');
    const preflight = server.requests.find((r) => r.method === 'OPTIONS');
    expect(preflight?.headers['access-control-request-headers']).toBe('authorization,content-type');
  });

  it('(control) the bare SDK fails that same preflight because of its x-stainless headers', async () => {
    const sdk = new OpenAI({
      apiKey: 'k',
      baseURL: server.baseURL,
      fetch: makeBrowserLikeFetch(PAGE),
      maxRetries: 0,
      dangerouslyAllowBrowser: true,
    });
    await expect(
      sdk.chat.completions.create({
        model: 'fake-model',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(APIConnectionError);
    const preflight = server.requests.find((r) => r.method === 'OPTIONS');
    expect(String(preflight?.headers['access-control-request-headers'])).toMatch(/x-stainless/);
  });

  // Invariant 6: every failure says its cause and the next step.
  it('reports a server without CORS headers as cors, with what the server must allow', async () => {
    server.configure({ cors: 'none' });
    const error = errorOf(await chat(provider())).error;
    expect(error.kind).toBe('cors');
    expect(error.message).toContain(new URL(server.url).host);
    expect(error.hint).toContain(`allow the origin ${PAGE}`);
    expect(error.hint).toContain('Authorization and Content-Type');
  });

  it('reports a dead server as connection', async () => {
    const error = errorOf(await chat(provider('custom', deadURL))).error;
    expect(error.kind).toBe('connection');
    expect(error.hint).toMatch(/is running/);
  });

  it.each([
    ['ollama', `OLLAMA_ORIGINS=${PAGE}`],
    ['lmstudio', 'Enable CORS'],
    ['vllm', `--allowed-origins '["${PAGE}"]'`],
    ['llamacpp', '--api-prefix'],
  ] as const)('gives the %s setting to change', async (presetId, setting) => {
    server.configure({ cors: 'none' });
    const error = errorOf(await chat(provider(presetId))).error;
    expect(error.kind).toBe('cors');
    expect(error.hint).toContain(setting);
  });

  it('mentions Local Network Access when a public page calls a loopback server', async () => {
    server.configure({ cors: 'none' });
    expect(errorOf(await chat(provider('ollama'))).error.hint).toMatch(/Local network access/);
    const fromLocalPage = errorOf(await chat(provider('ollama'), 'http://localhost:5173')).error;
    expect(fromLocalPage.hint).not.toMatch(/Local network access/);
    const dead = errorOf(await chat(provider('ollama', deadURL))).error;
    expect(dead.kind).toBe('connection');
    expect(dead.hint).toMatch(/Local network access/);
  });

  it('explains mixed content for an https page calling plain http on another host', async () => {
    const client = makeOpenAIChatClient({
      fetch: makeScriptedFetch([{ networkError: true }, { networkError: true }]),
      clock: new ManualClock(),
      pageOrigin: PAGE,
      retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: 0 },
    });
    const config = provider('vllm', 'http://gpu-box.example:8000/v1');
    const events = await collect(client.stream({ provider: config, model: 'm', messages: [] }));
    expect(errorOf(events).error.hint).toMatch(/served over https.*plain http/);
  });

  it('testConnection tells CORS from connection too', async () => {
    server.configure({ cors: 'none' });
    const deps = { fetch: makeBrowserLikeFetch(PAGE), clock: new ManualClock(), pageOrigin: PAGE };
    const blocked = await testConnection(provider(), deps);
    expect(blocked.ok === false && blocked.error.kind).toBe('cors');
    const dead = await testConnection(provider('custom', deadURL), deps);
    expect(dead.ok === false && dead.error.kind).toBe('connection');
    server.configure({ cors: 'strict' });
    const fine = await testConnection(provider(), deps);
    expect(fine.ok && fine.modelCount).toBe(server.config.models.length);
  });
});

describe('probeReachability', () => {
  it('is reachable when the no-cors request resolves, and sends no credentials or key', async () => {
    const fetch = makeScriptedFetch([{ status: 404 }]);
    expect(await probeReachability(fetch, 'http://localhost:11434/v1', new ManualClock())).toBe(
      'reachable',
    );
    expect(fetch.seen[0]).toMatchObject({ mode: 'no-cors', method: 'GET' });
    expect(fetch.seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('is unreachable when the request fails', async () => {
    const fetch = makeScriptedFetch([{ networkError: true }]);
    expect(await probeReachability(fetch, 'http://localhost:1/v1', new ManualClock())).toBe(
      'unreachable',
    );
  });

  it('is unknown when the probe times out', async () => {
    const clock = new ManualClock();
    // Accepts the request and never answers; fails only when aborted.
    const fetch = (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    const result = probeReachability(fetch, 'http://localhost:1', clock, { timeoutMs: 3000 });
    await clock.advance(3000);
    expect(await result).toBe('unknown');
  });
});
