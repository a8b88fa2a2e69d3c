import * as Comlink from 'comlink';
import { Listeners } from '../base/listeners';
import {
  PYTHON_CONNECT,
  type PythonConnectMessage,
  type PythonWorkerApi,
  type WorkerEvent,
} from './python-protocol';

/**
 * A live line to one Python worker: its API, its event stream, a way to learn that it
 * died, and a way to end it. The client only ever sees this interface, so tests drive the
 * client with a scripted worker and a sandboxed iframe could provide the same thing later.
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
 * Connects to a freshly created Python worker over two MessageChannels (Comlink for
 * requests, a plain port for events). An `error` event from the worker (its script failed
 * to load, an uncaught exception, an allocation failure) settles `failed`.
 */
export function connectPythonWorker(worker: Worker): PythonWorkerConnection {
  const rpc = new MessageChannel();
  const events = new MessageChannel();
  const message: PythonConnectMessage = {
    type: PYTHON_CONNECT,
    rpc: rpc.port2,
    events: events.port2,
  };
  worker.postMessage(message, [rpc.port2, events.port2]);
  const listeners = new Listeners<WorkerEvent>();
  events.port1.onmessage = (event: MessageEvent<WorkerEvent>) => listeners.emit(event.data);
  let settle: (reason: string) => void = () => {};
  const failed = new Promise<string>((resolve) => {
    settle = resolve;
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    settle(event.message || 'the worker stopped with an error');
  });
  worker.addEventListener('messageerror', () => settle('a message from the worker was unreadable'));
  const api = Comlink.wrap<PythonWorkerApi>(rpc.port1) as unknown as PythonWorkerApi;
  return {
    api,
    onEvent: (listener) => listeners.subscribe(listener),
    failed,
    terminate() {
      worker.terminate();
      rpc.port1.close();
      events.port1.close();
      settle('terminated');
    },
  };
}
