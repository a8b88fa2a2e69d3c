// A scripted stand-in for the Python worker, speaking the real protocol over the
// PythonWorkerConnection interface, with a real WorkspaceMirror over an in-memory FS. Time
// comes from a ManualClock, so timeouts, grace periods and boots are driven by the test.
import type { ManualClock } from '../../../src/base/clock';
import { Listeners } from '../../../src/base/listeners';
import {
  BOOT_RUN_ID,
  POKE_SIGNAL,
  SIGINT,
  type BootOptions,
  type BootReport,
  type PythonWorkerApi,
  type SyncDelta,
  type WorkerEvent,
  type WorkerRunOutcome,
  type WorkerRunRequest,
} from '../../../src/runtime/python-protocol';
import type { PythonWorkerConnection } from '../../../src/runtime/python-worker-connection';
import type { OutputStream } from '../../../src/runtime/python-runtime';
import { MemoryWorkerFs } from '../../../src/runtime/worker-fs';
import { WorkspaceMirror } from '../../../src/runtime/workspace-mirror';

/** What a script may report; the rest of the outcome is filled in. */
export type FakeOutcome = Partial<
  Pick<
    WorkerRunOutcome,
    'outcome' | 'exception' | 'exitCode' | 'memoryBytes' | 'fatalMessage' | 'packages' | 'timedOut'
  >
>;

/** What a script can do while "running". */
export interface FakeRun {
  readonly request: WorkerRunRequest;
  readonly worker: FakeWorker;
  /** Writes into the worker's workspace folder (absolute paths under /workspace). */
  readonly fs: MemoryWorkerFs;
  /** Announces packages being loaded (before start). */
  packages(names: string[]): void;
  /** Announces that execution began. */
  start(): void;
  print(text: string, stream?: OutputStream): void;
  /** True (once) when the client wrote SIGINT; pokes are counted and cleared. */
  interrupted(): boolean;
  sleep(ms: number): Promise<void>;
  /**
   * Busy loop that notices interrupts every 5 ms, like Python's eval loop, including the
   * worker's own deadline (request.timeoutMs after start).
   */
  spinUntilInterrupted(): Promise<FakeOutcome>;
  /** Never returns, ignoring interrupts, like time.sleep or a C extension. */
  hang(): Promise<never>;
}

export type FakeScript = (run: FakeRun) => Promise<FakeOutcome>;

/** One fake worker. */
export class FakeWorker implements PythonWorkerConnection {
  readonly fs: MemoryWorkerFs;
  readonly mirror: WorkspaceMirror;
  readonly runs: WorkerRunRequest[] = [];
  /** Every file delta this worker was sent, in order. */
  readonly syncs: SyncDelta[] = [];
  pokes = 0;
  dead = false;
  bootOptions: BootOptions | undefined;
  readonly failed: Promise<string>;
  readonly api: PythonWorkerApi;
  private readonly listeners = new Listeners<WorkerEvent>();
  private seq = 0;
  private settle: (reason: string) => void = () => {};

  constructor(private readonly farm: FakeWorkerFarm) {
    this.fs = new MemoryWorkerFs(() => farm.clock.now());
    this.mirror = new WorkspaceMirror(this.fs, '/workspace');
    this.failed = new Promise((resolve) => {
      this.settle = resolve;
    });
    this.api = {
      boot: (options) => this.boot(options),
      sync: async (delta) => {
        await this.alive();
        this.syncs.push(structuredClone(delta));
        this.mirror.apply(structuredClone(delta));
      },
      run: (request) => this.run(request),
    };
  }

