import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createSecretRedactor } from '../../../src/base/redact-credentials';
import { LlmError } from '../../../src/llm/llm-error';
import { createLazyChatClient } from '../../../src/app/lazy-chat-client';
import type { ChatClient, ChatRequest } from '../../../src/llm/chat-client';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';
import { collect, errorOf } from '../llm/support/events';

const KEY = 'sk-lazy-secret-0123456789';
const request: ChatRequest = {
  provider: {
    id: 'p',
    name: 'P',
    presetId: 'custom',
    baseURL: 'http://127.0.0.1:9/v1',
    apiKey: KEY,
    keyOrigin: 'http://127.0.0.1:9',
  },
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
};

describe('createLazyChatClient', () => {
  it('a failed load of the SDK is one error event, not a throw; the next call loads again', async () => {
    const clock = new ManualClock(1000);
    let loads = 0;
    const client = createLazyChatClient(async () => {
      loads++;
      if (loads === 1) {
        throw new TypeError(`Failed to fetch dynamically imported module (key ${KEY})`);
      }
      return makeScriptedChatClient([{ text: 'Hello' }]);
    }, clock);

    const failed = await collect(client.stream(request));
    expect(failed.map((event) => event.type)).toEqual(['error']);
    const error = errorOf(failed);
    expect(error.error.kind).toBe('connection');
    expect(error.error.message).toBe(
      'Cove could not load the part of itself that talks to the model.',
    );
    expect(error.error.detail).toContain('Failed to fetch dynamically imported module');
    expect(error.error.hint).toContain('reload the page');
    expect(error.message).toMatchObject({
      role: 'assistant',
      content: '',
      stopReason: 'error',
      timing: { startedAt: 1000, finishedAt: 1000 },
    });
    expect(JSON.stringify(error.error.toJSON())).not.toContain(KEY);

    const next = await collect(client.stream(request));
    expect(next.map((event) => event.type)).toEqual(['text_delta', 'done']);
    expect(loads).toBe(2);
    // Loaded once, the implementation serves every later call.
    await collect(client.stream(request));
    expect(loads).toBe(2);
  });

  it('a load that throws before returning a promise is an error event too', async () => {
    const client = createLazyChatClient(() => {
      throw new Error('no chunk');
    }, new ManualClock());
    const events = await collect(client.stream(request));
    expect(events).toHaveLength(1);
    expect(errorOf(events).error.kind).toBe('connection');
  });

  it('an implementation that breaks the contract still ends with exactly one error event', async () => {
    const throwing: ChatClient = {
      // eslint-disable-next-line require-yield
      async *stream() {
        throw new Error('bug below');
      },
    };
    const silent: ChatClient = {
      async *stream() {
        yield { type: 'text_delta', delta: 'Hi' };
      },
    };
    for (const inner of [throwing, silent]) {
      const events = await collect(
        createLazyChatClient(async () => inner, new ManualClock()).stream(request),
      );
      const ends = events.filter((event) => event.type === 'done' || event.type === 'error');
      expect(ends).toHaveLength(1);
      expect(errorOf(events).error.kind).toBe('internal');
    }
  });

  it('removes every secret Cove knows from a failure, not only the provider key', async () => {
    const token = 'mcp-token-abcdef0123456789';
    const inner = makeScriptedChatClient([
      {
        error: {
          kind: 'bad-request',
          message: `The server quoted ${token}.`,
          hint: 'Check the request.',
          status: 400,
          detail: `{"error":"${token}"}`,
        },
      },
    ]);
    const client = createLazyChatClient(
      async () => inner,
      new ManualClock(),
      createSecretRedactor(() => [token]),
    );
    const { error, message } = errorOf(await collect(client.stream(request)));
    expect(error).toBeInstanceOf(LlmError);
    expect(message.error).toBe(error);
    expect(error.toJSON()).toEqual({
      kind: 'bad-request',
      message: 'The server quoted [redacted].',
      hint: 'Check the request.',
      status: 400,
      detail: '{"error":"[redacted]"}',
    });
  });
});
