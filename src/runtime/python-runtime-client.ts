import { systemClock, type Clock } from '../base/clock';
import type { CoveError } from '../base/errors';
import { describeError } from '../base/errors';
import { runtimeError } from './runtime-errors';
import { newId } from '../base/ids';
import { Listeners } from '../base/listeners';
import { normalizePath } from '../workspace/paths';
import type { BootOptions, WorkerRunOutcome, WorkerRunRequest } from './python-protocol';
import {
  OUTPUT_LIMIT_CHARS,
  noChangedFiles,
  type ChangedFiles,
  type PythonRuntime,
  type RunEvent,
  type RunOptions,
  type RunRequest,
  type RunResult,
  type RunStatus,
  type RunWorkspace,
  type RuntimePhase,
  type RuntimeStatus,
  type StopReason,
} from './python-runtime';
import { STOPPED_BY_COVE, type PythonWorkerConnection } from './python-worker-connection';
import { PythonWorkerHandle } from './python-worker-handle';
import { RunCollector } from './run-collector';
import { RunWatchdog } from './run-watchdog';
import { resolvePythonSettings, type PythonRuntimeSettings } from './runtime-settings';

/** How the client is wired and tuned. Times are milliseconds. */
export interface PythonRuntimeClientOptions {
  /** Starts a worker and connects to it (spawnPythonWorker in the app, a fake in tests). */
  spawn: () => PythonWorkerConnection;
  /** Absolute URL of Pyodide's core files (defaultPyodideIndexUrl()). */
  indexUrl: string;
  settings?: Partial<PythonRuntimeSettings>;
  clock?: Clock;
  /** Whether the page is cross-origin isolated. Default: `globalThis.crossOriginIsolated`. */
  isolated?: boolean;
  /** Wait after the first boot before booting the first spare, so they do not compete. Default 1000. */
  spareDelayMs?: number;
  /** How long an interrupt may take to land before the worker is terminated. Default 250. */
  interruptGraceMs?: number;
  /** How often a busy, isolated worker is asked for held output. Default 50. */
  pokeIntervalMs?: number;
  /** Budget for syncing files and loading packages, which the run timeout excludes. Default 120 000. */
  prepareLimitMs?: number;
  /** Budget for gathering figures and files after execution ended. Default 30 000. */
  finishLimitMs?: number;
  newRunId?: () => string;
}

/** One active run's stop switch. */
class StopSwitch {
  reason: StopReason | undefined;
  /** Why, for people, when the stop is not a plain Stop or run timeout. */
  note: string | undefined;
  readonly stopped: Promise<StopReason>;
  private fire: (reason: StopReason) => void = () => {};

  constructor() {
    this.stopped = new Promise((resolve) => {
      this.fire = resolve;
    });
  }

  stop(reason: StopReason, note?: string): void {
    if (this.reason) return;
    this.reason = reason;
    this.note = note;
    this.fire(reason);
  }
}

/** The shared shape of a result before status-specific parts are filled in. */
interface ResultParts {
  status: RunStatus;
  message?: string;
  duration?: number;
  outcome?: WorkerRunOutcome;
  changedFiles?: ChangedFiles;
}

/** What can happen next while a run is watched. */
type Step =
  | { kind: 'outcome'; outcome: WorkerRunOutcome }
  | { kind: 'rpc-error'; error: unknown }
  | { kind: 'stop'; reason: StopReason }
  | { kind: 'died'; reason: string }
  | { kind: 'ended' }
  | { kind: 'grace' };

const OUT_OF_MEMORY = 'the runtime ran out of memory and was restarted';

/**
 * The real PythonRuntime: Pyodide in a dedicated worker, a pre-booted spare, the workspace
 * file sync, and timeouts in two layers. The worker interrupts its own busy loop at the
 * deadline (exact, isolated or not, whatever the page's timers do); the page's watchdog,
 * counting from the worker-reported start, catches what that cannot reach (time.sleep, C
 * code, a hung worker): it interrupts when the page is isolated, and terminates when the
 * interrupt does not land within the grace or cannot be sent. Stop works the same way.
 *
 * Worker lifecycle: `start()` boots the primary; once it is ready a spare boots after
 * `spareDelayMs`. A worker that is terminated (timeout, Stop that did not land, restart),
 * that dies, or whose memory grew too large is retired, the spare is promoted, and a new
 * spare boots. Runs wait in a queue and go to the primary one at a time.
 */
