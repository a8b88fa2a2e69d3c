import type { PyodideCoreFiles } from '../python-protocol';
import { textDigest, type SnapshotCache } from '../snapshot-cache';
import { PYODIDE_VERSION } from '../runtime-settings';
import type { PrecachedFileReader } from './precached-file';

/** Where the page reads what the sandbox cannot fetch itself. */
export interface PyodideAssetSources {
  /** URL of the built Python worker script, on Cove's origin. */
  workerUrl: string;
  /** Folder of Pyodide's core files on Cove's origin, ending with "/". */
  indexUrl: string;
  /** The page's fetch (served from the service worker's precache when offline). */
  fetch: typeof fetch;
  /**
   * The service worker's stored copies, read before fetching: a stored Blob is handed over
   * without being read on the page (precached-file.ts). Undefined: always fetch.
   */
  precached?: PrecachedFileReader;
  /** Where snapshots are kept; undefined: no snapshots. */
  snapshots: SnapshotCache | undefined;
  /** Where a configured lock file is kept for offline use; undefined: not kept. */
  caches: CacheStorage | undefined;
}

/** Cache Storage bucket of the last configured lock file that loaded. */
export const LOCK_FILE_CACHE = 'cove-python-lockfile';

/**
 * What a sandboxed worker needs to boot. The core files are Blobs from the page's cache,
 * taken once per page and shared by every boot (the worker reads them); only the lock file
 * is read here, because the page's package policy needs it. The snapshot key is the digest of
 * the worker's code and Pyodide's version: any change to the harness, the environment or
 * the boot makes a new key, so an old image is never restored into new code.
 */
export class PyodideAssets {
  private code: Promise<string> | undefined;
  private core:
    Promise<Omit<PyodideCoreFiles, 'lockFile'> & { bundledLock: ArrayBuffer }> | undefined;

  constructor(private readonly sources: PyodideAssetSources) {}

  /** The worker's module source. */
  workerCode(): Promise<string> {
    this.code ??= this.text(this.sources.workerUrl);
    this.code.catch(() => (this.code = undefined));
    return this.code;
  }

  /** The core files, with a copy of the lock file in force. Rejects when one cannot be read. */
  async coreFiles(lockFileUrl: string | undefined): Promise<PyodideCoreFiles> {
    this.core ??= this.readCore();
    this.core.catch(() => (this.core = undefined));
    const [core, custom] = await Promise.all([
      this.core,
      lockFileUrl ? this.configuredLockFile(lockFileUrl) : undefined,
    ]);
    return {
      loader: core.loader,
      wasm: core.wasm,
      stdlib: core.stdlib,
      lockFile: (custom ?? core.bundledLock).slice(0),
    };
  }

  async snapshotKey(): Promise<string> {
    return `pyodide-${PYODIDE_VERSION}-${textDigest(await this.workerCode())}`;
  }

  /** The stored snapshot for this code, if any; a failed read is no snapshot. */
  async snapshot(): Promise<Blob | undefined> {
    const cache = this.sources.snapshots;
    if (!cache) return undefined;
    try {
      return await cache.blob(await this.snapshotKey());
    } catch {
      return undefined;
    }
  }

  /** Keeps a snapshot a cold boot made. Best effort: a full quota only costs the next boot time. */
  async saveSnapshot(bytes: ArrayBuffer): Promise<void> {
    const cache = this.sources.snapshots;
    if (!cache) return;
    await cache.put(await this.snapshotKey(), new Uint8Array(bytes)).catch(() => undefined);
  }

  /** Forgets a snapshot that did not boot. */
  async dropSnapshot(): Promise<void> {
    await this.sources.snapshots?.delete(await this.snapshotKey()).catch(() => undefined);
  }

  private async readCore() {
    const base = this.sources.indexUrl;
    const [loader, wasm, stdlib, bundledLock] = await Promise.all([
      this.blob(`${base}pyodide.asm.js`),
      this.blob(`${base}pyodide.asm.wasm`),
      this.blob(`${base}python_stdlib.zip`),
      this.bytes(`${base}pyodide-lock.json`),
    ]);
    return { loader, wasm, stdlib, bundledLock };
  }

  /**
   * A configured lock file: fresh from the network, kept in Cache Storage each time it
   * loads so its packages still resolve offline; undefined (Cove's copy) when neither has it.
   */
  private async configuredLockFile(url: string): Promise<ArrayBuffer | undefined> {
    const cache = await this.sources.caches?.open(LOCK_FILE_CACHE).catch(() => undefined);
    try {
      const response = await this.sources.fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
      const bytes = await response.clone().arrayBuffer();
      JSON.parse(new TextDecoder().decode(bytes));
      await cache?.put(url, response).catch(() => undefined);
      return bytes;
    } catch {
      const cached = await cache?.match(url).catch(() => undefined);
      return cached ? cached.arrayBuffer() : undefined;
    }
  }

  /** A handle to the response's body: from Cache Storage it is not read into memory here. */
  private async blob(url: string): Promise<Blob> {
    return (await this.read(url)).blob();
  }

  private async bytes(url: string): Promise<ArrayBuffer> {
    return (await this.read(url)).arrayBuffer();
  }

  private async text(url: string): Promise<string> {
    return (await this.read(url)).text();
  }

  /** One of Cove's own files: the stored copy, else the page's fetch. */
  private async read(url: string): Promise<Response> {
    const stored = await this.sources.precached?.(url);
    if (stored) return stored;
    const response = await this.sources.fetch(url);
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    return response;
  }
}
