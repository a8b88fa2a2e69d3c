import { connectPythonWorker, type PythonWorkerConnection } from './python-worker-connection';

/**
 * Starts a new Python worker and connects to it. The `new URL(..., import.meta.url)` form
 * is what lets Vite bundle the worker as its own chunk (loaded only when called).
 */
export function spawnPythonWorker(): PythonWorkerConnection {
  const worker = new Worker(new URL('../../workers/python.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cove-python',
  });
  return connectPythonWorker(worker);
}

/**
 * Where Pyodide's core files are served: `<base>pyodide/` of Cove's own origin (see
 * scripts/vite-plugin-pyodide.ts), absolute so the worker can use it as is.
 */
export function defaultPyodideIndexUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}pyodide/`, globalThis.location.href).toString();
}
