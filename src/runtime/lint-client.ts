import * as Comlink from 'comlink';
import { fromErrorParts, isErrorParts } from '../base/errors';
import { runtimeError } from './runtime-errors';
import {
  LINT_CONNECT,
  type LintConnectMessage,
  type LintDiagnostic,
  type LintSettings,
  type LintWorkerApi,
  type PythonLinter,
} from './lint-protocol';

/** Starts the lint worker; Vite makes it a separate chunk, fetched on the first call. */
export function spawnLintWorker(): Worker {
  return new Worker(new URL('../../workers/lint.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cove-lint',
  });
}

interface Connection {
  worker: Worker;
  api: Comlink.Remote<LintWorkerApi>;
  /** Rejects when the worker fails, so calls in flight do not hang. */
  died: Promise<never>;
}

/**
 * Ruff in a worker. Nothing is loaded until the first `lint` or `format` (Ruff's wasm is
 * ~11 MB, ~3.8 MB compressed, and stays out of the first load). A worker that fails is
 * replaced on the next call. Requests are answered in order.
 *
 * `lintAfter` holds back the background lint (not an explicit format) until it resolves:
 * the page passes Python's start, so compiling Ruff does not slow the interpreter's boot.
 */
export class LintClient implements PythonLinter {
  private connection: Connection | undefined;

  constructor(
    private settings: LintSettings = {},
    private readonly spawn: () => Worker = spawnLintWorker,
    private readonly lintAfter: Promise<void> = Promise.resolve(),
  ) {}

  async lint(source: string, path: string): Promise<LintDiagnostic[]> {
    await this.lintAfter;
    return this.call((api) => api.lint(source, path));
  }

  async format(source: string, path?: string): Promise<string> {
    try {
      return await this.call((api) => api.format(source, path));
    } catch (error) {
      // Comlink carries only an Error's message across: the worker throws a CoveError as its
      // parts (format-failed), and it is rebuilt here.
      throw isErrorParts(error) ? fromErrorParts(error) : error;
    }
  }

  /** Applies to the next lint; starts nothing by itself. */
  async configure(settings: LintSettings): Promise<void> {
    this.settings = settings;
    await this.connection?.api.configure(settings);
  }

  dispose(): void {
    this.connection?.worker.terminate();
    this.connection = undefined;
  }

  private async call<T>(fn: (api: Comlink.Remote<LintWorkerApi>) => Promise<T>): Promise<T> {
    const connection = this.connect();
    return Promise.race([fn(connection.api), connection.died]);
  }

  private connect(): Connection {
    if (this.connection) return this.connection;
    const worker = this.spawn();
    const channel = new MessageChannel();
    const message: LintConnectMessage = { type: LINT_CONNECT, rpc: channel.port2 };
    worker.postMessage(message, [channel.port2]);
    let fail: (error: Error) => void = () => {};
    const died = new Promise<never>((_, reject) => {
      fail = reject;
    });
    died.catch(() => {});
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      if (this.connection?.worker === worker) this.connection = undefined;
      worker.terminate();
      fail(runtimeError('lint-failed', { detail: event.message }));
    });
    const api = Comlink.wrap<LintWorkerApi>(channel.port1);
    void api.configure(this.settings).catch(() => {});
    this.connection = { worker, api, died };
    return this.connection;
  }
}
