import { describe, expect, it } from 'vitest';
import {
  CacheStorageSnapshotCache,
  MemorySnapshotCache,
  SNAPSHOT_CACHE_NAME,
  textDigest,
  type SnapshotCache,
} from '../../../src/runtime/snapshot-cache';

/** What a cache holds under `key`, read from its Blob. */
async function bytesOf(cache: SnapshotCache, key: string): Promise<Uint8Array | undefined> {
  const blob = await cache.blob(key);
  return blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
}

/** Cache Storage in a Map: enough of the API for the snapshot cache. */
function fakeCacheStorage() {
  const buckets = new Map<string, Map<string, Response>>();
  const storage = {
    async open(name: string) {
      const entries = buckets.get(name) ?? new Map<string, Response>();
      buckets.set(name, entries);
      return {
        async match(url: string) {
          return entries.get(url)?.clone();
        },
        async put(url: string, response: Response) {
          entries.set(
            url,
            new Response(await response.arrayBuffer(), { headers: response.headers }),
          );
        },
        async keys() {
          return [...entries.keys()].map((url) => ({ url }));
        },
        async delete(request: string | { url: string }) {
          return entries.delete(typeof request === 'string' ? request : request.url);
        },
      };
    },
  };
  return { storage: storage as unknown as CacheStorage, buckets };
}

const image = () => {
  const bytes = new Uint8Array(200_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = i % 7 === 0 ? i & 0xff : 0;
  return bytes;
};

const caches: [string, () => { cache: SnapshotCache; stored?: () => number }][] = [
  ['memory', () => ({ cache: new MemorySnapshotCache() })],
  [
    'Cache Storage, gzip',
    () => {
      const fake = fakeCacheStorage();
      return {
        cache: new CacheStorageSnapshotCache(fake.storage, true),
        stored: () => fake.buckets.get(SNAPSHOT_CACHE_NAME)?.size ?? 0,
      };
    },
  ],
  [
    'Cache Storage, plain',
    () => ({ cache: new CacheStorageSnapshotCache(fakeCacheStorage().storage, false) }),
  ],
];

describe.each(caches)('snapshot cache (%s)', (_name, make) => {
  it('round-trips bytes, keeps only the latest key, and deletes', async () => {
    const { cache, stored } = make();
    expect(await bytesOf(cache, 'v1')).toBeUndefined();
    expect(await cache.has('v1')).toBe(false);
    await cache.put('v1', image());
    expect(await cache.has('v1')).toBe(true);
    expect(await bytesOf(cache, 'v1')).toEqual(image());
    await cache.put('v2', new Uint8Array([1, 2, 3]));
    expect(await bytesOf(cache, 'v1')).toBeUndefined();
    expect(await bytesOf(cache, 'v2')).toEqual(new Uint8Array([1, 2, 3]));
    if (stored) expect(stored()).toBe(1);
    await cache.delete('v2');
    expect(await bytesOf(cache, 'v2')).toBeUndefined();
  });

  it('stores a view of a larger buffer correctly', async () => {
    const { cache } = make();
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    await cache.put('k', backing.subarray(2, 5));
    expect(await bytesOf(cache, 'k')).toEqual(new Uint8Array([1, 2, 3]));
  });
});

describe('textDigest', () => {
  it('is stable and tells texts apart', () => {
    expect(textDigest('abc')).toBe(textDigest('abc'));
    expect(textDigest('abc')).not.toBe(textDigest('abd'));
    expect(textDigest('')).toMatch(/^[0-9a-f]{16}$/);
  });
});