export class PythonRuntimeClient implements PythonRuntime {
  private readonly clock: Clock;
  private readonly isolated: boolean;
  private settings: PythonRuntimeSettings;
  private primary: PythonWorkerHandle | undefined;
  private spare: PythonWorkerHandle | undefined;
  private cancelSpareTimer: (() => void) | undefined;
  /** The workspace the last run synced: a spare copies it in while idle. */
  private lastFiles: RunWorkspace | undefined;
  /** A spare's copy of the workspace still being made; a run on it waits for it. */
  private readonly presyncs = new WeakMap<PythonWorkerHandle, Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();
  private active: StopSwitch | undefined;
  private phase: RuntimePhase = 'stopped';
  private error: string | undefined;
  private disposed = false;
  private readonly listeners = new Listeners<RuntimeStatus>();
  private readonly newRunId: () => string;

  constructor(private readonly options: PythonRuntimeClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.isolated =
      options.isolated ??
      (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
    this.settings = resolvePythonSettings(options.settings ?? {});
    this.newRunId = options.newRunId ?? newId;
  }

  /** The settings in force. */
  get currentSettings(): PythonRuntimeSettings {
    return { ...this.settings };
  }

  start(): void {
    if (this.disposed) return;
    void this.ensurePrimary().catch(() => {});
  }

  status(): RuntimeStatus {
    const status: RuntimeStatus = {
      phase: this.phase,
      canInterrupt: this.primary?.canInterrupt ?? this.isolated,
      spareReady: this.spare?.state === 'ready',
    };
    const boot = this.primary?.boot;
    if (boot) status.boot = { fromSnapshot: boot.fromSnapshot, bootMs: boot.bootMs };
    const bootStep = this.primary?.bootStep;
    if (this.phase === 'starting' && bootStep) status.bootStep = bootStep;
    if (this.error) status.error = this.error;
    return status;
  }

  subscribe(listener: (status: RuntimeStatus) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  run(request: RunRequest, options: RunOptions = {}): Promise<RunResult> {
    if (this.disposed) return Promise.reject(disposedError());
    let resolved: WorkerRunRequest;
    try {
      resolved = this.resolveRequest(request);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const job = this.queue.then(() => this.execute(request, resolved, options));
    this.queue = job.catch(() => {});
    return job;
  }

  stop(): void {
    this.active?.stop('stop');
  }

  restart(): Promise<void> {
    if (this.disposed) return Promise.reject(disposedError());
    this.active?.stop('stop');
    const job = this.queue.then(async () => {
      const old = this.primary;
      this.primary = undefined;
      old?.terminate();
      this.error = undefined;
      await this.ensurePrimary();
    });
    this.queue = job.catch(() => {});
    return job;
  }

  /**
   * Changes settings. A new package index, lock file or network setting (fixed at boot) replaces the
   * workers once the active run is over; the timeout applies from the next run.
   */
  configure(input: Partial<PythonRuntimeSettings>): void {
    const next = resolvePythonSettings({ ...this.settings, ...input });
    const rebootNeeded =
      next.packageIndexUrl !== this.settings.packageIndexUrl ||
      next.lockFileUrl !== this.settings.lockFileUrl ||
      next.network !== this.settings.network ||
      next.useSnapshot !== this.settings.useSnapshot;
    this.settings = next;
    if (!next.spareWorker) this.dropSpare();
    if (!rebootNeeded) return;
    this.queue = this.queue.then(() => {
      const hadPrimary = !!this.primary;
      this.dropSpare();
      this.primary?.terminate();
      this.primary = undefined;
      if (hadPrimary) this.start();
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.active?.stop('stop');
    this.disposed = true;
    this.dropSpare();
    this.primary?.terminate();
    this.primary = undefined;
    this.setPhase('stopped');
  }

  // ------------------------------------------------------------------ workers

  private spawn(role: 'primary' | 'spare'): PythonWorkerHandle {
    // Without a prototype, like the settings it copies: see resolvePythonSettings.
    const options: Omit<BootOptions, 'interruptBuffer'> = Object.assign(Object.create(null), {
      indexUrl: this.options.indexUrl,
      packageIndexUrl: this.settings.packageIndexUrl,
      network: this.settings.network,
      useSnapshot: this.settings.useSnapshot,
      warmUp: role === 'spare',
    });
    if (this.settings.lockFileUrl) options.lockFileUrl = this.settings.lockFileUrl;
    const handle = new PythonWorkerHandle(this.options.spawn(), options, this.isolated);
    // The person watches the primary start; a spare boots unseen.
    const stopFollowing = handle.onEvent((event) => {
      if (event.type === 'boot-step' && handle === this.primary) this.emitStatus();
    });
    handle.ready.finally(stopFollowing).catch(() => undefined);
    void handle.died.then(() => {
      if (this.spare === handle) this.spare = undefined;
      this.emitStatus();
    });
    return handle;
  }

  /** The primary, booted; promotes the spare or boots a new worker when there is none. */
  private async ensurePrimary(): Promise<PythonWorkerHandle> {
    if (this.disposed) throw disposedError();
    if (!this.primary || this.primary.state === 'dead') {
      if (this.spare && this.spare.state !== 'dead') {
        this.primary = this.spare;
        this.spare = undefined;
      } else {
        this.primary = this.spawn('primary');
      }
    }
    const handle = this.primary;
    if (handle.state === 'booting' && this.phase !== 'running') this.setPhase('starting');
    try {
      await handle.ready;
    } catch (error) {
      if (this.primary === handle) this.primary = undefined;
      const failure = runtimeError(
        'python-start',
        { detail: describeError(error) },
        { cause: error },
      );
      this.error = failure.message;
      this.setPhase('failed');
      throw failure;
    }
    this.error = undefined;
    if (this.phase === 'starting' || this.phase === 'stopped' || this.phase === 'failed') {
      this.setPhase('ready');
    }
    this.scheduleSpare();
    return handle;
  }

  private scheduleSpare(): void {
    if (!this.settings.spareWorker || this.spare || this.cancelSpareTimer || this.disposed) return;
    // Every spare waits a moment: the first so it does not slow the page's first boot, a
    // replacement so that its boot (a sandbox frame and ~45 MB of files handed over on the
    // page's thread) does not slow the run that follows a kill.
    const delay = this.options.spareDelayMs ?? 1000;
    this.cancelSpareTimer = this.clock.schedule(() => {
      this.cancelSpareTimer = undefined;
      if (!this.settings.spareWorker || this.spare || this.disposed) return;
      const spare = this.spawn('spare');
      this.spare = spare;
      spare.ready.then(
        () => {
          this.presync(spare);
          this.emitStatus();
        },
        () => {
          if (this.spare === spare) this.spare = undefined;
        },
      );
    }, delay);
  }

  /**
   * Copies the last run's workspace into an idle spare, so that a run after a kill sends
   * only what changed since instead of every file (recovery is then a few ms, not a full
   * sync of a large workspace). `again`: bring an earlier copy up to date (after a run
   * wrote files back), queued behind any copy still being made.
   */
  private presync(spare: PythonWorkerHandle, again = false): void {
    const files = this.lastFiles;
    const previous = this.presyncs.get(spare);
    if (!files || (previous && !again)) return;
    const done = (previous ?? Promise.resolve())
      .then(() => spare.files.syncIn(files, (delta) => spare.api.sync(delta)))
      .then(
        () => {},
        // A failed copy leaves the spare marked for a full sync at its first run.
        () => {},
      );
    this.presyncs.set(spare, done);
  }

  private dropSpare(): void {
    this.cancelSpareTimer?.();
    this.cancelSpareTimer = undefined;
    this.spare?.terminate();
    this.spare = undefined;
  }

  /** Ends a worker and gets the next one going (the spare, if there is one). */
  private retire(handle: PythonWorkerHandle): void {
    handle.terminate();
    if (this.primary === handle) this.primary = undefined;
    if (this.spare === handle) this.spare = undefined;
    if (!this.disposed) this.start();
  }

  // ------------------------------------------------------------------ runs

  private resolveRequest(request: RunRequest): WorkerRunRequest {
    const path = request.path === undefined ? undefined : normalizePath(request.path);
    if (request.code === undefined && path === undefined) {
      throw runtimeError('bad-run', { variant: 'nothing-to-run' });
    }
    const resolved: WorkerRunRequest = {
      runId: '',
      firstLine: Math.max(1, Math.floor(request.firstLine ?? 1)),
      argv: [...(request.argv ?? [])].map(String),
      stdin: request.stdin ?? '',
      collectChanges: false,
      outputLimitChars: OUTPUT_LIMIT_CHARS,
      timeoutMs: 0,
    };
    if (request.code !== undefined) resolved.code = request.code;
    if (path !== undefined) resolved.path = path;
    return resolved;
  }

  private async execute(
    request: RunRequest,
    resolved: WorkerRunRequest,
    options: RunOptions,
  ): Promise<RunResult> {
    const emit = (event: RunEvent) => {
      try {
        options.onEvent?.(event);
      } catch {
        // A listener that throws must not break the run (STYLE.md).
      }
    };
    const runId = this.newRunId();
    const collector = new RunCollector(runId, emit);
    const control = new StopSwitch();
    this.active = control;
    let used: PythonWorkerHandle | undefined;
    const onAbort = () => control.stop('stop');
    if (options.signal?.aborted) control.stop('stop');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (control.reason) return this.result(collector, { status: 'killed', message: 'Stopped.' });
      if (this.primary?.state !== 'ready') emit({ type: 'preparing', step: 'starting-runtime' });
      let handle: PythonWorkerHandle;
      try {
        const started = await Promise.race([this.ensurePrimary(), control.stopped]);
        if (typeof started === 'string') {
          return this.result(collector, { status: 'killed', message: 'Stopped.' });
        }
        handle = started;
        used = handle;
      } catch (error) {
        return this.result(collector, { status: 'crashed', message: describeError(error) });
      }
      this.setPhase('running');
      const files = options.files;
      if (files) {
        this.lastFiles = files;
        emit({ type: 'preparing', step: 'syncing-files' });
        const presynced = this.presyncs.get(handle) ?? Promise.resolve();
        const synced = await Promise.race([
          presynced
            .then(() => handle.files.syncIn(files, (delta) => handle.api.sync(delta)))
            .then(
              () => 'ok' as const,
              (error: unknown) => error,
            ),
          control.stopped,
          handle.died,
        ]);
        if (synced !== 'ok') {
          if (control.reason) {
            return this.result(collector, { status: 'killed', message: 'Stopped.' });
          }
          this.retire(handle);
          return this.result(collector, {
            status: 'crashed',
            message: `The files could not be copied to Python (${describeError(synced)}); it was restarted.`,
          });
        }
      }
      const timeoutMs = Math.max(1, request.timeoutMs ?? this.settings.timeoutMs);
      // A spare that was ready before the first run with files gets its copy now.
      if (files && this.spare?.state === 'ready') this.presync(this.spare);
      return await this.supervise(
        handle,
        { ...resolved, runId, collectChanges: !!files, timeoutMs },
        {
          collector,
          control,
          timeoutMs,
          options,
          emit,
        },
      );
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      if (this.active === control) this.active = undefined;
      // The run may have written files back: the idle interpreters' copies catch up while
      // Python idles (the one that ran was replaced, or holds them already).
      if (options.files) {
        for (const idle of [this.primary, this.spare]) {
          if (idle && idle !== used && idle.state === 'ready') this.presync(idle, true);
        }
      }
      if (!this.disposed && this.phase !== 'failed') {
        this.setPhase(this.primary?.state === 'ready' ? 'ready' : 'starting');
      }
    }
  }

  /**
   * Sends the run and watches it: the timeout from the worker-reported start, Stop, the
   * worker dying. Interrupt first when the worker can be interrupted, terminate when the
   * interrupt does not land within the grace or cannot be sent.
   */
  private async supervise(
    handle: PythonWorkerHandle,
    request: WorkerRunRequest,
    ctx: {
      collector: RunCollector;
      control: StopSwitch;
      timeoutMs: number;
      options: RunOptions;
      emit: (event: RunEvent) => void;
    },
  ): Promise<RunResult> {
    const { collector, control, timeoutMs } = ctx;
    const clock = this.clock;
    const prepareLimit = this.options.prepareLimitMs ?? 120_000;
    let started = false;
    let ended = false;
    let signalEnded: () => void = () => {};
    const endedPromise = new Promise<void>((resolve) => {
      signalEnded = resolve;
    });
    const sentAt = clock.now();
    const watchdog = new RunWatchdog({
      clock,
      timeoutMs,
      onTimeout: () => control.stop('timeout'),
    });
    const cancelPrepare = clock.schedule(
      () =>
        control.stop(
          'timeout',
          `Stopped: getting ready (files, packages) took longer than ${seconds(prepareLimit)}. Check the connection and try again.`,
        ),
      prepareLimit,
    );
    let cancelPoke: (() => void) | undefined;
    const poke = () => {
      cancelPoke = undefined;
      if (ended || control.reason) return;
      handle.poke();
      cancelPoke = clock.schedule(poke, this.options.pokeIntervalMs ?? 50);
    };
    const unsubscribe = handle.onEvent((event) => {
      collector.accept(event);
      if (event.runId !== request.runId) return;
      if (event.type === 'started') {
        started = true;
        cancelPrepare();
        watchdog.arm(event.startedAt, sentAt);
        if (handle.canInterrupt) poke();
      } else if (event.type === 'ended') {
        ended = true;
        watchdog.disarm();
        signalEnded();
      }
    });
    const settled: Promise<Step> = Promise.race([
      handle.api.run(request).then(
        (outcome): Step => ({ kind: 'outcome', outcome }),
        (error: unknown): Step => ({ kind: 'rpc-error', error }),
      ),
      handle.died.then((reason): Step => ({ kind: 'died', reason })),
    ]);
    const elapsed = () =>
      collector.startedAt === undefined ? 0 : Math.max(0, clock.now() - collector.startedAt);

    try {
      let step = await Promise.race([
        settled,
        control.stopped.then((reason): Step => ({ kind: 'stop', reason })),
      ]);
      if (step.kind === 'stop') {
        ctx.emit({ type: 'stopping', reason: step.reason });
        this.setPhase('stopping');
        watchdog.disarm();
        // A timeout noticed long after it was due (throttled timers) already gave the
        // worker's own deadline its chance: Python is not in its eval loop, so terminate.
        const late =
          step.reason === 'timeout' &&
          elapsed() - timeoutMs >= (this.options.interruptGraceMs ?? 250);
        if (!ended && started && handle.canInterrupt && !late) {
          step = await this.interrupt(handle, settled, endedPromise);
        } else if (!ended && started && step.reason === 'timeout' && !late) {
          // Not interruptible from here (no isolation), but the worker enforces the same
          // deadline itself: give it the grace to end the run and keep its interpreter.
          const grace = this.options.interruptGraceMs ?? 250;
          step = await Promise.race([
            settled,
            endedPromise.then((): Step => ({ kind: 'ended' })),
            clock.sleep(grace).then((): Step => ({ kind: 'grace' })),
          ]);
        }
        if (ended || step.kind === 'ended') step = await this.withLimit(settled);
        if (step.kind === 'stop') step = { kind: 'grace' };
      }
      if (step.kind === 'outcome') {
        return await this.finishRun(handle, step.outcome, ctx);
      }
      const duration = elapsed();
      this.retire(handle);
      if (step.kind === 'died' || step.kind === 'rpc-error') {
        const reason = step.kind === 'died' ? step.reason : describeError(step.error);
        if (!(control.reason && reason === 'terminated')) {
          return this.result(collector, {
            status: 'crashed',
            message: crashMessage(reason),
            duration,
          });
        }
      }
      return this.result(collector, stopParts(control, timeoutMs, duration, true));
    } finally {
      unsubscribe();
      watchdog.disarm();
      cancelPrepare();
      cancelPoke?.();
    }
  }

  /** The worker answered: wait for its last events, apply the files, decide the status. */
  private async finishRun(
    handle: PythonWorkerHandle,
    outcome: WorkerRunOutcome,
    ctx: { collector: RunCollector; control: StopSwitch; timeoutMs: number; options: RunOptions },
  ): Promise<RunResult> {
    const { collector, control } = ctx;
    await Promise.race([collector.until(outcome.lastSeq), this.clock.sleep(2000)]);
    if (outcome.outcome === 'fatal') {
      this.retire(handle);
      return this.result(collector, {
        status: 'crashed',
        message: crashMessage(outcome.fatalMessage ?? 'fatal error'),
        duration: outcome.duration,
        outcome,
      });
    }
    let changedFiles = noChangedFiles();
    const files = ctx.options.files;
    if (files && outcome.changes) {
      try {
        changedFiles = await handle.files.writeBack(files, outcome.changes);
      } catch (error) {
        changedFiles = { ...noChangedFiles(), error: describeError(error) };
      }
    }
    if (executed(outcome)) {
      // Nothing of a run may outlive it: the program may have left timers, callbacks or
      // pending promises in the interpreter, which would run during the next program,
      // perhaps of another workspace. The next run gets the spare, which never ran anyone's
      // code (and wasm memory, which never shrinks, is given back).
      this.retire(handle);
    }
    // The worker's own deadline may land before the page's watchdog wakes (background tab).
    if (outcome.timedOut && !control.reason) control.stop('timeout');
    const status = statusOf(outcome, control.reason);
    const parts: ResultParts = { status, duration: outcome.duration, outcome, changedFiles };
    if (status === 'timeout' || status === 'killed') {
      const stopped = stopParts(control, ctx.timeoutMs, outcome.duration, false);
      if (stopped.message) parts.message = stopped.message;
    }
    return this.result(collector, parts);
  }

  /** Sends SIGINT (again every 50 ms, in case a poke raced it) until it lands or the grace is over. */
  private async interrupt(
    handle: PythonWorkerHandle,
    settled: Promise<Step>,
    ended: Promise<void>,
  ): Promise<Step> {
    const deadline = this.clock.now() + (this.options.interruptGraceMs ?? 250);
    const landed = Promise.race([settled, ended.then((): Step => ({ kind: 'ended' }))]);
    for (;;) {
      handle.interrupt();
      const wait = Math.min(50, deadline - this.clock.now());
      if (wait <= 0) return { kind: 'grace' };
      const step = await Promise.race([
        landed,
        this.clock.sleep(wait).then((): undefined => undefined),
      ]);
      if (step) return step;
    }
  }

  /** `settled`, unless gathering files and figures takes longer than the finish limit. */
  private withLimit(settled: Promise<Step>): Promise<Step> {
    return Promise.race([
      settled,
      this.clock.sleep(this.options.finishLimitMs ?? 30_000).then((): Step => ({ kind: 'grace' })),
    ]);
  }

  private result(collector: RunCollector, parts: ResultParts): RunResult {
    const outcome = parts.outcome;
    const result: RunResult = {
      status: parts.status,
      stdout: collector.stdout,
      stderr: collector.stderr,
      output: collector.output,
      outputTruncated: collector.truncated,
      droppedBytes: outcome?.droppedBytes ?? 0,
      duration: parts.duration ?? outcome?.duration ?? 0,
      changedFiles: parts.changedFiles ?? noChangedFiles(),
      figures: collector.figures,
      packages: outcome?.packages ?? { loaded: [], failed: [] },
    };
    if (outcome?.exception) result.exception = outcome.exception;
    if (outcome?.exitCode !== undefined) result.exitCode = outcome.exitCode;
    if (parts.message) result.message = parts.message;
    else if (result.exception?.type === 'MemoryError') {
      result.message = 'Python ran out of memory; the next run starts on a fresh interpreter.';
    }
    return result;
  }

  private setPhase(phase: RuntimePhase): void {
    if (this.phase === phase) return;
    this.phase = phase;
    this.emitStatus();
  }

  private emitStatus(): void {
    this.listeners.emit(this.status());
  }
}

/**
 * Whether the person's code began to execute: anything but a syntax error (or a missing
 * file) found before it ran.
 */
function executed(outcome: WorkerRunOutcome): boolean {
  return !(outcome.outcome === 'exception' && outcome.exception?.phase === 'compile');
}

function statusOf(outcome: WorkerRunOutcome, stopReason: StopReason | undefined): RunStatus {
  switch (outcome.outcome) {
    case 'ok':
      return 'ok';
    case 'exception':
      return 'error';
    case 'fatal':
      return 'crashed';
    case 'interrupted':
      if (stopReason === 'timeout') return 'timeout';
      if (stopReason === 'stop') return 'killed';
      return 'error';
  }
}

/** Status and words for a run that was stopped; `restarted` when the worker had to go. */
function stopParts(
  control: StopSwitch,
  timeoutMs: number,
  duration: number,
  restarted: boolean,
): ResultParts {
  const after = restarted ? ' Python was restarted, so files the run wrote were discarded.' : '';
  if (control.reason === 'timeout') {
    return {
      status: 'timeout',
      duration,
      message:
        control.note ??
        `Stopped: the run took longer than ${seconds(timeoutMs)} (the time limit).${after}`,
    };
  }
  return { status: 'killed', duration, message: `Stopped.${after}` };
}

function crashMessage(reason: string): string {
  if (reason.startsWith(STOPPED_BY_COVE)) return `${reason} Python was restarted.`;
  if (
    /out of memory|memory access out of bounds|could not allocate|Memory\.grow|allocation/i.test(
      reason,
    )
  ) {
    return OUT_OF_MEMORY;
  }
  return `The Python runtime stopped unexpectedly (${reason}) and was restarted.`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function disposedError(): CoveError {
  return runtimeError('disposed');
}
