/**
 * Cove's Python runtime, built and started. main.tsx loads this module as its first step
 * (issue 21): the runtime client, its sandbox frame and the workspace sync (~10 KB gzipped)
 * are then a chunk of their own, fetched while the database opens, instead of a part of the
 * first load that the shell waits for before it can draw anything.
 */
import type { Clock } from '../base/clock';
import { PythonRuntimeClient } from './python-runtime-client';
import { defaultPyodideIndexUrl, makePythonWorkerSpawner } from './python-worker-factory';

/** Starts Python booting (in its sandboxed worker) and returns its client. */
export function startPython(clock: Clock): PythonRuntimeClient {
  const python = new PythonRuntimeClient({
    spawn: makePythonWorkerSpawner(clock),
    indexUrl: defaultPyodideIndexUrl(),
    // Python runs in an opaque-origin sandbox, another agent cluster: no memory can be
    // shared with it, so Stop and timeouts end the worker rather than interrupt it.
    isolated: false,
  });
  python.start();
  return python;
}
