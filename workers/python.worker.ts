/// <reference lib="webworker" />
// The Python worker: one Pyodide interpreter, the workspace mirror, and the run harness.
// Reached only through the two ports of python-protocol.ts; it is handed no secrets.
// Boot prefers a cached memory snapshot of a booted interpreter (~0.7 s instead of 4–6 s)
// and falls back to a normal boot when anything about the snapshot fails.
import * as Comlink from 'comlink';
import { loadPyodide, version as pyodideVersion } from 'pyodide';
import type { Lockfile, PyodideInterface } from 'pyodide';
import runnerSource from '../src/runtime/python-runner.py?raw';
import mplBackendSource from '../src/runtime/python-mpl-backend.py?raw';
import { OutputBatcher } from '../src/runtime/output-batcher';
import { OutputDecoder } from '../src/runtime/output-decoder';
import { InterruptSource } from '../src/runtime/interrupt-source';
import { describePackageFailure, probePackageUrl } from '../src/runtime/package-errors';
import {
  PYTHON_CONNECT,
  WORKSPACE_DIR,
  type BootOptions,
  type BootReport,
  type PackageFailure,
  type PythonConnectMessage,
  type PythonException,
  type PythonWorkerApi,
  type SnapshotOutcome,
  type SyncDelta,
  type WorkerEvent,
  type WorkerOutcomeKind,
  type WorkerRunOutcome,
  type WorkerRunRequest,
} from '../src/runtime/python-protocol';
import type { OutputStream } from '../src/runtime/python-runtime';
import { pyodideWorkerFs, type EmscriptenFsLike } from '../src/runtime/pyodide-worker-fs';
import {
  CacheStorageSnapshotCache,
  textDigest,
  type SnapshotCache,
} from '../src/runtime/snapshot-cache';
import { WorkspaceMirror } from '../src/runtime/workspace-mirror';

declare const self: DedicatedWorkerGlobalScope;

/** Bumped when anything that shapes the snapshot's heap changes outside the runner source. */
const SNAPSHOT_FORMAT = 1;
/** Environment of the interpreter; part of the snapshot, so part of its key. */
const PYTHON_ENV = { HOME: '/home/pyodide', PYTHONDONTWRITEBYTECODE: '1' };
const LIB_DIR = '/cove/lib';
/** Cache Storage bucket of the last configured lock file that loaded. */
const LOCK_FILE_CACHE = 'cove-python-lockfile';
/** Touches what most runs use: output, stdin, an import, an exception with a traceback. */
const WARM_UP_CODE = [
  'import sys, json',
  'print("warm", input(), json.dumps([1]))',
  'print("warm", file=sys.stderr)',
  'def fail():',
  '    raise ValueError("warm")',
  'fail()',
].join('\n');
/** Saving the snapshot must not hold up the first run for long. */
const SNAPSHOT_SAVE_LIMIT_MS = 10_000;

type Py = PyodideInterface;
type CreatePyodideModule = NonNullable<Parameters<typeof loadPyodide>[0]>['createPyodideModule'];
/** The run harness module as JavaScript sees it (a PyProxy); every call returns a string. */
interface Runner {
  prepare(source: string, filename: string, firstLine: number): string;
  imports(source: string, filename: string): string;
  begin(host: RunHost, argvJson: string, stdin: string, displayName: string): string;
  execute(): string | PyAwaitable;
  finish(): string;
  warm_up(): void;
  after_boot(): string;
}
interface PyAwaitable extends PromiseLike<string> {
  destroy(): void;
}
/** What Python may call during a run. */
interface RunHost {
  figure(bytes: Uint8Array): void;
  flush(): void;
  /** Execution ended: hold interrupts back while the harness reports. */
  shield(): void;
}

interface ActiveRun {
  runId: string;
  batcher: OutputBatcher;
  decoders: Record<OutputStream, OutputDecoder>;
}

interface ParsedOutcome {
  outcome: WorkerOutcomeKind;
  exception?: PythonException;
  exitCode?: number;
}

class PythonWorker implements PythonWorkerApi {
  private py: Py | undefined;
  private runner: Runner | undefined;
  private mirror: WorkspaceMirror | undefined;
  private interruptBuffer: Int32Array | undefined;
  private signals: InterruptSource | undefined;
  private packageIndexUrl = '';
  /** Import name → lock-file package name, and package → its lock entry. */
  private readonly importToPackage = new Map<string, string>();
  private readonly packages = new Map<string, { fileName: string; imports: string[] }>();
  private seq = 0;
  /** While true, events are not posted (the warm-up run). */
  private muted = false;
  private active: ActiveRun | undefined;
  private fatal: string | undefined;

