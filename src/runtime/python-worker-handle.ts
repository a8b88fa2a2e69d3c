import { POKE_SIGNAL, SIGINT, type BootOptions, type BootReport } from './python-protocol';
import type { BootStep, PythonWorkerApi, WorkerEvent } from './python-protocol';
import type { PythonWorkerConnection } from './python-worker-connection';
import { WorkerFileSync } from './workspace-sync';

/** Lifecycle of one worker. */
export type WorkerState = 'booting' | 'ready' | 'dead';

/**
 * One Python worker as the client manages it: its connection, boot, interrupt buffer and
 * the record of which workspace files it holds. Booting starts in the constructor.
 */
export class PythonWorkerHandle {
  /** Which workspace versions this worker holds. */
  readonly files = new WorkerFileSync();
  /** Settles with the boot report; rejects when the boot fails or the worker dies first. */
  readonly ready: Promise<BootReport>;
  /** Settles with the reason when the worker dies (terminated included). */
  readonly died: Promise<string>;
  private current: WorkerState = 'booting';
  private report: BootReport | undefined;
  /** The page reads Pyodide's files before the worker can say anything. */
  private step: BootStep = 'loading-files';
  private readonly interruptBuffer: Int32Array | undefined;

  constructor(
    private readonly connection: PythonWorkerConnection,
    options: Omit<BootOptions, 'interruptBuffer'>,
    isolated: boolean,
  ) {
    // Only a cross-origin isolated page may share memory with its worker.
    this.interruptBuffer =
      isolated && typeof SharedArrayBuffer !== 'undefined'
        ? new Int32Array(new SharedArrayBuffer(4))
        : undefined;
    this.died = connection.failed.then((reason) => {
      this.current = 'dead';
      return reason;
    });
    // Followed from before the boot is asked for, so its first step is not missed.
    const stopFollowing = connection.onEvent((event) => {
      if (event.type === 'boot-step') this.step = event.step;
    });
    const boot = connection.api.boot({
      ...options,
      ...(this.interruptBuffer ? { interruptBuffer: this.interruptBuffer } : {}),
    });
    this.ready = Promise.race([
      boot,
      this.died.then((reason) => Promise.reject(new Error(reason))),
    ]).then(
      (report) => {
        if (this.current === 'booting') this.current = 'ready';
        this.report = report;
        return report;
      },
      (error: unknown) => {
        this.terminate();
        throw error;
      },
    );
    // A failed boot is reported to whoever awaits `ready`; do not also report it as unhandled.
    this.ready.catch(() => {}).finally(stopFollowing);
  }

  get state(): WorkerState {
    return this.current;
  }

  get api(): PythonWorkerApi {
    return this.connection.api;
  }

  /** What the boot does now, while it boots. */
  get bootStep(): BootStep | undefined {
    return this.current === 'booting' ? this.step : undefined;
  }

  /** The boot report, once ready. */
  get boot(): BootReport | undefined {
    return this.report;
  }

  /** True when interrupts can land: shared memory here and isolation in the worker too. */
  get canInterrupt(): boolean {
    return !!this.interruptBuffer && this.report?.isolated === true;
  }

  onEvent(listener: (event: WorkerEvent) => void): () => void {
    return this.connection.onEvent(listener);
  }

  /** Asks Python to raise KeyboardInterrupt at the next bytecode boundary. */
  interrupt(): void {
    if (this.interruptBuffer) Atomics.store(this.interruptBuffer, 0, SIGINT);
  }

  /** Asks a busy interpreter to pass held output on; never overwrites a pending interrupt. */
  poke(): void {
    if (this.interruptBuffer) Atomics.compareExchange(this.interruptBuffer, 0, 0, POKE_SIGNAL);
  }

  /** Ends the worker now. */
  terminate(): void {
    if (this.current === 'dead') return;
    this.current = 'dead';
    this.connection.terminate();
  }
}
