// The HTTP client fed byte by byte: SSE framing, UTF-8 and JSON split anywhere, CRLF, [DONE]
// variants, errors inside the stream. Uses an in-memory fetch so thousands of runs stay fast.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { makeOpenAIChatClient } from '../../../src/llm/openai-chat-client';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import { DEFAULT_RETRY_POLICY } from '../../../src/llm/retry-policy';
import { collect, doneOf, errorOf, reasoningOf, textOf } from './support/events';
import { makeScriptedFetch, splitAt, type CannedResponse } from './support/scripted-fetch';
import { chunk, sseBody, usageChunk } from './support/sse';

const provider: ProviderConfig = {
  id: 'p',
  name: 'Test',
  presetId: 'custom',
  baseURL: 'https://llm.test/v1',
};
const noRetry = { ...DEFAULT_RETRY_POLICY, maxRetries: 0 };

function run(responses: CannedResponse[], options: { retries?: boolean } = {}) {
  const fetch = makeScriptedFetch(responses);
  const client = makeOpenAIChatClient({
    fetch,
    clock: new ManualClock(),
    ...(options.retries ? {} : { retryPolicy: noRetry }),
  });
  const events = collect(
    client.stream({ provider, model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
  );
  return { fetch, events };
}

const REASONING = 'Réflexion 🤔 sur « ça »';
const TEXT = 'Hello, wörld! 你好 🎉';
const ARGS = '{"path":"café/ñ.py","text":"日本"}';

function richChunks(): unknown[] {
  return [
    chunk({ role: 'assistant', content: '' }),
    chunk({ reasoning_content: REASONING.slice(0, 12) }),
    chunk({ reasoning_content: REASONING.slice(12) }),
    chunk({ content: TEXT.slice(0, 9) }),
    chunk({ content: TEXT.slice(9) }),
    chunk({
      tool_calls: [
        {
          index: 0,
          id: 'call_1',
          type: 'function',
          function: { name: 'write', arguments: ARGS.slice(0, 10) },
        },
      ],
    }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: ARGS.slice(10) } }] }),
    chunk({}, 'tool_calls'),
    usageChunk(20, 9),
  ];
}

async function expectRichReply(pieces: Uint8Array[]) {
  const { events } = run([{ pieces }]);
  const all = await events;
  const done = doneOf(all);
  expect(reasoningOf(all)).toBe(REASONING);
  expect(textOf(all)).toBe(TEXT);
  expect(done.message).toMatchObject({
    content: TEXT,
    reasoning: REASONING,
    stopReason: 'tool_calls',
    usage: { inputTokens: 20, outputTokens: 9 },
  });
  expect(done.message.toolCalls).toEqual([
    { id: 'call_1', name: 'write', arguments: ARGS, parsedArguments: JSON.parse(ARGS) },
  ]);
}

