import type { Clock } from '../base/clock';
import type { PythonWorkerConnection } from './python-worker-connection';
import { PyodideAssets } from './sandbox/pyodide-assets';
import { precacheReader } from './sandbox/precached-file';
import { spawnSandboxedPythonWorker } from './sandbox/sandboxed-python-worker';
import { CacheStorageSnapshotCache } from './snapshot-cache';
import pythonWorkerUrl from '../../workers/python.worker.ts?worker&url';

/**
 * Where Pyodide's core files are served: `<base>pyodide/` of Cove's own origin (see
 * scripts/vite-plugin-pyodide.ts), absolute so it can be fetched as is.
 */
export function defaultPyodideIndexUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}pyodide/`, globalThis.location.href).toString();
}

/**
 * Makes the `spawn` of the Python runtime: each worker in its own sandbox frame
 * (src/runtime/sandbox/), fed from one set of assets read once per page.
 *
 * The dev server serves the worker as unbundled modules, which cannot be imported from the
 * sandbox's opaque origin; there, and only there, the worker runs as a plain same-origin
 * worker without the sandbox, and the console says so.
 */
export function makePythonWorkerSpawner(clock: Clock): () => PythonWorkerConnection {
  const pageFetch = globalThis.fetch.bind(globalThis);
  const storage = typeof caches === 'undefined' ? undefined : caches;
  const scopeUrl = new URL(import.meta.env.BASE_URL, globalThis.location.href).toString();
  const assets = new PyodideAssets({
    workerUrl: new URL(pythonWorkerUrl, globalThis.location.href).toString(),
    indexUrl: defaultPyodideIndexUrl(),
    fetch: pageFetch,
    precached: precacheReader(storage, scopeUrl),
    // Uncompressed: boot speed over ~25 MB of quota (see CacheStorageSnapshotCache).
    snapshots: storage && new CacheStorageSnapshotCache(storage, false),
    caches: storage,
  });
  const unsandboxed = import.meta.env.DEV
    ? () =>
        new Worker(new URL('../../workers/python.worker.ts', import.meta.url), {
          type: 'module',
          name: 'cove-python',
        })
    : undefined;
  if (unsandboxed) {
    console.warn('Cove dev server: Python runs WITHOUT the sandbox (production builds have it).');
  }
  return () =>
    spawnSandboxedPythonWorker({
      assets,
      document,
      fetch: pageFetch,
      clock,
      ...(unsandboxed ? { unsandboxed } : {}),
    });
}