  constructor(private readonly events: MessagePort) {}

  async boot(options: BootOptions): Promise<BootReport> {
    if (this.py) throw new Error('This worker has already booted.');
    const started = performance.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => {
      phases[name] = Math.round(performance.now() - started);
    };
    this.packageIndexUrl = options.packageIndexUrl;
    this.interruptBuffer = options.interruptBuffer;
    const cache = options.useSnapshot ? openSnapshotCache() : undefined;
    const key = `pyodide-${pyodideVersion}-${SNAPSHOT_FORMAT}-${textDigest(
      runnerSource + JSON.stringify(PYTHON_ENV),
    )}`;
    // Everything that does not depend on something else starts at once: the loader module,
    // the snapshot lookup; loadPyodide then fetches and compiles the wasm while the snapshot
    // is still being read.
    const [asm, hasSnapshot] = await Promise.all([
      import(/* @vite-ignore */ `${options.indexUrl}pyodide.asm.js`).then((module) => {
        mark('loader');
        return module as { default: CreatePyodideModule };
      }),
      cache ? cache.has(key).catch(() => false) : Promise.resolve(false),
    ]);
    const config = () => ({
      indexURL: options.indexUrl,
      packageBaseUrl: options.packageIndexUrl,
      lockFileContents: loadLockFile(options),
      createPyodideModule: asm.default,
      env: { ...PYTHON_ENV },
      stdout: () => {},
      stderr: () => {},
    });
    let snapshot: SnapshotOutcome = cache ? 'created' : 'disabled';
    let snapshotError: string | undefined;
    let py: Py | undefined;

    if (cache && hasSnapshot) {
      const image = cache.get(key).then((bytes) => {
        if (!bytes) throw new Error('the snapshot vanished from the cache');
        mark('snapshot-read');
        return bytes;
      });
      try {
        py = await loadPyodide({ ...config(), _loadSnapshot: image });
        snapshot = 'loaded';
      } catch (error) {
        snapshotError = `the cached snapshot did not boot: ${describe(error)}`;
        await cache.delete(key).catch(() => {});
      }
    }
    if (!py) {
      py = await loadPyodide({ ...config(), ...(cache ? { _makeSnapshot: true } : {}) });
      installRunner(py);
      if (cache) {
        mark('booted');
        try {
          const image = py.makeMemorySnapshot();
          await withLimit(cache.put(key, image), SNAPSHOT_SAVE_LIMIT_MS);
          mark('snapshot-saved');
        } catch (error) {
          snapshot = 'failed';
          snapshotError = `saving the snapshot failed: ${describe(error)}`;
        }
      }
    }
    mark('interpreter');
    this.afterBoot(py);
    mark('set-up');
    if (options.warmUp) await this.warmUp();
    mark('ready');
    const report: BootReport = {
      fromSnapshot: snapshot === 'loaded',
      snapshot,
      bootMs: performance.now() - started,
      phases,
      pyodideVersion: py.version,
      pythonVersion: String(py.runPython('import sys; sys.version.split()[0]')),
      isolated: self.crossOriginIsolated,
    };
    if (snapshotError) report.snapshotError = snapshotError;
    return report;
  }

  async sync(delta: SyncDelta): Promise<void> {
    this.need();
    this.mirror!.apply(delta);
  }

