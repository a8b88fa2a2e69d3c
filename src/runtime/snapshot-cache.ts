/**
 * Where the memory snapshot of a booted interpreter is kept between visits. The key names
 * the Pyodide version and everything else baked into the snapshot (the run harness's
 * source, the environment), so a new release never boots an old image. Only one snapshot is
 * kept: storing one removes the others.
 */
export interface SnapshotCache {
  /** Whether a snapshot is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  /** The snapshot as a Blob: from Cache Storage a handle, read only by whoever needs it. */
  blob(key: string): Promise<Blob | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Cache Storage bucket of the snapshot (not a workbox cache: its cleanup leaves it alone). */
export const SNAPSHOT_CACHE_NAME = 'cove-python-snapshot';

/** Synthetic URL under which a key is stored; never fetched. */
function keyUrl(key: string): string {
  return `https://snapshot.cove.invalid/${encodeURIComponent(key)}`;
}

/**
 * The snapshot in Cache Storage (available in workers and pages). With `compress` it is
 * stored gzip-compressed: ~6 MB instead of ~31 MB of the visitor's quota, but measured on
 * this project's 2-core machine decompressing added 100–250 ms to every boot, so the worker
 * stores it plain.
 */
export class CacheStorageSnapshotCache implements SnapshotCache {
  constructor(
    private readonly storage: CacheStorage,
    private readonly compress: boolean,
  ) {}

  async has(key: string): Promise<boolean> {
    const cache = await this.storage.open(SNAPSHOT_CACHE_NAME);
    return (await cache.match(keyUrl(key))) !== undefined;
  }

  async blob(key: string): Promise<Blob | undefined> {
    const cache = await this.storage.open(SNAPSHOT_CACHE_NAME);
    const response = await cache.match(keyUrl(key));
    if (!response) return undefined;
    const encoded = response.headers.get('x-cove-encoding') === 'gzip';
    if (!encoded) return response.blob();
    const body = response.body!.pipeThrough(new DecompressionStream('gzip'));
    return new Response(body).blob();
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const cache = await this.storage.open(SNAPSHOT_CACHE_NAME);
    for (const request of await cache.keys()) {
      if (request.url !== keyUrl(key)) await cache.delete(request);
    }
    // A copy over a plain ArrayBuffer: Response needs one, and the snapshot may be a view.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    let body: BodyInit = new Blob([copy.buffer]);
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (this.compress) {
      body = new Blob([copy.buffer]).stream().pipeThrough(new CompressionStream('gzip'));
      headers['x-cove-encoding'] = 'gzip';
      // Cache.put needs the whole body; read the stream into one blob first.
      body = await new Response(body).blob();
    }
    await cache.put(keyUrl(key), new Response(body, { headers }));
  }

  async delete(key: string): Promise<void> {
    const cache = await this.storage.open(SNAPSHOT_CACHE_NAME);
    await cache.delete(keyUrl(key));
  }
}

/** A SnapshotCache in memory, for tests and for pages without Cache Storage. */
export class MemorySnapshotCache implements SnapshotCache {
  private readonly entries = new Map<string, Uint8Array>();

  async has(key: string): Promise<boolean> {
    return this.entries.has(key);
  }

  async blob(key: string): Promise<Blob | undefined> {
    const bytes = this.entries.get(key);
    return bytes ? new Blob([bytes.slice()]) : undefined;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    this.entries.clear();
    this.entries.set(key, bytes.slice());
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** A short, stable hex digest of text, for cache keys (FNV-1a, 32 bits, twice). */
export function textDigest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