describe('streamed bytes', () => {
  const body = new TextEncoder().encode(sseBody(richChunks()));

  it('assembles the same reply for a split at every byte (inside UTF-8, JSON and "data:")', async () => {
    for (let offset = 1; offset < body.length; offset++) {
      await expectRichReply(splitAt(body, [offset]));
    }
  });

  it('assembles the same reply when every byte arrives alone', async () => {
    await expectRichReply(
      splitAt(
        body,
        Array.from({ length: body.length - 1 }, (_, i) => i + 1),
      ),
    );
  });

  it('handles CRLF line endings, split anywhere', async () => {
    const crlf = new TextEncoder().encode(sseBody(richChunks(), { eol: '\r\n' }));
    for (let offset = 1; offset < crlf.length; offset += 3) {
      await expectRichReply(splitAt(crlf, [offset]));
    }
  });

  it('handles SSE comments between events (OpenRouter keep-alives)', async () => {
    await expectRichReply([new TextEncoder().encode(sseBody(richChunks(), { comments: true }))]);
  });

  it('accepts a stream without [DONE] and ignores what follows a repeated [DONE]', async () => {
    await expectRichReply([new TextEncoder().encode(sseBody(richChunks(), { done: 0 }))]);
    const repeated =
      sseBody(richChunks(), { done: 2 }) + sseBody([chunk({ content: 'AFTER DONE' })], { done: 0 });
    await expectRichReply([new TextEncoder().encode(repeated)]);
  });

  it('treats a stream that ends without a finish reason as a connection error, keeping the text', async () => {
    const { events } = run([{ pieces: [sseBody([chunk({ content: 'partial' })])] }]);
    const error = errorOf(await events);
    expect(error.error.kind).toBe('connection');
    expect(error.error.message).toMatch(/broke before the reply was complete/);
    expect(error.message).toMatchObject({ content: 'partial', stopReason: 'error' });
  });

  it('treats an error object inside a 200 stream as an error, classified by its code', async () => {
    const errorChunk = {
      id: 'x',
      object: 'chat.completion.chunk',
      error: { code: 429, message: 'Rate limit exceeded upstream' },
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
    };
    const { events } = run([{ pieces: [sseBody([chunk({ content: 'Par' }), errorChunk])] }]);
    const error = errorOf(await events);
    expect(error.error.kind).toBe('rate-limit');
    expect(error.error.status).toBe(429);
    expect(error.message.content).toBe('Par');
  });

  it('treats finish_reason "error" without an error object as a server error', async () => {
    const { events } = run([{ pieces: [sseBody([chunk({ content: 'x' }), chunk({}, 'error')])] }]);
    expect(errorOf(await events).error.kind).toBe('server-error');
  });

  it('reports a malformed chunk as a server error, not a crash', async () => {
    const { events } = run([
      { pieces: [sseBody([chunk({ content: 'ok' }), '{"choices": [{"delta": {"content": "br'])] },
    ]);
    const error = errorOf(await events);
    expect(error.error.kind).toBe('server-error');
    expect(error.error.message).toMatch(/could not read/);
  });

  it('ignores chunks with empty choices and reads usage from them', async () => {
    const chunks = [
      { id: 'x', choices: [] },
      chunk({ content: 'A' }),
      { choices: [] },
      chunk({}, 'stop'),
      usageChunk(3, 1),
    ];
    const done = doneOf(await run([{ pieces: [sseBody(chunks)] }]).events);
    expect(done.message.content).toBe('A');
    expect(done.usage).toMatchObject({ inputTokens: 3, outputTokens: 1 });
  });

  it('accepts a finished reply whose connection breaks before [DONE]', async () => {
    const { events } = run([
      {
        pieces: [sseBody([chunk({ content: 'All' }), chunk({}, 'stop')], { done: 0 })],
        end: 'error',
      },
    ]);
    expect(doneOf(await events).message.content).toBe('All');
  });

  // Invariant 3: nothing is duplicated by retries, reloads or two tabs.
  it('reports a connection cut mid-reply without retrying, even when retries are on', async () => {
    const { events, fetch } = run(
      [
        { pieces: [sseBody([chunk({ content: 'Half a rep' })], { done: 0 })], end: 'error' },
        { pieces: [] },
      ],
      { retries: true },
    );
    const all = await events;
    expect(errorOf(all).error.kind).toBe('connection');
    expect(all.some((e) => e.type === 'retry_scheduled')).toBe(false);
    expect(fetch.seen).toHaveLength(1);
  });

  it('accepts a server that ignores stream:true and answers with one JSON completion', async () => {
    const completion = {
      id: 'c',
      object: 'chat.completion',
      model: 'm',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Whole reply', reasoning_content: 'R' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 },
    };
    const { events } = run([
      {
        headers: { 'content-type': 'application/json' },
        pieces: [JSON.stringify(completion, null, 2)],
      },
    ]);
    const done = doneOf(await events);
    expect(done.message).toMatchObject({
      content: 'Whole reply',
      reasoning: 'R',
      usage: { totalTokens: 6 },
    });
  });
});
