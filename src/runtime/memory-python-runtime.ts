import { systemClock, type Clock } from '../base/clock';
import { runtimeError } from './runtime-errors';
import { Listeners } from '../base/listeners';
import type { FileChange } from '../store/file-store';
import { ancestorsOf, normalizePath } from '../workspace/paths';
import {
  DEFAULT_RUN_TIMEOUT_MS,
  noChangedFiles,
  type OutputChunk,
  type PythonException,
  type PythonRuntime,
  type RunEvent,
  type RunFigure,
  type RunOptions,
  type RunRequest,
  type RunResult,
  type RunStatus,
  type RuntimeStatus,
} from './python-runtime';

/** What a scripted run does. Every field is optional; the default is a silent success. */
export interface ScriptedRun {
  /** Output, emitted in order. */
  output?: OutputChunk[];
  status?: RunStatus;
  exception?: PythonException;
  figures?: RunFigure[];
  /** Files the run writes (path → content), applied to the workspace like a real run's. */
  write?: Record<string, string | Uint8Array>;
  /** Files the run deletes. */
  delete?: string[];
  /** Reported execution time, ms. Default 1. */
  duration?: number;
  message?: string;
  exitCode?: number;
  /** Run until stopped or timed out (for Stop and timeout flows). */
  hang?: boolean;
}

/** Decides what a run does; may be async. */
export type RunScript = (request: RunRequest) => ScriptedRun | Promise<ScriptedRun>;

/**
 * `print("…")` / `print('…')` lines become stdout, everything else is a silent success:
 * enough for demos and for UI tests that only need some output.
 */
export const echoPrints: RunScript = (request) => {
  const output: OutputChunk[] = [];
  for (const line of (request.code ?? '').split('\n')) {
    const match = /^\s*print\((['"])(.*)\1\)\s*$/.exec(line);
    if (match) output.push({ stream: 'stdout', text: `${match[2]}\n` });
  }
  return { output };
};

/**
 * A PythonRuntime without Python, for tests, demos and the agent core under Node: each
 * run is answered by a script, emits the same events in the same order as the real
 * runtime, honours Stop, timeouts and AbortSignal, and applies file writes through the
 * given workspace in one batch. `requests` records every run.
 */
export class MemoryPythonRuntime implements PythonRuntime {
  readonly requests: RunRequest[] = [];
  private readonly listeners = new Listeners<RuntimeStatus>();
  private current: { stop: () => void } | undefined;
  private phase: RuntimeStatus['phase'] = 'stopped';
  private disposed = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly script: RunScript = echoPrints,
    private readonly clock: Clock = systemClock,
  ) {}

  start(): void {
    if (!this.disposed && this.phase === 'stopped') this.setPhase('ready');
  }

  status(): RuntimeStatus {
    return { phase: this.phase, canInterrupt: true, spareReady: true };
  }

  subscribe(listener: (status: RuntimeStatus) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  stop(): void {
    this.current?.stop();
  }

  async restart(): Promise<void> {
    this.stop();
    await this.queue;
    this.setPhase('ready');
  }

  dispose(): void {
    this.stop();
    this.disposed = true;
    this.setPhase('stopped');
  }

  run(request: RunRequest, options: RunOptions = {}): Promise<RunResult> {
    if (this.disposed) {
      return Promise.reject(runtimeError('disposed', { variant: 'in-memory' }));
    }
    this.requests.push(request);
    const job = this.queue.then(() => this.execute(request, options));
    this.queue = job.catch(() => {});
    return job;
  }

  private async execute(request: RunRequest, options: RunOptions): Promise<RunResult> {
    const emit = (event: RunEvent) => {
      try {
        options.onEvent?.(event);
      } catch {
        // Listeners cannot break a run.
      }
    };
    this.setPhase('running');
    try {
      const scripted = await this.script(request);
      const startedAt = this.clock.now();
      emit({ type: 'started', startedAt });
      const output: OutputChunk[] = [];
      for (const chunk of scripted.output ?? []) {
        const last = output[output.length - 1];
        if (last?.stream === chunk.stream) last.text += chunk.text;
        else output.push({ ...chunk });
        emit({ type: 'output', stream: chunk.stream, text: chunk.text });
      }
      for (const figure of scripted.figures ?? []) emit({ type: 'figure', figure });
      let status: RunStatus = scripted.status ?? (scripted.exception ? 'error' : 'ok');
      let message = scripted.message;
      let duration = scripted.duration ?? 1;
      if (scripted.hang) {
        const reason = await this.hang(request, options, emit);
        status = reason === 'timeout' ? 'timeout' : 'killed';
        message ??=
          reason === 'timeout' ? 'Stopped: the run took longer than the time limit.' : 'Stopped.';
        duration = this.clock.now() - startedAt;
      }
      const result: RunResult = {
        status,
        stdout: output
          .filter((c) => c.stream === 'stdout')
          .map((c) => c.text)
          .join(''),
        stderr: output
          .filter((c) => c.stream === 'stderr')
          .map((c) => c.text)
          .join(''),
        output,
        outputTruncated: false,
        droppedBytes: 0,
        duration,
        changedFiles: noChangedFiles(),
        figures: scripted.figures ?? [],
        packages: { loaded: [], failed: [] },
      };
      if (scripted.exception) result.exception = scripted.exception;
      if (message) result.message = message;
      if (scripted.exitCode !== undefined) result.exitCode = scripted.exitCode;
      if (options.files && !scripted.hang) {
        result.changedFiles = await applyScriptedFiles(options, scripted);
      }
      return result;
    } finally {
      this.setPhase('ready');
    }
  }

  private hang(
    request: RunRequest,
    options: RunOptions,
    emit: (event: RunEvent) => void,
  ): Promise<'timeout' | 'stop'> {
    return new Promise((resolve) => {
      const finish = (reason: 'timeout' | 'stop') => {
        cancel();
        options.signal?.removeEventListener('abort', onAbort);
        this.current = undefined;
        emit({ type: 'stopping', reason });
        resolve(reason);
      };
      const onAbort = () => finish('stop');
      const cancel = this.clock.schedule(
        () => finish('timeout'),
        request.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
      );
      this.current = { stop: () => finish('stop') };
      if (options.signal?.aborted) finish('stop');
      else options.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private setPhase(phase: RuntimeStatus['phase']): void {
    if (this.phase === phase) return;
    this.phase = phase;
    this.listeners.emit(this.status());
  }
}

async function applyScriptedFiles(options: RunOptions, scripted: ScriptedRun) {
  const files = options.files!;
  const listing = new Map((await files.list()).map((entry) => [entry.path, entry]));
  const changes: FileChange[] = [];
  const written: string[] = [];
  const deleted: string[] = [];
  const folders = new Set<string>();
  for (const [raw, content] of Object.entries(scripted.write ?? {})) {
    const path = normalizePath(raw);
    for (const folder of ancestorsOf(path)) {
      if (listing.has(folder) || folders.has(folder)) continue;
      folders.add(folder);
      changes.push({ type: 'put', path: folder, kind: 'folder', content: '', expect: 'absent' });
      written.push(folder);
    }
    const existing = listing.get(path);
    changes.push({
      type: 'put',
      path,
      kind: 'file',
      content,
      expect: existing ? existing.version : 'absent',
    });
    written.push(path);
  }
  for (const raw of scripted.delete ?? []) {
    const path = normalizePath(raw);
    const existing = listing.get(path);
    if (!existing) continue;
    changes.push({ type: 'delete', path, expect: existing.version });
    deleted.push(path);
  }
  if (changes.length) await files.apply(changes);
  return { ...noChangedFiles(), written: written.sort(), deleted };
}
