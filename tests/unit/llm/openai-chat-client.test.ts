// The HTTP client against the fake provider server: real sockets, real SSE, real failures.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import type { ChatRequest } from '../../../src/llm/chat-client';
import type { FetchLike } from '../../../src/llm/fetch-like';
import type { LlmEvent } from '../../../src/llm/llm-events';
import {
  makeOpenAIChatClient,
  type OpenAIChatClientDeps,
} from '../../../src/llm/openai-chat-client';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import { DEFAULT_RETRY_POLICY } from '../../../src/llm/retry-policy';
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../fixtures/fake-openai-server.mjs';
import {
  collect,
  doneOf,
  errorOf,
  iterate,
  reasoningOf,
  textOf,
  until,
  untilPending,
} from './support/events';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const KEY = 'sk-test-0123456789abcdefghij';
const noRetry = { ...DEFAULT_RETRY_POLICY, maxRetries: 0 };

function provider(extra: Partial<ProviderConfig> = {}): ProviderConfig {
  return { id: 'fake', name: 'Fake', presetId: 'custom', baseURL: server.baseURL, ...extra };
}

function keyed(extra: Partial<ProviderConfig> = {}): ProviderConfig {
  return provider({ apiKey: KEY, keyOrigin: server.url, ...extra });
}

function request(extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    provider: provider(),
    model: 'fake-model',
    messages: [{ role: 'user', content: 'hi' }],
    ...extra,
  };
}

function client(deps: Partial<OpenAIChatClientDeps> = {}) {
  return makeOpenAIChatClient({
    fetch: globalThis.fetch,
    clock: new ManualClock(),
    retryPolicy: noRetry,
    ...deps,
  });
}

