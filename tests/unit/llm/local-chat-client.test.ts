import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/base/clock';
import type { LlmEvent } from '../../../src/llm/llm-events';
import { makeLocalChatClient } from '../../../src/llm/local-chat-client';
import type {
  LocalModelPort,
  LocalModelRequest,
  LocalModelResponse,
} from '../../../src/llm/local-model-protocol';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import { createLocalModelHost, type LocalEngine } from '../../../src/runtime/local-model-host';
import { waitUntil } from '../support/wait-until';

const provider: ProviderConfig = {
  id: 'in-browser',
  name: 'In this browser',
  presetId: 'custom',
  baseURL: '',
};

const chunk = (content: string) => ({
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
});
const finish = { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] };
const usage = { choices: [], usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 } };

/** An engine that streams the given chunks, or waits forever after them when `hang`. */
function fakeEngine(
  options: {
    chunks?: unknown[];
    hang?: boolean;
    loadError?: string;
    firstLoadHangs?: boolean;
  } = {},
) {
  const calls = { loads: 0, chats: [] as Parameters<LocalEngine['chat']>[0][] };
  const engine: LocalEngine = {
    load() {
      calls.loads++;
      if (options.firstLoadHangs && calls.loads === 1) return new Promise(() => undefined);
      if (options.loadError) return Promise.reject(new Error(options.loadError));
      return Promise.resolve({
        contextSize: 4096,
        trainedContext: 4096,
        threads: 1,
        hasChatTemplate: true,
      });
    },
    async *chat(request) {
      calls.chats.push(request);
      for (const item of options.chunks ?? [chunk('Hel'), chunk('lo'), finish, usage]) yield item;
      if (options.hang) {
        await new Promise<void>((resolve) =>
          request.signal.addEventListener('abort', () => resolve()),
        );
        throw new Error('aborted by signal');
      }
    },
  };
  return { engine, calls };
}

/** The worker, in process: a port whose other end is the real host over a fake engine. */
function inProcessPort(engine: LocalEngine) {
  const sent: LocalModelRequest[] = [];
  let terminated = 0;
  const port: LocalModelPort = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      sent.push(message);
      if (terminated) return;
      queueMicrotask(() => host(message));
    },
    terminate: () => void terminated++,
  };
  const host = createLocalModelHost(
    engine,
    (response: LocalModelResponse) => {
      if (!terminated) queueMicrotask(() => port.onmessage?.({ data: response }));
    },
    () => 0,
  );
  return { port, sent, terminated: () => terminated };
}

async function collect(stream: AsyncIterable<LlmEvent>, onEvent?: (event: LlmEvent) => void) {
  const events: LlmEvent[] = [];
  for await (const event of stream) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

function setup(engineOptions: Parameters<typeof fakeEngine>[0] = {}) {
  const { engine, calls } = fakeEngine(engineOptions);
  const ports: ReturnType<typeof inProcessPort>[] = [];
  const loaded: string[] = [];
  const client = makeLocalChatClient({
    openWorker: () => {
      const next = inProcessPort(engine);
      ports.push(next);
      return next.port;
    },
    readFile: (id) => Promise.resolve(id === 'gone' ? undefined : new Blob(['GGUF'])),
    clock: systemClock,
    onLoaded: (id) => loaded.push(id),
  });
  return { client, calls, ports, loaded };
}

const request = (model = 'model-1', signal?: AbortSignal) => ({
  provider,
  model,
  messages: [{ role: 'user' as const, content: 'hi' }],
  ...(signal ? { signal } : {}),
});

describe('local chat client', () => {
  it('loads the model once, streams text deltas and ends with done and usage', async () => {
    const { client, calls, loaded } = setup();
    const events = await collect(client.stream(request()));
    expect(
      events.filter((e) => e.type === 'text_delta').map((e) => e.type === 'text_delta' && e.delta),
    ).toEqual(['Hel', 'lo']);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') return;
    expect(done.message.content).toBe('Hello');
    expect(done.usage).toMatchObject({ inputTokens: 7, outputTokens: 2 });
    expect(done.finishReason).toBe('stop');
    await collect(client.stream(request()));
    expect(calls.loads).toBe(1);
    expect(loaded).toEqual(['model-1']);
    expect(calls.chats[0]?.messages).toEqual([{ role: 'user', content: 'hi' }]);
    // No limit asked for: the reply keeps to a quarter of the (default 8192) window.
    expect(calls.chats[0]?.maxTokens).toBe(2048);
  });

  it('stops at once on abort, tells the worker, and keeps the model loaded', async () => {
    const { client, ports } = setup({ chunks: [chunk('a')], hang: true });
    const control = new AbortController();
    const events = await collect(client.stream(request('model-1', control.signal)), (event) => {
      if (event.type === 'text_delta') control.abort();
    });
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type === 'error') {
      expect(last.error.kind).toBe('aborted');
      expect(last.message.content).toBe('a');
    }
    expect(ports[0]?.sent.some((m) => m.type === 'cancel')).toBe(true);
    expect(client.loadedModel()).toBe('model-1');
  });

  it('a Stop during the load terminates the worker; the next request loads again', async () => {
    const { client, ports } = setup({ firstLoadHangs: true });
    const control = new AbortController();
    const pending = collect(client.stream(request('model-1', control.signal)));
    await waitUntil(() => expect(ports[0]?.sent[0]?.type).toBe('load'));
    control.abort();
    const events = await pending;
    expect(events.at(-1)?.type).toBe('error');
    expect(ports[0]?.terminated()).toBe(1);
    const again = await collect(client.stream(request()));
    expect(again.at(-1)?.type).toBe('done');
    expect(ports.length).toBe(2);
  });

  it('asking for another model unloads the first', async () => {
    const { client, ports } = setup();
    await collect(client.stream(request('model-1')));
    await collect(client.stream(request('model-2')));
    expect(ports[0]?.terminated()).toBe(1);
    expect(client.loadedModel()).toBe('model-2');
    client.unload();
    expect(ports[1]?.terminated()).toBe(1);
    expect(client.loadedModel()).toBeUndefined();
  });

  it('a model too big for memory ends with an error that says so, and nothing stays loaded', async () => {
    const { client } = setup({ loadError: 'Out of memory: failed to allocate 4 GB' });
    const events = await collect(client.stream(request()));
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type === 'error') expect(last.error.params['reason']).toBe('local-too-big');
    expect(client.loadedModel()).toBeUndefined();
  });

  it('a removed file ends with local-missing, without starting a worker', async () => {
    const { client, ports } = setup();
    const events = await collect(client.stream(request('gone')));
    const last = events.at(-1);
    if (last?.type === 'error') expect(last.error.params['reason']).toBe('local-missing');
    else expect.fail('expected an error');
    expect(ports.length).toBe(0);
  });

  it('passes tools in OpenAI form and tool-call chunks become tool calls', async () => {
    const toolChunk = {
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index: 0,
                id: 'c1',
                type: 'function',
                function: { name: 'read_file', arguments: '{"path":"a.py"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    };
    const { client, calls } = setup({ chunks: [toolChunk] });
    const events = await collect(
      client.stream({
        ...request(),
        tools: [{ name: 'read_file', description: 'Reads a file', parameters: { type: 'object' } }],
      }),
    );
    expect(calls.chats[0]?.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'read_file',
          description: 'Reads a file',
          parameters: { type: 'object' },
        },
      },
    ]);
    const done = events.at(-1);
    if (done?.type !== 'done') return expect.fail('expected done');
    expect(done.message.stopReason).toBe('tool_calls');
    expect(done.message.toolCalls[0]?.name).toBe('read_file');
  });
});
