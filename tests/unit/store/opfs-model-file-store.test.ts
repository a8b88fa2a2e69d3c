import { describe, expect, it } from 'vitest';
import { readGgufWindowFacts } from '../../../src/store/gguf-window-facts';
import { localWindowFor } from '../../../src/llm/local-model-protocol';
import {
  createOpfsModelFileStore,
  type WriteLocks,
} from '../../../src/store/opfs-model-file-store';
import { FakeDirectory } from '../../fakes/opfs-directory';
import { makeTinyGguf } from '../../fixtures/tiny-gguf';

const roomy = () => Promise.resolve({ quota: 10 ** 10, usage: 0 });

async function setUp(locks?: WriteLocks) {
  const root = new FakeDirectory();
  const store = createOpfsModelFileStore(root.asRoot(), roomy, {
    now: () => 7,
    ...(locks ? { locks } : {}),
  });
  return { store, dir: await root.getDirectoryHandle('cove-models') };
}

/** Web Locks with the named locks taken by someone else (another tab). */
function locksHeldElsewhere(held: string[]): WriteLocks {
  return {
    request: ((name: string, ...rest: unknown[]) => {
      const callback = rest.at(-1) as (lock: Lock | null) => unknown;
      const options = (rest.length > 1 ? rest[0] : {}) as LockOptions;
      if (held.includes(name) && options.ifAvailable) return Promise.resolve(callback(null));
      return Promise.resolve(callback({ name, mode: 'exclusive' }));
    }) as WriteLocks['request'],
  };
}

describe('GGUF header', () => {
  it('reads the trained context and the cache cost per token without loading the model', async () => {
    // The tiny model: 2 layers, 2 key/value heads of 16 dimensions, f16 keys and values.
    expect(await readGgufWindowFacts(new Blob([makeTinyGguf({ contextLength: 2048 })]))).toEqual({
      trainedContext: 2048,
      kvBytesPerToken: 2 * 2 * 2 * 16 * 2,
    });
    expect(await readGgufWindowFacts(new Blob(['not a model at all']))).toEqual({});
    // A file cut inside its header is no model either.
    expect(await readGgufWindowFacts(new Blob([makeTinyGguf().slice(0, 40)]))).toEqual({});
  });

  it('gives a model its own window as far as the cache budget allows', () => {
    // Qwen2.5-Coder 0.5B and 1.5B (24 and 28 layers, 2 KV heads of 64 and 128), a 7B llama.
    expect(localWindowFor({ trainedContext: 32768, kvBytesPerToken: 24 * 2 * 64 * 2 * 2 })).toBe(
      32768,
    );
    expect(localWindowFor({ trainedContext: 32768, kvBytesPerToken: 28 * 2 * 128 * 2 * 2 })).toBe(
      18432,
    );
    expect(localWindowFor({ trainedContext: 4096 * 8, kvBytesPerToken: 32 * 2 * 4096 * 2 })).toBe(
      4096,
    );
    expect(localWindowFor({ trainedContext: 2048, kvBytesPerToken: 256 })).toBe(2048);
    expect(localWindowFor({ trainedContext: 131072 })).toBe(8192);
    expect(localWindowFor({})).toBe(8192);
  });
});

describe('model file store (OPFS)', () => {
  it('keeps the window read from the file with the entry, across a restart', async () => {
    const { store } = await setUp();
    const bytes = makeTinyGguf({ contextLength: 2048 });
    const file = await store.add('tiny.gguf', new Blob([bytes]), bytes.length);
    expect(file).toMatchObject({
      id: 'tiny.gguf',
      trainedContext: 2048,
      kvBytesPerToken: 256,
      where: 'opfs',
    });
    expect(await store.list()).toEqual([file]);
    expect((await store.read(file.id))?.size).toBe(bytes.length);
  });

  it('never offers a half-written file, and a sweep at start deletes it', async () => {
    const { store, dir } = await setUp();
    const whole = await store.add('whole.gguf', new Blob([new Uint8Array(100)]), 100);
    // A copy interrupted by a closed tab: bytes, no description.
    dir.files.set('cut.gguf.gguf', new Uint8Array(50));
    dir.files.set('cut.gguf.gguf.crswap', new Uint8Array(10));
    // A description whose bytes were lost half-way (a damaged disk, a cleared swap file).
    dir.files.set(
      'short.gguf.json',
      new TextEncoder().encode(JSON.stringify({ ...whole, id: 'short.gguf' })),
    );
    dir.files.set('short.gguf.gguf', new Uint8Array(40));
    expect((await store.list()).map((f) => f.id)).toEqual(['whole.gguf']);
    expect(await store.read('cut.gguf')).toBeUndefined();
    expect(await store.read('short.gguf')).toBeUndefined();

    await store.sweep();
    expect([...dir.files.keys()].sort()).toEqual(['whole.gguf.gguf', 'whole.gguf.json']);
    expect((await store.list()).map((f) => f.id)).toEqual(['whole.gguf']);
  });

  it('leaves a copy another tab is still writing (its lock is held)', async () => {
    const { store, dir } = await setUp(locksHeldElsewhere(['cove-model-file:busy.gguf']));
    dir.files.set('busy.gguf.gguf', new Uint8Array(50));
    dir.files.set('gone.gguf.gguf', new Uint8Array(50));
    await store.sweep();
    expect([...dir.files.keys()]).toEqual(['busy.gguf.gguf']);
    expect(await store.list()).toEqual([]);
  });

  it('a cancelled copy leaves nothing behind', async () => {
    const { store, dir } = await setUp();
    const control = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(10));
        control.abort();
      },
    });
    await expect(
      store.add('stopped.gguf', stream, 100, { signal: control.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(dir.files.size).toBe(0);
  });
});