  async run(request: WorkerRunRequest): Promise<WorkerRunOutcome> {
    const py = this.need();
    const runner = this.runner!;
    if (this.active) throw new Error('A run is already active in this worker.');
    const run: ActiveRun = {
      runId: request.runId,
      batcher: new OutputBatcher({
        limitChars: request.outputLimitChars,
        now: () => performance.now(),
        emit: (batch) => this.post(request.runId, batch),
      }),
      decoders: { stdout: new OutputDecoder(), stderr: new OutputDecoder() },
    };
    this.active = run;
    const firstSeq = this.seq;
    /** The last event of this run, or -1 when it posted none. */
    const lastSeq = () => (this.seq > firstSeq ? this.seq - 1 : -1);
    let parsed: ParsedOutcome = { outcome: 'ok' };
    let duration = 0;
    let packages: WorkerRunOutcome['packages'] = { loaded: [], failed: [] };
    let began = false;
    try {
      const filename = request.path ? `${WORKSPACE_DIR}/${request.path}` : '<string>';
      const source = request.code ?? readSource(py, filename, request.path);
      if (typeof source !== 'string') {
        parsed = { outcome: 'exception', exception: source };
      } else {
        const compileError = runner.prepare(source, filename, request.firstLine);
        if (compileError) {
          parsed = JSON.parse(compileError) as ParsedOutcome;
        } else {
          packages = await this.loadPackagesFor(request.runId, source, filename);
          this.clearInterrupt();
          began = true;
          runner.begin(
            this.host(run),
            JSON.stringify(request.argv),
            request.stdin,
            request.path ?? '-c',
          );
          const startedAt = performance.timeOrigin + performance.now();
          const t0 = performance.now();
          this.post(request.runId, { type: 'started', startedAt });
          this.signals?.armDeadline(request.timeoutMs);
          let raw = runner.execute();
          if (typeof raw !== 'string') {
            const awaitable = raw;
            try {
              raw = await awaitable;
            } finally {
              awaitable.destroy();
            }
          }
          duration = performance.now() - t0;
          this.clearInterrupt();
          this.post(request.runId, { type: 'ended', duration });
          parsed = JSON.parse(raw) as ParsedOutcome;
        }
      }
    } catch (error) {
      this.clearInterrupt();
      parsed = this.outcomeOfThrow(error);
      if (began && parsed.outcome !== 'fatal') {
        this.post(request.runId, { type: 'ended', duration });
      }
    }
    if (parsed.outcome === 'fatal' || this.fatal) {
      this.active = undefined;
      run.batcher.flush();
      return {
        runId: request.runId,
        lastSeq: lastSeq(),
        outcome: 'fatal',
        fatalMessage: this.fatal ?? parsed.exception?.message ?? 'fatal error',
        duration,
        droppedBytes: run.batcher.droppedBytes,
        packages,
        memoryBytes: memoryBytes(py),
      };
    }
    try {
      runner.finish();
    } catch (error) {
      // finish is best effort (an interrupt can land in it); the run's outcome stands.
      void error;
    }
    for (const stream of ['stdout', 'stderr'] as const) {
      run.batcher.write(stream, run.decoders[stream].end());
    }
    run.batcher.flush();
    this.active = undefined;
    if (parsed.exception) explainMissingModule(parsed.exception, packages.failed, this.packages);
    const outcome: WorkerRunOutcome = {
      runId: request.runId,
      lastSeq: lastSeq(),
      outcome: parsed.outcome,
      duration,
      droppedBytes: run.batcher.droppedBytes,
      packages,
      memoryBytes: memoryBytes(py),
    };
    if (parsed.exception) outcome.exception = parsed.exception;
    if (parsed.exitCode !== undefined) outcome.exitCode = parsed.exitCode;
    if (parsed.outcome === 'interrupted' && this.signals?.timedOut) outcome.timedOut = true;
    if (request.collectChanges) {
      outcome.changes = this.mirror!.collect();
      const buffers = outcome.changes.written.flatMap((w) => (w.bytes ? [w.bytes.buffer] : []));
      return Comlink.transfer(outcome, buffers as ArrayBuffer[]);
    }
    return outcome;
  }

  /**
   * Runs a small program through the whole run path, output discarded. A fresh instance
   * compiles wasm functions lazily on first use, which made the first real run ~300 ms
   * slower; paying that here makes a promoted spare answer at once.
   */
  private async warmUp(): Promise<void> {
    this.muted = true;
    try {
      // Syntax errors take their own path (compile, then the location of the error).
      this.runner?.prepare('def broken(:\n', `${WORKSPACE_DIR}/warm_up.py`, 1);
      await this.run({
        runId: 'warm-up',
        code: WARM_UP_CODE,
        path: 'warm_up.py',
        firstLine: 1,
        argv: [],
        stdin: 'x\n',
        collectChanges: true,
        outputLimitChars: 1000,
        timeoutMs: 10_000,
      });
    } catch {
      // Only an optimisation.
    } finally {
      this.muted = false;
    }
  }

  private need(): Py {
    if (this.fatal) throw new Error(`The interpreter failed and cannot be used: ${this.fatal}`);
    if (!this.py || !this.runner || !this.mirror) throw new Error('The worker has not booted.');
    return this.py;
  }

