// The fake provider itself: what e2e tests and the benchmark rely on.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { makeOpenAIChatClient } from '../../../src/llm/openai-chat-client';
import {
  spawnFakeOpenAIServer,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';
import { collect, doneOf } from './support/events';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

async function rawStream(body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      ...body,
    }),
  });
  return response.text();
}

/** The content deltas of a raw SSE body, joined. */
function contentOf(text: string): string {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice('data: '.length)).choices[0]?.delta?.content ?? '')
    .join('');
}

describe('fake OpenAI server', () => {
  it('streams like a provider: role chunk first, usage chunk with no choices, [DONE]', async () => {
    const text = await rawStream({ stream_options: { include_usage: true } });
    const events = text.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.slice('data: '.length)));
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: expect.any(Number) },
    });
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
  });

  it('sends usage only when asked, and honours line endings, comments and [DONE] count', async () => {
    expect(await rawStream({})).not.toContain('"usage"');
    server.script({ lineEnding: '\r\n', comments: true, done: 2 });
    const text = await rawStream({});
    expect(text).toContain('\r\n\r\n');
    expect(text).toContain(': OPENROUTER PROCESSING');
    expect(text.match(/\[DONE\]/g)).toHaveLength(2);
  });

  it('takes scripts over HTTP, records requests, and resets', async () => {
    await fetch(`${server.url}/__script`, {
      method: 'POST',
      body: JSON.stringify({ scenarios: [{ content: 'scripted over http' }] }),
    });
    expect(server.queued).toBe(1);
    expect(contentOf(await rawStream({}))).toBe('scripted over http');
    const recorded = await (await fetch(`${server.url}/__requests`)).json();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: { model: 'fake-model' },
    });
    await fetch(`${server.url}/__config`, {
      method: 'POST',
      body: JSON.stringify({ cors: 'none' }),
    });
    expect(server.config.cors).toBe('none');
    await fetch(`${server.url}/__reset`, { method: 'POST' });
    expect([server.requests.length, server.config.cors]).toEqual([0, 'strict']);
  });

  it('answers preflights per CORS mode', async () => {
    const preflight = () =>
      fetch(`${server.baseURL}/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,x-custom',
        },
      });
    const strict = await preflight();
    expect(strict.headers.get('access-control-allow-origin')).toBe('*');
    expect(strict.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    server.configure({ cors: 'reflect' });
    expect((await preflight()).headers.get('access-control-allow-headers')).toBe(
      'authorization,x-custom',
    );
    server.configure({ cors: 'none' });
    expect((await preflight()).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers errors with realistic bodies and headers', async () => {
    server.script({ status: 429, headers: { 'retry-after': '3' } });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', messages: [] }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('streams a 20,000-token reply quickly through the client', async () => {
    const client = makeOpenAIChatClient({ fetch: globalThis.fetch, clock: new ManualClock() });
    const started = performance.now();
    const events = await collect(
      client.stream({
        provider: { id: 'f', name: 'F', presetId: 'custom', baseURL: server.baseURL },
        model: 'fake-long',
        messages: [{ role: 'user', content: 'go' }],
      }),
    );
    const elapsed = performance.now() - started;
    const done = doneOf(events);
    expect(done.message.content.split(' ').filter(Boolean)).toHaveLength(20_000);
    expect(done.usage?.outputTokens).toBe(20_000);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('runs as a CLI that prints its URL', async () => {
    const spawned = await spawnFakeOpenAIServer({ args: ['--api-key', 'cli-key'] });
    try {
      expect(spawned.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const denied = await fetch(`${spawned.url}/v1/models`);
      expect(denied.status).toBe(401);
      const models = await (
        await fetch(`${spawned.url}/v1/models`, { headers: { authorization: 'Bearer cli-key' } })
      ).json();
      expect(models.data.map((m: { id: string }) => m.id)).toContain('fake-tool-call');
    } finally {
      await spawned.stop();
    }
    await expect(fetch(`${spawned.url}/v1/models`)).rejects.toThrow();
  });
});
