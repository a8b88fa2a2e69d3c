import { describe, expect, it } from 'vitest';
import { PyodideAssets } from '../../../../src/runtime/sandbox/pyodide-assets';
import { MemorySnapshotCache } from '../../../../src/runtime/snapshot-cache';

function server(files: Record<string, string>) {
  const requests: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    const body = files[url];
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const CORE = {
  'https://cove.example/pyodide/pyodide.asm.js': 'loader',
  'https://cove.example/pyodide/pyodide.asm.wasm': 'wasm',
  'https://cove.example/pyodide/python_stdlib.zip': 'stdlib',
  'https://cove.example/pyodide/pyodide-lock.json': '{"packages":{}}',
  'https://cove.example/assets/python.worker.js': 'worker code v1',
};
const text = (buffer: ArrayBuffer) => new TextDecoder().decode(buffer);

function assets(files: Record<string, string>, snapshots = new MemorySnapshotCache()) {
  const net = server(files);
  const loaded = new PyodideAssets({
    workerUrl: 'https://cove.example/assets/python.worker.js',
    indexUrl: 'https://cove.example/pyodide/',
    fetch: net.fetch,
    snapshots,
    caches: undefined,
  });
  return { loaded, net, snapshots };
}

describe('PyodideAssets', () => {
  it('takes the core files once, as Blobs every boot shares; the lock file is a fresh copy each time (it is transferred)', async () => {
    const { loaded, net } = assets(CORE);
    const first = await loaded.coreFiles(undefined);
    const second = await loaded.coreFiles(undefined);
    expect(await first.loader.text()).toBe('loader');
    expect(await second.wasm.text()).toBe('wasm');
    expect(first.wasm).toBe(second.wasm);
    expect(first.lockFile).not.toBe(second.lockFile);
    expect(net.requests.filter((url) => url.endsWith('.wasm'))).toHaveLength(1);
  });

  // Invariant 15: after one visit Cove opens and works offline.
  it('takes the service worker’s stored copies without fetching them, and fetches what is not stored', async () => {
    const net = server(CORE);
    const stored: Record<string, string> = {
      'https://cove.example/pyodide/pyodide.asm.wasm': 'stored wasm',
      'https://cove.example/assets/python.worker.js': 'stored worker code',
    };
    const loaded = new PyodideAssets({
      workerUrl: 'https://cove.example/assets/python.worker.js',
      indexUrl: 'https://cove.example/pyodide/',
      fetch: net.fetch,
      precached: async (url) => (url in stored ? new Response(stored[url]) : undefined),
      snapshots: undefined,
      caches: undefined,
    });
    const core = await loaded.coreFiles(undefined);
    expect(await core.wasm.text()).toBe('stored wasm');
    expect(await core.loader.text()).toBe('loader');
    expect(await loaded.workerCode()).toBe('stored worker code');
    expect(net.requests).not.toContain('https://cove.example/pyodide/pyodide.asm.wasm');
    expect(net.requests).toContain('https://cove.example/pyodide/pyodide.asm.js');
  });

  it('uses a configured lock file, or Cove’s own when it cannot be had', async () => {
    const custom = 'https://mirror.example/lock.json';
    const withLock = assets({ ...CORE, [custom]: '{"packages":{"x":{}}}' });
    expect(text((await withLock.loaded.coreFiles(custom)).lockFile)).toContain('"x"');
    const without = assets(CORE);
    expect(text((await without.loaded.coreFiles(custom)).lockFile)).toBe('{"packages":{}}');
  });

  it('a missing core file is an error naming it, and the next call tries again', async () => {
    const files: Record<string, string> = { ...CORE };
    delete files['https://cove.example/pyodide/pyodide.asm.wasm'];
    const { loaded } = assets(files);
    await expect(loaded.coreFiles(undefined)).rejects.toThrow(
      /pyodide\.asm\.wasm answered HTTP 404/,
    );
  });

  it('keys snapshots by the worker’s code: new code never restores an old image', async () => {
    const snapshots = new MemorySnapshotCache();
    const v1 = assets(CORE, snapshots);
    await v1.loaded.saveSnapshot(new Uint8Array([1, 2, 3]).buffer);
    const stored = await v1.loaded.snapshot();
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    const v2 = assets(
      { ...CORE, 'https://cove.example/assets/python.worker.js': 'worker code v2' },
      snapshots,
    );
    expect(await v2.loaded.snapshot()).toBeUndefined();
    await v1.loaded.dropSnapshot();
    expect(await v1.loaded.snapshot()).toBeUndefined();
  });
});