  private afterBoot(py: Py): void {
    (py as unknown as { _api: { on_fatal?: (error: unknown) => void } })._api.on_fatal = (
      error,
    ) => {
      this.fatal = describe(error);
    };
    py.setStdout({ write: (bytes: Uint8Array) => this.onWrite('stdout', bytes), isatty: false });
    py.setStderr({ write: (bytes: Uint8Array) => this.onWrite('stderr', bytes), isatty: false });
    py.setStdin({ error: true });
    // Always installed, isolated or not: the run deadline needs no shared memory.
    this.signals = new InterruptSource(this.interruptBuffer, () => performance.now());
    py.setInterruptBuffer(this.signals as unknown as Int32Array);
    if (!deadlineLands(py, this.signals)) {
      // A Pyodide that reads its buffer differently: keep the plain buffer; the page's
      // watchdog still enforces timeouts.
      this.signals = undefined;
      py.setInterruptBuffer(this.interruptBuffer as Int32Array);
    }
    py.FS.mkdirTree(LIB_DIR);
    py.FS.writeFile(`${LIB_DIR}/_cove_mpl_backend.py`, mplBackendSource);
    const runner = py.pyimport('_cove_runner') as unknown as Runner;
    runner.after_boot();
    this.py = py;
    this.runner = runner;
    this.mirror = new WorkspaceMirror(
      pyodideWorkerFs(py.FS as unknown as EmscriptenFsLike),
      WORKSPACE_DIR,
    );
    for (const [name, entry] of Object.entries(py.lockfile.packages)) {
      this.packages.set(name, { fileName: entry.file_name, imports: entry.imports ?? [] });
      for (const imported of entry.imports ?? []) this.importToPackage.set(imported, name);
    }
  }

  private onWrite(stream: OutputStream, bytes: Uint8Array): number {
    const run = this.active;
    if (!run) return bytes.length;
    if (run.batcher.truncated) run.batcher.drop(bytes.length);
    else run.batcher.write(stream, run.decoders[stream].decode(bytes));
    return bytes.length;
  }

  private host(run: ActiveRun): RunHost {
    return {
      figure: (bytes) => {
        // A copy: the argument may be a view of the interpreter's memory.
        const copy = new Uint8Array(bytes);
        run.batcher.flush();
        this.post(run.runId, { type: 'figure', mimeType: 'image/png', bytes: copy }, [copy.buffer]);
      },
      flush: () => run.batcher.flush(),
      shield: () => this.signals?.shield(),
    };
  }

  private post(
    runId: string,
    event: DistributiveOmit<WorkerEvent, 'runId' | 'seq'>,
    transfer: Transferable[] = [],
  ): void {
    if (this.muted) return;
    const message = { ...event, runId, seq: this.seq++ } as WorkerEvent;
    this.events.postMessage(message, transfer);
  }

  private clearInterrupt(): void {
    this.signals?.disarm();
  }

  /**
   * Loads the lock-file packages the code imports (following workspace modules), before
   * execution starts so the time does not count against the timeout. Failures are
   * explained, not thrown: the code may well handle the ImportError itself.
   */
  private async loadPackagesFor(
    runId: string,
    source: string,
    filename: string,
  ): Promise<WorkerRunOutcome['packages']> {
    const py = this.py!;
    const scan = JSON.parse(this.runner!.imports(source, filename)) as { imports: string[] };
    const wanted = new Set<string>();
    for (const name of scan.imports) {
      const pkg = this.importToPackage.get(name);
      if (pkg && !isLoaded(py, pkg)) wanted.add(pkg);
    }
    if (!wanted.size) return { loaded: [], failed: [] };
    const names = [...wanted].sort();
    this.post(runId, { type: 'packages', names });
    const errors: string[] = [];
    try {
      await py.loadPackage(names, {
        messageCallback: () => {},
        errorCallback: (message) => errors.push(message),
        checkIntegrity: true,
      });
    } catch (error) {
      errors.push(describe(error));
    }
    const loaded: string[] = [];
    const failed: PackageFailure[] = [];
    for (const name of names) {
      if (isLoaded(py, name)) {
        loaded.push(name);
        continue;
      }
      const fileName = this.packages.get(name)?.fileName ?? name;
      const url = new URL(fileName, this.packageIndexUrl).toString();
      const probe = await probePackageUrl(url, fetch);
      const detail = errors.find((message) => message.includes(name)) ?? errors[0];
      failed.push({
        name,
        message: describePackageFailure({
          name,
          indexUrl: this.packageIndexUrl,
          probe,
          online: navigator.onLine,
          ...(detail ? { detail } : {}),
        }),
      });
    }
    return { loaded, failed };
  }

