import { describe, expect, it } from 'vitest';
import { chunkUrlOf, retryingImport } from '../../../src/base/retrying-import';

const CHUNK = 'https://cove.example/app/assets/openai-chat-client-AbC123.js';
const chromiumError = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

describe('retryingImport', () => {
  it('after a failed load, the next call imports the named chunk under a fresh URL', async () => {
    const imported: string[] = [];
    let loads = 0;
    const load = retryingImport(
      () => {
        loads++;
        return Promise.reject(chromiumError());
      },
      async (url) => {
        imported.push(url);
        if (imported.length === 1) throw chromiumError();
        return { ok: url };
      },
    );
    await expect(load()).rejects.toThrow('Failed to fetch');
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(await load()).toEqual({ ok: `${CHUNK}?retry=2` });
    // Once one URL loaded, later calls reuse it: one module, not one per call.
    expect(await load()).toEqual({ ok: `${CHUNK}?retry=2` });
    expect(imported).toEqual([`${CHUNK}?retry=1`, `${CHUNK}?retry=2`, `${CHUNK}?retry=2`]);
    expect(loads).toBe(1);
  });

  it('a load that works is used as it is', async () => {
    const load = retryingImport(
      async () => ({ name: 'module' }),
      () => Promise.reject(new Error('must not import by URL')),
    );
    expect(await load()).toEqual({ name: 'module' });
    expect(await load()).toEqual({ name: 'module' });
  });

  it('an error that names no chunk is passed on, and the next call loads again', async () => {
    let loads = 0;
    const load = retryingImport(
      async () => {
        loads++;
        if (loads === 1) throw new TypeError('Importing a module script failed.');
        return 'second';
      },
      () => Promise.reject(new Error('must not import by URL')),
    );
    await expect(load()).rejects.toThrow('Importing a module script failed.');
    expect(await load()).toBe('second');
  });
});

describe('chunkUrlOf', () => {
  it('reads the chunk from the messages of Chromium and Firefox', () => {
    expect(chunkUrlOf(chromiumError())).toBe(CHUNK);
    expect(chunkUrlOf(new TypeError(`error loading dynamically imported module: ${CHUNK}`))).toBe(
      CHUNK,
    );
    expect(chunkUrlOf(new TypeError(`Failed to load ${CHUNK}.`))).toBe(CHUNK);
  });

  it('finds nothing where no URL is named', () => {
    expect(chunkUrlOf(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(chunkUrlOf('offline')).toBeUndefined();
  });
});
