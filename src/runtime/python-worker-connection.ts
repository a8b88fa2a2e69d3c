import type { PythonWorkerApi, WorkerEvent } from './python-protocol';

/**
 * A live line to one Python worker: its API, its event stream, a way to learn that it
 * died, and a way to end it. The client only ever sees this interface: the app provides a
 * worker in a sandbox frame (sandbox/sandboxed-python-worker.ts), tests a scripted one.
 */
export interface PythonWorkerConnection {
  readonly api: PythonWorkerApi;
  /** Events the worker posts; returns the unsubscribe. */
  onEvent(listener: (event: WorkerEvent) => void): () => void;
  /** Settles with the reason when the worker fails or is terminated; never rejects. */
  readonly failed: Promise<string>;
  /** Ends the worker at once; pending calls never settle. */
  terminate(): void;
}

/**
 * How the reason of a connection that Cove itself ended for misbehaving begins: a sandbox
 * that broke the protocol. The client shows such a reason as it is.
 */
export const STOPPED_BY_COVE = 'Cove stopped Python: ';
