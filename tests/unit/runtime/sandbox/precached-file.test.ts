import { describe, expect, it } from 'vitest';
import { precacheName, precacheReader } from '../../../../src/runtime/sandbox/precached-file';

const SCOPE = 'https://cove.example/app/';
const WASM = 'https://cove.example/app/pyodide/pyodide.asm.wasm';

/** Cache Storage in Maps, matching the way browsers do: `ignoreSearch` drops the query. */
function fakeCacheStorage(buckets: Record<string, Record<string, Response>>) {
  const withoutQuery = (url: string) => url.split('?')[0];
  return {
    async has(name: string) {
      return name in buckets;
    },
    async open(name: string) {
      const entries = buckets[name] ?? {};
      return {
        async matchAll(url: string, options?: CacheQueryOptions) {
          return Object.entries(entries)
            .filter(([key]) =>
              options?.ignoreSearch ? withoutQuery(key) === withoutQuery(url) : key === url,
            )
            .map(([, response]) => response.clone());
        },
      };
    },
  } as unknown as CacheStorage;
}

describe('precacheReader', () => {
  // Invariant 15: after one visit Cove opens and works offline.
  it('finds a file workbox stored under a revision query, in the precache of Cove’s scope', async () => {
    const read = precacheReader(
      fakeCacheStorage({
        [precacheName(SCOPE)]: { [`${WASM}?__WB_REVISION__=abc`]: new Response('wasm v1') },
        [precacheName('https://cove.example/other/')]: {},
      }),
      SCOPE,
    );
    expect(await (await read(WASM))!.text()).toBe('wasm v1');
    expect(await read('https://cove.example/app/pyodide/python_stdlib.zip')).toBeUndefined();
  });

  it('answers nothing while two revisions are stored (an update waiting), so the caller fetches', async () => {
    const read = precacheReader(
      fakeCacheStorage({
        [precacheName(SCOPE)]: {
          [`${WASM}?__WB_REVISION__=old`]: new Response('wasm v1'),
          [`${WASM}?__WB_REVISION__=new`]: new Response('wasm v2'),
        },
      }),
      SCOPE,
    );
    expect(await read(WASM)).toBeUndefined();
  });

  it('answers nothing without a precache, for a stored error, or when storage will not open', async () => {
    expect(await precacheReader(undefined, SCOPE)(WASM)).toBeUndefined();
    expect(await precacheReader(fakeCacheStorage({}), SCOPE)(WASM)).toBeUndefined();
    const error = fakeCacheStorage({
      [precacheName(SCOPE)]: { [WASM]: new Response('gone', { status: 404 }) },
    });
    expect(await precacheReader(error, SCOPE)(WASM)).toBeUndefined();
    const refusing = {
      has: async () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as CacheStorage;
    expect(await precacheReader(refusing, SCOPE)(WASM)).toBeUndefined();
  });
});