  onEvent(listener: (event: WorkerEvent) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  terminate(): void {
    this.dead = true;
    this.settle('terminated');
  }

  /** Simulates the worker dying (an error event). */
  crash(reason: string): void {
    this.dead = true;
    this.settle(reason);
  }

  emit(runId: string, event: Record<string, unknown> & { type: WorkerEvent['type'] }): void {
    if (this.dead) return;
    const message = { ...event, runId, seq: this.seq++ } as WorkerEvent;
    const delay = this.farm.eventDelayMs;
    if (delay > 0) this.farm.clock.schedule(() => this.listeners.emit(message), delay);
    else this.listeners.emit(message);
  }

  /** Never settles once dead: a terminated worker answers nothing. */
  private alive(): Promise<void> {
    return this.dead ? new Promise(() => {}) : Promise.resolve();
  }

  private async boot(options: BootOptions): Promise<BootReport> {
    this.bootOptions = options;
    // As the real worker: it says when it begins restoring the interpreter.
    await this.farm.clock.sleep(this.farm.bootMs / 2);
    this.emit(BOOT_RUN_ID, { type: 'boot-step', step: 'restoring-snapshot' });
    await this.farm.clock.sleep(this.farm.bootMs / 2);
    await this.alive();
    if (this.farm.failBoot) throw new Error(this.farm.failBoot);
    return {
      fromSnapshot: true,
      snapshot: 'loaded',
      phases: {},
      bootMs: this.farm.bootMs,
      pyodideVersion: '314.0.8',
      pythonVersion: '3.14.2',
      isolated: !!options.interruptBuffer,
    };
  }

  private async run(request: WorkerRunRequest): Promise<WorkerRunOutcome> {
    await this.alive();
    this.runs.push(request);
    const firstSeq = this.seq;
    const clock = this.farm.clock;
    let startedAt: number | undefined;
    let ended = false;
    const buffer = this.bootOptions?.interruptBuffer;
    const run: FakeRun = {
      request,
      worker: this,
      fs: this.fs,
      packages: (names) => this.emit(request.runId, { type: 'packages', names }),
      start: () => {
        startedAt = clock.now();
        this.emit(request.runId, { type: 'started', startedAt });
      },
      print: (text, stream = 'stdout') =>
        this.emit(request.runId, { type: 'output', chunks: [{ stream, text }] }),
      interrupted: () => {
        if (!buffer) return false;
        const value = Atomics.exchange(buffer, 0, 0);
        if (value === POKE_SIGNAL) this.pokes++;
        return value === SIGINT;
      },
      sleep: (ms) => clock.sleep(ms),
      spinUntilInterrupted: async () => {
        for (;;) {
          if (run.interrupted()) return { outcome: 'interrupted' };
          if (startedAt !== undefined && clock.now() - startedAt >= request.timeoutMs) {
            return { outcome: 'interrupted', timedOut: true };
          }
          await clock.sleep(5);
        }
      },
      hang: () => new Promise<never>(() => {}),
    };
    const reported = await this.farm.script(run);
    await this.alive();
    const duration = startedAt === undefined ? 0 : clock.now() - startedAt;
    if (startedAt !== undefined && !ended) {
      ended = true;
      this.emit(request.runId, { type: 'ended', duration });
    }
    const outcome: WorkerRunOutcome = {
      runId: request.runId,
      lastSeq: this.seq > firstSeq ? this.seq - 1 : -1,
      outcome: reported.outcome ?? 'ok',
      duration,
      droppedBytes: 0,
      packages: reported.packages ?? { loaded: [], failed: [] },
      memoryBytes: reported.memoryBytes ?? 32 * 1024 * 1024,
    };
    if (reported.exception) outcome.exception = reported.exception;
    if (reported.exitCode !== undefined) outcome.exitCode = reported.exitCode;
    if (reported.fatalMessage) outcome.fatalMessage = reported.fatalMessage;
    if (reported.timedOut) outcome.timedOut = true;
    if (request.collectChanges) outcome.changes = this.mirror.collect();
    return outcome;
  }
}

/** Makes fake workers and records them; its settings apply to workers made afterwards too. */
export class FakeWorkerFarm {
  readonly workers: FakeWorker[] = [];
  bootMs = 100;
  failBoot: string | undefined;
  /** Delay before events reach the client (a slower port than the answer's). */
  eventDelayMs = 0;
  script: FakeScript = async (run) => {
    run.start();
    run.print('hello\n');
    return { outcome: 'ok' };
  };

  constructor(readonly clock: ManualClock) {}

  readonly spawn = (): PythonWorkerConnection => {
    const worker = new FakeWorker(this);
    this.workers.push(worker);
    return worker;
  };

  /** Workers not terminated. */
  get alive(): FakeWorker[] {
    return this.workers.filter((worker) => !worker.dead);
  }
}

/** Lets every pending promise chain run (more turns than ManualClock.advance gives). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 200; i++) await Promise.resolve();
}

/** Moves a ManualClock forward in small steps, settling in between, like real time. */
export async function elapse(clock: ManualClock, ms: number, step = 5): Promise<void> {
  for (let done = 0; done < ms; done += step) {
    await settle();
    await clock.advance(Math.min(step, ms - done));
  }
  await settle();
}