describe('makeOpenAIChatClient against the fake server', () => {
  it('streams a reply with usage and asks for usage with stream_options', async () => {
    const events = await collect(client().stream(request({ provider: keyed() })));
    const done = doneOf(events);
    expect(textOf(events)).toBe('Echo: hi');
    expect(done.message).toMatchObject({
      content: 'Echo: hi',
      stopReason: 'stop',
      attempts: 1,
      model: 'fake-model',
    });
    expect(done.usage?.outputTokens).toBeGreaterThan(0);
    const [sent] = server.chatRequests();
    expect(sent!.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('sends no SDK headers: no x-stainless-*, no SDK user agent; the key only as Bearer', async () => {
    await collect(client().stream(request({ provider: keyed() })));
    const headers = server.chatRequests()[0]!.headers;
    expect(Object.keys(headers).filter((name) => name.startsWith('x-stainless'))).toEqual([]);
    expect(String(headers['user-agent'])).not.toMatch(/openai/i);
    expect(headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(headers['content-type']).toBe('application/json');
  });

  it('sends no Authorization header for a provider without a key', async () => {
    await collect(client().stream(request()));
    expect(server.chatRequests()[0]!.headers['authorization']).toBeUndefined();
  });

  it.each([
    ['fake-reasoning', 'Let me think about this step by step.'],
    ['fake-reasoning-openrouter', 'Thinking in the reasoning field.'],
    ['fake-think-tags', 'Thinking inside think tags.'],
  ])('separates reasoning from the answer (%s)', async (model, reasoning) => {
    const events = await collect(client().stream(request({ model })));
    expect(reasoningOf(events)).toBe(reasoning);
    expect(textOf(events)).toBe('Echo: hi');
    expect(doneOf(events).message.reasoning).toBe(reasoning);
  });

  it('assembles interleaved parallel tool calls split mid-arguments', async () => {
    const events = await collect(client().stream(request({ model: 'fake-parallel-tools' })));
    const done = doneOf(events);
    expect(done.message.stopReason).toBe('tool_calls');
    expect(done.message.toolCalls.map((call) => [call.name, call.parsedArguments])).toEqual([
      ['read_file', { path: 'a.py' }],
      ['list_files', { path: '.', recursive: true }],
    ]);
    expect(done.message.toolCalls.every((call) => call.id.startsWith('call_fake_'))).toBe(true);
    expect(events.filter((e) => e.type === 'toolcall_delta').length).toBeGreaterThan(4);
  });

  it('reports finish reason length as such', async () => {
    const done = doneOf(await collect(client().stream(request({ model: 'fake-length' }))));
    expect(done.finishReason).toBe('length');
    expect(done.message.stopReason).toBe('length');
  });

  it('builds the request body: tools, tool choice, output limit per preset, extra body', async () => {
    const tools = [
      {
        name: 'read_file',
        description: 'Read a file',
        parameters: { type: 'object', properties: {} },
      },
    ];
    await collect(
      client().stream(
        request({
          tools,
          toolChoice: 'auto',
          maxOutputTokens: 256,
          temperature: 0.2,
          extraBody: { reasoning_effort: 'low', model: 'must-not-win', stream: false },
        }),
      ),
    );
    await collect(
      client().stream(request({ provider: keyed({ presetId: 'openai' }), maxOutputTokens: 256 })),
    );
    const [custom, openai] = server.chatRequests();
    expect(custom!.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      tools: [{ type: 'function', function: tools[0] }],
      tool_choice: 'auto',
      max_tokens: 256,
      temperature: 0.2,
      reasoning_effort: 'low',
    });
    expect(openai!.body).toMatchObject({ max_completion_tokens: 256 });
    expect(openai!.body).not.toHaveProperty('max_tokens');
  });

  it('sends earlier reasoning back as reasoning_content where the preset says so', async () => {
    const messages: ChatRequest['messages'] = [
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1', reasoning: 'r1' },
      { role: 'user', content: 'q2' },
    ];
    await collect(
      client().stream(request({ messages, provider: keyed({ presetId: 'deepseek' }) })),
    );
    await collect(client().stream(request({ messages })));
    const [deepseek, custom] = server.chatRequests();
    expect((deepseek!.body as { messages: unknown[] }).messages[1]).toEqual({
      role: 'assistant',
      content: 'a1',
      reasoning_content: 'r1',
    });
    expect((custom!.body as { messages: unknown[] }).messages[1]).toEqual({
      role: 'assistant',
      content: 'a1',
    });
  });
});

describe('stopping', () => {
  it('ends with aborted, keeping the partial reply, when the signal aborts mid-stream', async () => {
    server.script({ content: 'one two three four five six seven', chunkSize: 4, delayMs: 30 });
    const controller = new AbortController();
    const events: LlmEvent[] = [];
    for await (const event of client().stream(request({ signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    const error = errorOf(events);
    expect(error.error.kind).toBe('aborted');
    expect(error.message.stopReason).toBe('aborted');
    expect(error.message.content).toBe('one ');
  });

  it('aborts the HTTP request when the consumer stops iterating', async () => {
    server.script({ content: 'x'.repeat(200), chunkSize: 1, delayMs: 5 });
    let signal: AbortSignal | undefined;
    const spy: FetchLike = (input, init) => {
      signal = init?.signal ?? undefined;
      return fetch(input, init);
    };
    for await (const event of client({ fetch: spy }).stream(request())) {
      if (event.type === 'text_delta') break;
    }
    expect(signal?.aborted).toBe(true);
  });
});

describe('stalls', () => {
  // Invariant 11: hard limits win, and the UI is usable afterwards.
  it('times out when no bytes arrive for the stall timeout, counting from the last chunk', async () => {
    server.script({ content: 'Starting, then nothing', stallAfterChunks: 2 });
    const clock = new ManualClock();
    const iterator = iterate(client({ clock }).stream(request({ stallTimeoutMs: 30_000 })));
    expect((await iterator.next()).value).toEqual({ type: 'text_delta', delta: 'Star' });
    let settled = false;
    const next = iterator.next().finally(() => (settled = true));
    await untilPending(clock);
    await clock.advance(29_999);
    expect(settled).toBe(false);
    await clock.advance(1);
    const { value } = await next;
    expect(value?.type).toBe('error');
    if (value?.type !== 'error') return;
    expect(value.error.kind).toBe('timeout');
    expect(value.error.message).toMatch(/No data arrived .* for 30 s/);
    expect(value.message.content).toBe('Star');
  });

  it('times out a server that never sends headers', async () => {
    server.script({ stallBeforeHeaders: true });
    const clock = new ManualClock();
    const pending = collect(client({ clock }).stream(request({ stallTimeoutMs: 10_000 })));
    await until(() => server.chatRequests().length === 1, 'the request');
    await untilPending(clock);
    await clock.advance(10_000);
    expect(errorOf(await pending).error.kind).toBe('timeout');
  });

  it('retries a stall that produced nothing, and succeeds', async () => {
    server.script({ stallAfterChunks: 0 }, {});
    const clock = new ManualClock();
    const iterator = iterate(
      client({ clock, retryPolicy: DEFAULT_RETRY_POLICY }).stream(
        request({ stallTimeoutMs: 5000 }),
      ),
    );
    const first = iterator.next();
    await until(() => server.chatRequests().length === 1, 'the request');
    await untilPending(clock);
    await clock.advance(5000);
    const retry = (await first).value as LlmEvent;
    expect(retry).toMatchObject({ type: 'retry_scheduled', attempt: 1, delayMs: 2000 });
    const rest = collectFrom(iterator);
    await untilPending(clock);
    await clock.advance(2000);
    const events = await rest;
    expect(doneOf(events).message).toMatchObject({ content: 'Echo: hi', attempts: 2 });
  });
});

async function collectFrom(iterator: AsyncIterator<LlmEvent>): Promise<LlmEvent[]> {
  const events: LlmEvent[] = [];
  for (;;) {
    const { value, done } = await iterator.next();
    if (done) return events;
    events.push(value);
  }
}

describe('broken streams', () => {
  it('reports a cut mid-reply as a connection error with the partial text, without retrying', async () => {
    const events = await collect(
      client({ retryPolicy: DEFAULT_RETRY_POLICY }).stream(request({ model: 'fake-cut' })),
    );
    const error = errorOf(events);
    expect(error.error.kind).toBe('connection');
    expect(error.message.content).toBe('This reply w');
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('retries a cut that came before any output', async () => {
    server.script({ cutAfterChunks: 1 }, {});
    const clock = new ManualClock();
    const iterator = iterate(
      client({ clock, retryPolicy: DEFAULT_RETRY_POLICY }).stream(request()),
    );
    const retry = (await iterator.next()).value as LlmEvent;
    expect(retry).toMatchObject({ type: 'retry_scheduled', attempt: 1, delayMs: 2000 });
    if (retry.type === 'retry_scheduled') expect(retry.error.kind).toBe('connection');
    const rest = collectFrom(iterator);
    await untilPending(clock);
    await clock.advance(2000);
    expect(doneOf(await rest).message.content).toBe('Echo: hi');
  });

  it('reports a malformed chunk after output as a server error', async () => {
    const events = await collect(
      client({ retryPolicy: DEFAULT_RETRY_POLICY }).stream(request({ model: 'fake-malformed' })),
    );
    expect(errorOf(events).error.kind).toBe('server-error');
    expect(errorOf(events).message.content).toBe('Echo');
  });

  it('reports an error chunk inside a 200 stream with its status and message', async () => {
    const error = errorOf(
      await collect(client().stream(request({ model: 'fake-stream-error' }))),
    ).error;
    expect(error.kind).toBe('server-error');
    expect(error.status).toBe(502);
    expect(error.detail).toBe('Upstream provider returned an error (fake).');
  });

  it('reports a stream without a finish reason as an error', async () => {
    const events = await collect(client().stream(request({ model: 'fake-no-finish' })));
    expect(errorOf(events).error.kind).toBe('connection');
    expect(errorOf(events).message.content).toBe('Echo: hi');
  });
});

describe('stream_options fallback', () => {
  it('retries once without stream_options and says so, without counting a retry', async () => {
    server.configure({ rejectStreamOptions: true });
    const events = await collect(client().stream(request()));
    expect(events.filter((e) => e.type === 'stream_options_unsupported')).toHaveLength(1);
    expect(events.some((e) => e.type === 'retry_scheduled')).toBe(false);
    const done = doneOf(events);
    expect(done.message.content).toBe('Echo: hi');
    expect(done.usage).toBeUndefined();
    const [first, second] = server.chatRequests();
    expect(first!.body).toHaveProperty('stream_options');
    expect(second!.body).not.toHaveProperty('stream_options');
  });

  it('does not send stream_options to a provider known to refuse them', async () => {
    server.configure({ rejectStreamOptions: true });
    const events = await collect(
      client().stream(request({ provider: provider({ supportsStreamOptions: false }) })),
    );
    expect(doneOf(events).message.content).toBe('Echo: hi');
    expect(server.chatRequests()).toHaveLength(1);
    expect(events.some((e) => e.type === 'stream_options_unsupported')).toBe(false);
  });

  it('falls back only once', async () => {
    const refusal = {
      status: 400,
      errorBody: { error: { message: 'stream_options is not supported' } },
    };
    server.script(refusal, refusal);
    const events = await collect(client({ retryPolicy: DEFAULT_RETRY_POLICY }).stream(request()));
    expect(errorOf(events).error.kind).toBe('bad-request');
    expect(server.chatRequests()).toHaveLength(2);
  });
});

describe('HTTP errors', () => {
  // Invariant 7: automatic retries only for retryable errors.
  it.each([
    ['fake-401', 'auth', 401],
    ['fake-403', 'auth', 403],
    ['fake-404', 'bad-request', 404],
    ['fake-quota', 'quota', 429],
    ['fake-context-overflow', 'context-overflow', 400],
  ])('%s is %s and is not retried', async (model, kind, status) => {
    const events = await collect(
      client({ retryPolicy: DEFAULT_RETRY_POLICY }).stream(request({ model })),
    );
    const error = errorOf(events).error;
    expect([error.kind, error.status]).toEqual([kind, status]);
    expect(error.hint).not.toBe('');
    expect(server.chatRequests()).toHaveLength(1);
  });
});

describe('retries', () => {
  /**
   * Plays the stream to its end, moving the manual clock through each retry wait. Checks
   * that each wait is exact: one millisecond early, the server has seen no new request.
   */
  async function retryRun(scenarios: object[], clock = new ManualClock()) {
    server.script(...scenarios);
    const iterator = iterate(
      client({ clock, retryPolicy: DEFAULT_RETRY_POLICY }).stream(request()),
    );
    const events: LlmEvent[] = [];
    let next = iterator.next();
    for (;;) {
      const result = await next;
      if (result.done) return events;
      events.push(result.value);
      next = iterator.next();
      if (result.value.type !== 'retry_scheduled') continue;
      const seen = server.chatRequests().length;
      await untilPending(clock);
      await clock.advance(result.value.delayMs - 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.chatRequests().length).toBe(seen);
      await clock.advance(1);
    }
  }

  // Invariant 7: automatic retries only for retryable errors.
  it('backs off 2 s, 4 s, 8 s, then gives up after 3 retries', async () => {
    const events = await retryRun([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
      {},
    ]);
    const retries = events.filter((e) => e.type === 'retry_scheduled');
    expect(retries.map((e) => [e.attempt, e.delayMs, e.error.kind])).toEqual([
      [1, 2000, 'server-error'],
      [2, 4000, 'server-error'],
      [3, 8000, 'server-error'],
    ]);
    expect(errorOf(events).error.kind).toBe('server-error');
    expect(errorOf(events).message.attempts).toBe(4);
    expect(server.chatRequests()).toHaveLength(4);
  });

  it('retries 503 and 529 as overloaded, then succeeds', async () => {
    const events = await retryRun([{ status: 503 }, { status: 529 }, {}]);
    expect(events.filter((e) => e.type === 'retry_scheduled').map((e) => e.error.kind)).toEqual([
      'overloaded',
      'overloaded',
    ]);
    expect(doneOf(events).message.attempts).toBe(3);
  });

  it('waits the Retry-After seconds of a 429', async () => {
    const events = await retryRun([{ status: 429, headers: { 'retry-after': '3' } }, {}]);
    expect(events[0]).toMatchObject({ type: 'retry_scheduled', delayMs: 3000 });
    expect(doneOf(events).message.content).toBe('Echo: hi');
  });

  it('waits retry-after-ms, and an HTTP-date Retry-After relative to the clock', async () => {
    const precise = await retryRun([
      { status: 429, headers: { 'retry-after-ms': '1500', 'retry-after': '9' } },
      {},
    ]);
    expect(precise[0]).toMatchObject({ delayMs: 1500 });
    const start = Date.parse('2026-03-01T12:00:00Z');
    const dated = await retryRun(
      [{ status: 429, headers: { 'retry-after': new Date(start + 5000).toUTCString() } }, {}],
      new ManualClock(start),
    );
    expect(dated[0]).toMatchObject({ delayMs: 5000 });
  });

  it('uses the backoff for a 429 without Retry-After', async () => {
    const events = await retryRun([{ status: 429 }, {}]);
    expect(events[0]).toMatchObject({ type: 'retry_scheduled', delayMs: 2000 });
  });

  // Invariant 6: every failure says its cause and the next step.
  it('does not wait out a Retry-After longer than a minute; the hint says when to retry', async () => {
    server.script({ status: 429, headers: { 'retry-after': '120' } });
    const events = await collect(client({ retryPolicy: DEFAULT_RETRY_POLICY }).stream(request()));
    const error = errorOf(events).error;
    expect(error.kind).toBe('rate-limit');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.hint).toBe('Retry in 120 s.');
    expect(events.some((e) => e.type === 'retry_scheduled')).toBe(false);
  });

  it('cancels the wait when the signal aborts', async () => {
    server.script({ status: 500 }, {});
    const clock = new ManualClock();
    const controller = new AbortController();
    const iterator = iterate(
      client({ clock, retryPolicy: DEFAULT_RETRY_POLICY }).stream(
        request({ signal: controller.signal }),
      ),
    );
    expect((await iterator.next()).value).toMatchObject({ type: 'retry_scheduled', delayMs: 2000 });
    const next = iterator.next();
    await untilPending(clock);
    controller.abort();
    const { value } = await next;
    expect(value).toMatchObject({ type: 'error', error: { code: 'aborted' } });
    await clock.advance(10_000);
    expect(server.chatRequests()).toHaveLength(1);
  });
});