  private outcomeOfThrow(error: unknown): ParsedOutcome {
    if (this.fatal || (error as { pyodide_fatal_error?: boolean })?.pyodide_fatal_error) {
      this.fatal ??= describe(error);
      return { outcome: 'fatal' };
    }
    const type = (error as { type?: unknown })?.type;
    const exception: PythonException = {
      type: typeof type === 'string' ? type : 'CoveInternalError',
      message: describe(error),
      traceback: error instanceof Error ? (error.stack ?? error.message) : String(error),
      frames: [],
      phase: 'run',
    };
    return { outcome: type === 'KeyboardInterrupt' ? 'interrupted' : 'exception', exception };
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function installRunner(py: Py): void {
  // The source goes in as a string literal (JSON is valid Python here), so no JavaScript
  // object is referenced from Python before the snapshot is taken.
  py.runPython(
    [
      'import sys, types',
      "_module = types.ModuleType('_cove_runner')",
      `exec(compile(${JSON.stringify(runnerSource)}, '<cove-runner>', 'exec'), _module.__dict__)`,
      "sys.modules['_cove_runner'] = _module",
      '_module.warm_up()',
      'del _module',
    ].join('\n'),
  );
}

/** Checks that a passed deadline raises KeyboardInterrupt in a busy loop. */
function deadlineLands(py: Py, signals: InterruptSource): boolean {
  signals.armDeadline(0);
  try {
    py.runPython('for _ in range(5_000_000): pass');
    return false;
  } catch (error) {
    return (error as { type?: unknown }).type === 'KeyboardInterrupt';
  } finally {
    signals.disarm();
  }
}

function readSource(py: Py, filename: string, path: string | undefined): string | PythonException {
  try {
    return py.FS.readFile(filename, { encoding: 'utf8' });
  } catch {
    return {
      type: 'FileNotFoundError',
      message: `"${path ?? filename}" is not in the workspace.`,
      traceback: '',
      frames: [],
      phase: 'compile',
    };
  }
}

function isLoaded(py: Py, pkg: string): boolean {
  return Object.prototype.hasOwnProperty.call(py.loadedPackages, pkg);
}

function memoryBytes(py: Py): number {
  const module = (py as unknown as { _module?: { HEAP8?: Int8Array } })._module;
  return module?.HEAP8?.byteLength ?? 0;
}

/** "No module named 'numpy'" gains the reason numpy could not be loaded. */
function explainMissingModule(
  exception: PythonException,
  failed: readonly PackageFailure[],
  packages: ReadonlyMap<string, { imports: string[] }>,
): void {
  if (exception.type !== 'ModuleNotFoundError' || !failed.length) return;
  const missing = /'([^'.]+)/.exec(exception.message)?.[1];
  const failure = failed.find(
    (f) => f.name === missing || (missing && packages.get(f.name)?.imports.includes(missing)),
  );
  if (failure) exception.message = `${exception.message} (${failure.message})`;
}

/**
 * The lock file: Cove's own copy, or the configured one. A configured lock file is kept in
 * Cache Storage each time it loads, so its packages (cached by the service worker) still
 * resolve offline; when neither network nor cache has it, Cove's copy still lists the
 * official packages.
 */
async function loadLockFile(options: BootOptions): Promise<Lockfile> {
  const bundled = `${options.indexUrl}pyodide-lock.json`;
  const custom = options.lockFileUrl;
  if (custom) {
    const cache =
      typeof caches === 'undefined'
        ? undefined
        : await caches.open(LOCK_FILE_CACHE).catch(() => undefined);
    try {
      const response = await fetch(custom, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${custom} answered HTTP ${response.status}`);
      const lockfile = (await response.clone().json()) as Lockfile;
      await cache?.put(custom, response).catch(() => {});
      return lockfile;
    } catch {
      const cached = await cache?.match(custom).catch(() => undefined);
      if (cached) {
        try {
          return (await cached.json()) as Lockfile;
        } catch {
          // Fall through to Cove's copy.
        }
      }
    }
  }
  return fetchJson(bundled);
}

async function fetchJson(url: string): Promise<Lockfile> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return (await response.json()) as Lockfile;
}

function openSnapshotCache(): SnapshotCache | undefined {
  if (typeof caches === 'undefined') return undefined;
  // Uncompressed: boot speed over ~25 MB of quota (see CacheStorageSnapshotCache).
  return new CacheStorageSnapshotCache(caches, false);
}

function withLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

self.addEventListener('message', (event: MessageEvent<PythonConnectMessage>) => {
  if (event.data?.type !== PYTHON_CONNECT) return;
  Comlink.expose(new PythonWorker(event.data.events), event.data.rpc);
});
