import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import {
  MODEL_HEADROOM_BYTES,
  checkRoomFor,
  createMemoryModelFileStore,
} from '../../../src/store/model-file-store';

const bytes = (n: number) => new Blob([new Uint8Array(n)]);

describe('model file store (in memory)', () => {
  it('stores a file with its name and size, lists, reads and deletes it', async () => {
    const store = createMemoryModelFileStore({ now: () => 5 });
    const progress: number[] = [];
    const file = await store.add('tiny.gguf', bytes(1000), 1000, {
      onProgress: (w) => progress.push(w),
    });
    expect(file).toMatchObject({
      id: 'tiny.gguf',
      name: 'tiny.gguf',
      size: 1000,
      storedAt: 5,
      where: 'memory',
    });
    const again = await store.add('tiny.gguf', bytes(10), 10);
    expect(again.id).toBe('tiny-2.gguf');
    await store.remove(again.id);
    expect(progress.at(-1)).toBe(1000);
    expect(await store.list()).toEqual([file]);
    expect((await store.read(file.id))?.size).toBe(1000);
    await store.remove(file.id);
    expect(await store.list()).toEqual([]);
    expect(await store.read(file.id)).toBeUndefined();
  });

  it('never lists a file that was cut short or cancelled', async () => {
    const store = createMemoryModelFileStore();
    await expect(store.add('short.gguf', bytes(10), 20)).rejects.toMatchObject({
      code: 'model-incomplete',
    });
    const control = new AbortController();
    control.abort();
    await expect(
      store.add('stopped.gguf', bytes(10), 10, { signal: control.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await store.list()).toEqual([]);
  });

  it('checks the storage estimate before storing, and says how much room there is', async () => {
    const estimate = () =>
      Promise.resolve({ quota: MODEL_HEADROOM_BYTES + 2 * 1024 ** 2, usage: 0 });
    const store = createMemoryModelFileStore({ estimate });
    const error = await store.add('big.gguf', bytes(10), 3 * 1024 ** 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).message).toMatch(/needs 3\.0 MB.*only 66\.0 MB more/);
    await expect(checkRoomFor(1024 ** 2, estimate)).resolves.toBeUndefined();
    // No estimate available (older browsers): nothing to check against.
    await expect(checkRoomFor(10 ** 12, () => Promise.resolve({}))).resolves.toBeUndefined();
  });
});
