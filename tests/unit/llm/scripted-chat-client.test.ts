import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import type { ChatRequest } from '../../../src/llm/chat-client';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';
import { makeGate } from '../../fakes/gate';
import { collect, doneOf, errorOf, iterate, reasoningOf, textOf } from './support/events';

const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
  provider: { id: 'p', name: 'P', presetId: 'custom', baseURL: 'http://x' },
  model: 'scripted',
  messages: [{ role: 'user', content: 'hi' }],
  ...extra,
});

describe('makeScriptedChatClient', () => {
  it('plays replies in order with the real event and message shapes', async () => {
    const client = makeScriptedChatClient([
      {
        reasoning: 'Plan.',
        text: 'Hello 🌍 world',
        chunkSize: 3,
        usage: { inputTokens: 10, outputTokens: 4 },
      },
      {
        toolCalls: [
          { name: 'read_file', arguments: { path: 'a.py' } },
          { id: 'bad', name: 'edit', arguments: '{oops' },
        ],
      },
    ]);
    const first = await collect(client.stream(request()));
    expect(reasoningOf(first)).toBe('Plan.');
    expect(textOf(first)).toBe('Hello 🌍 world');
    expect(first.filter((e) => e.type === 'text_delta').map((e) => e.delta)[2]).toBe('🌍 w');
    expect(doneOf(first)).toMatchObject({
      finishReason: 'stop',
      usage: { inputTokens: 10, outputTokens: 4 },
    });

    const second = doneOf(await collect(client.stream(request())));
    expect(second.message.stopReason).toBe('tool_calls');
    expect(second.message.toolCalls).toMatchObject([
      { id: 'call_scripted_0', name: 'read_file', parsedArguments: { path: 'a.py' } },
      {
        id: 'bad',
        name: 'edit',
        parsedArguments: undefined,
        argumentsError: expect.stringMatching(/not valid JSON/),
      },
    ]);
    expect(client.requests).toHaveLength(2);
    expect(client.remaining).toBe(0);
  });

  it('builds replies from the request and ends with a scripted error', async () => {
    const client = makeScriptedChatClient([
      (req) => ({
        text: `model ${req.model}`,
        error: { kind: 'rate-limit', message: 'Slow down.', hint: 'Wait.', retryAfterMs: 1000 },
      }),
    ]);
    const events = await collect(client.stream(request()));
    const error = errorOf(events);
    expect(error.message).toMatchObject({ content: 'model scripted', stopReason: 'error' });
    expect(error.error).toMatchObject({ kind: 'rate-limit', retryAfterMs: 1000, retryable: true });
  });

  it('stops at an aborted signal and reports an empty script', async () => {
    const controller = new AbortController();
    const client = makeScriptedChatClient([{ text: 'abcdef', chunkSize: 1 }], {
      clock: new ManualClock(5),
    });
    const seen: string[] = [];
    let last;
    for await (const event of client.stream(request({ signal: controller.signal }))) {
      if (event.type === 'text_delta') {
        seen.push(event.delta);
        if (seen.length === 2) controller.abort();
      }
      last = event;
    }
    expect(seen).toEqual(['a', 'b']);
    expect(last).toMatchObject({
      type: 'error',
      message: { content: 'ab', stopReason: 'aborted', timing: { startedAt: 5 } },
    });
    const empty = errorOf(await collect(client.stream(request())));
    expect(empty.error.kind).toBe('internal');
    expect(empty.error.message).toMatch(/no reply left/);
  });

  it('holds a reply at a gate mid-way until the gate opens, or the request is aborted', async () => {
    const gate = makeGate();
    const client = makeScriptedChatClient([
      { text: 'abcdef', chunkSize: 2, pause: { afterChunks: 1, until: gate.wait } },
      { text: 'never sent', pause: { afterChunks: 0, until: () => new Promise(() => {}) } },
    ]);
    const stream = iterate(client.stream(request()));
    expect(await stream.next()).toMatchObject({ value: { type: 'text_delta', delta: 'ab' } });
    const held = stream.next();
    await gate.reached;
    gate.open();
    expect(await held).toMatchObject({ value: { type: 'text_delta', delta: 'cd' } });

    const controller = new AbortController();
    const aborted = collect(client.stream(request({ signal: controller.signal })));
    controller.abort();
    const events = await aborted;
    expect(errorOf(events).error.kind).toBe('aborted');
    expect(textOf(events)).toBe('');
  });
});
