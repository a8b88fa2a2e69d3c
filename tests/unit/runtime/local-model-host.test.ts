import { describe, expect, it } from 'vitest';
import type { LocalModelResponse } from '../../../src/llm/local-model-protocol';
import { classifyGenerateError, classifyLoadError } from '../../../src/llm/local-model-protocol';
import { createLocalModelHost, type LocalEngine } from '../../../src/runtime/local-model-host';
import { waitUntil } from '../support/wait-until';

const info = { contextSize: 2048, trainedContext: 4096, threads: 1, hasChatTemplate: false };

function host(engine: Partial<LocalEngine>) {
  const out: LocalModelResponse[] = [];
  let time = 0;
  const handle = createLocalModelHost(
    {
      load: () => {
        time += 1500;
        return Promise.resolve(info);
      },
      // eslint-disable-next-line require-yield
      async *chat() {
        return;
      },
      ...engine,
    },
    (response) => out.push(response),
    () => time,
  );
  return { handle, out };
}

describe('local model host (the worker side of the protocol)', () => {
  it('answers a load with the model facts and how long it took', async () => {
    const { handle, out } = host({});
    handle({ type: 'load', id: 1, file: new Blob(['x']) });
    await waitUntil(() => expect(out.length === 1).toBe(true));
    expect(out[0]).toEqual({ type: 'loaded', id: 1, info: { ...info, loadMs: 1500 } });
  });

  it('refuses to generate before a load', async () => {
    const { handle, out } = host({});
    handle({ type: 'generate', id: 2, messages: [] });
    await waitUntil(() => expect(out.length === 1).toBe(true));
    expect(out[0]).toEqual({ type: 'failed', id: 2, failure: { kind: 'not-loaded' } });
  });

  it('streams chunks then finished; cancel ends a generation with aborted', async () => {
    let release: () => void = () => undefined;
    const { handle, out } = host({
      async *chat(request) {
        yield { n: 1 };
        await new Promise<void>((resolve) => {
          release = resolve;
          request.signal.addEventListener('abort', () => resolve());
        });
        yield { n: 2 };
      },
    });
    handle({ type: 'load', id: 1, file: new Blob(['x']) });
    await waitUntil(() => expect(out.length === 1).toBe(true));
    handle({ type: 'generate', id: 2, messages: [{ role: 'user', content: 'hi' }] });
    await waitUntil(() => expect(out.length === 2).toBe(true));
    expect(out[1]).toEqual({ type: 'chunk', id: 2, chunk: { n: 1 } });
    handle({ type: 'cancel', id: 2 });
    await waitUntil(() => expect(out.length === 3).toBe(true));
    expect(out[2]).toEqual({ type: 'failed', id: 2, failure: { kind: 'aborted' } });
    handle({ type: 'generate', id: 3, messages: [] });
    await waitUntil(() => expect(out.length >= 4).toBe(true));
    release();
    await waitUntil(() => expect(out.some((r) => r.id === 3 && r.type === 'finished')).toBe(true));
  });

  it('names a load that ran out of memory, apart from an unreadable file', async () => {
    expect(classifyLoadError('RangeError: Array buffer allocation failed').kind).toBe('too-big');
    expect(classifyLoadError('failed to load model: invalid magic').kind).toBe('unreadable');
    expect(
      classifyGenerateError(
        'request (4330 tokens) exceeds the available context size (4096 tokens)',
      ).kind,
    ).toBe('context-overflow');
    const { handle, out } = host({ load: () => Promise.reject(new Error('Out of memory')) });
    handle({ type: 'load', id: 1, file: new Blob(['x']) });
    await waitUntil(() => expect(out.length === 1).toBe(true));
    expect(out[0]).toMatchObject({ type: 'failed', failure: { kind: 'too-big' } });
  });
});
