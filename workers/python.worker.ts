/// <reference lib="webworker" />
// The Python worker: one Pyodide interpreter, the workspace mirror, and the run harness.
// It runs inside Cove's sandbox frame (an opaque origin: no access to Cove's storage, its
// page or, unless the person allows it, the network; see src/runtime/sandbox/) and is
// reached only through the ports of python-protocol.ts; it is handed no secrets. The page
// hands over Pyodide's core files and, when it has one, a memory snapshot of a booted
// interpreter (~0.7 s instead of 4–6 s); a cold boot returns a new snapshot for the page
// to keep.
import { loadPyodide } from 'pyodide';
import type { Lockfile, PyodideInterface } from 'pyodide';
import runnerSource from '../src/runtime/python-runner.py?raw';
import mplBackendSource from '../src/runtime/python-mpl-backend.py?raw';
import { OutputBatcher } from '../src/runtime/output-batcher';
import { OutputDecoder } from '../src/runtime/output-decoder';
import { InterruptSource } from '../src/runtime/interrupt-source';
import { describePackageFailure, probePackageUrl } from '../src/runtime/package-errors';
import {
  PYTHON_CONNECT,
  PYTHON_MEMORY_LIMIT_BYTES,
  WORKSPACE_DIR,
  BOOT_RUN_ID,
  type BootStep,
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
  type WorkerBootOptions,
  type WorkerRunRequest,
} from '../src/runtime/python-protocol';
import type { OutputStream } from '../src/runtime/python-runtime';
import { pyodideWorkerFs, type EmscriptenFsLike } from '../src/runtime/pyodide-worker-fs';
import { guardNetworkApis, type NetworkScope } from '../src/runtime/sandbox/network-guard';
import { makeSandboxFetch, type ServedFile } from '../src/runtime/sandbox/sandbox-fetch';
import {
  openSandboxWorkerChannel,
  transferring,
  type SandboxWorkerChannel,
} from '../src/runtime/sandbox/sandbox-worker-channel';
import { blockedConnectionMessage, type PythonNetworkAccess } from '../src/runtime/python-network';
import { WorkspaceMirror } from '../src/runtime/workspace-mirror';

declare const self: DedicatedWorkerGlobalScope;

/** Environment of the interpreter; part of the snapshot, so part of its key. */
const PYTHON_ENV = { HOME: '/home/pyodide', PYTHONDONTWRITEBYTECODE: '1' };
const LIB_DIR = '/cove/lib';
/**
 * Where Pyodide believes its core files are. Never fetched from the network: the sandbox's
 * fetch serves these URLs from the bytes the page handed over.
 */
const CORE_URL = 'https://pyodide.cove.invalid/';
/** Touches what most runs use: output, stdin, an import, an exception with a traceback. */
const WARM_UP_CODE = [
  'import sys, json',
  'print("warm", input(), json.dumps([1]))',
  'print("warm", file=sys.stderr)',
  'def fail():',
  '    raise ValueError("warm")',
  'fail()',
].join('\n');

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
  /** Refusals already explained in this run's output. */
  explained: Set<string>;
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
  private network: PythonNetworkAccess = 'package-index';
  /** Import name → lock-file package name, and package → its lock entry. */
  private readonly importToPackage = new Map<string, string>();
  private readonly packages = new Map<string, { fileName: string; imports: string[] }>();
  private seq = 0;
  /** While true, events are not posted (the warm-up run). */
  private muted = false;
  private active: ActiveRun | undefined;
  private fatal: string | undefined;

  constructor(private readonly channel: SandboxWorkerChannel) {
    // A connection the sandbox's policy refused: the program sees only "Failed to fetch" or
    // a bare exception, so its output says what was blocked and where to allow it.
    self.addEventListener('securitypolicyviolation', (event) => {
      const violation = event as Event & { effectiveDirective?: string; blockedURI?: string };
      if (violation.effectiveDirective !== 'connect-src') return;
      this.explainBlocked(blockedConnectionMessage(violation.blockedURI || 'a host', this.network));
    });
  }

  /** Says in the run's output (once per message) why a connection was refused. */
  private explainBlocked(message: string): void {
    const run = this.active;
    if (!run || run.batcher.truncated || run.explained.has(message)) return;
    run.explained.add(message);
    run.batcher.write('stderr', `[Cove] ${message}\n`);
  }

  async boot(options: WorkerBootOptions): Promise<BootReport> {
    if (this.py) throw new Error('This worker has already booted.');
    if (!options.core) throw new Error("The page did not hand over Pyodide's core files.");
    const started = performance.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => {
      phases[name] = Math.round(performance.now() - started);
    };
    this.packageIndexUrl = options.packageIndexUrl;
    this.network = options.network;
    this.interruptBuffer = options.interruptBuffer;
    const { core } = options;
    const step = (name: BootStep) => this.post(BOOT_RUN_ID, { type: 'boot-step', step: name });
    // The snapshot is a Blob handle: reading it (tens of MB) overlaps the loader's import.
    const snapshotBytes = options.useSnapshot
      ? options.snapshot?.arrayBuffer().then((bytes) => new Uint8Array(bytes))
      : undefined;
    snapshotBytes?.catch(() => undefined);
    const lockFile = JSON.parse(new TextDecoder().decode(core.lockFile)) as Lockfile;
    // Pyodide fetches its files with the global fetch: serve the core from the bytes the
    // page handed over, and ask the page for package files (it applies the network setting).
    const files = new Map<string, ServedFile>([
      [`${CORE_URL}pyodide.asm.wasm`, { bytes: core.wasm, contentType: 'application/wasm' }],
      [`${CORE_URL}python_stdlib.zip`, { bytes: core.stdlib, contentType: 'application/zip' }],
      [`${CORE_URL}pyodide-lock.json`, { bytes: core.lockFile, contentType: 'application/json' }],
    ]);
    const explain = (message: string) => this.explainBlocked(message);
    self.fetch = makeSandboxFetch({
      files,
      routed: (url) =>
        url.startsWith(options.packageIndexUrl) ||
        (!!options.lockFileUrl && url === options.lockFileUrl),
      host: this.channel.host,
      fallback: guardNetworkApis(
        self as unknown as NetworkScope,
        self.fetch.bind(self),
        (url) =>
          options.network === 'any' ? undefined : blockedConnectionMessage(url, options.network),
        explain,
      ),
      onRefused: explain,
    });
    // The loader cannot be imported from Cove's origin here; a blob URL of its bytes can.
    const loaderUrl = URL.createObjectURL(new Blob([core.loader], { type: 'text/javascript' }));
    const asm = (await import(/* @vite-ignore */ loaderUrl)) as { default: CreatePyodideModule };
    URL.revokeObjectURL(loaderUrl);
    mark('loader');
    const config = () => ({
      indexURL: CORE_URL,
      packageBaseUrl: options.packageIndexUrl,
      lockFileContents: Promise.resolve(lockFile),
      createPyodideModule: asm.default,
      env: { ...PYTHON_ENV },
      stdout: () => {},
      stderr: () => {},
    });
    let snapshot: SnapshotOutcome = options.useSnapshot ? 'created' : 'disabled';
    let snapshotError: string | undefined;
    let newSnapshot: ArrayBuffer | undefined;
    let py: Py | undefined;

    if (snapshotBytes) {
      step('restoring-snapshot');
      try {
        py = await loadPyodide({
          ...config(),
          _loadSnapshot: snapshotBytes,
        });
        snapshot = 'loaded';
      } catch (error) {
        snapshotError = `the cached snapshot did not boot: ${describe(error)}`;
      }
    }
    if (!py) {
      step('starting-interpreter');
      py = await loadPyodide({
        ...config(),
        ...(options.useSnapshot ? { _makeSnapshot: true } : {}),
      });
      installRunner(py);
      if (options.useSnapshot) {
        mark('booted');
        step('saving-snapshot');
        try {
          const image = py.makeMemorySnapshot();
          newSnapshot =
            image.buffer.byteLength === image.byteLength && image.byteOffset === 0
              ? (image.buffer as ArrayBuffer)
              : image.slice().buffer;
          mark('snapshot-made');
        } catch (error) {
          snapshot = 'failed';
          snapshotError = `making the snapshot failed: ${describe(error)}`;
        }
      }
    }
    files.clear();
    mark('interpreter');
    step('setting-up');
    this.afterBoot(py);
    mark('set-up');
    if (options.warmUp) {
      step('warming-up');
      await this.warmUp();
    }
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
    if (newSnapshot) {
      report.newSnapshot = newSnapshot;
      return transferring(report, [newSnapshot]);
    }
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
      explained: new Set(),
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
          if (parsed.outcome === 'interrupted' && this.signals?.exceededMemory) {
            parsed = asMemoryError(parsed);
          }
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
      return transferring(outcome, buffers as ArrayBuffer[]);
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
    this.signals = new InterruptSource(this.interruptBuffer, () => performance.now(), {
      bytes: () => memoryBytes(py),
      limit: PYTHON_MEMORY_LIMIT_BYTES,
    });
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
    this.channel.postEvent(message, transfer);
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

/**
 * The interrupt the memory ceiling raised, told as what it is: a MemoryError at the line
 * that allocated, with Cove's limit in the message.
 */
function asMemoryError(parsed: ParsedOutcome): ParsedOutcome {
  const message = `the program used more than ${PYTHON_MEMORY_LIMIT_BYTES / 1024 ** 3} GB of memory, the most a run may use in Cove`;
  const interrupt = parsed.exception;
  const traceback = interrupt?.traceback.replace(/KeyboardInterrupt\s*$/, '') ?? '';
  return {
    outcome: 'exception',
    exception: {
      type: 'MemoryError',
      message,
      traceback: `${traceback}MemoryError: ${message}\n`,
      frames: interrupt?.frames ?? [],
      phase: 'run',
    },
  };
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

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

self.addEventListener('message', function connect(event: MessageEvent<PythonConnectMessage>) {
  if (event.data?.type !== PYTHON_CONNECT) return;
  // Connected once: later messages (from Python itself, through `js.postMessage`) are ignored.
  self.removeEventListener('message', connect);
  const channel = openSandboxWorkerChannel(event.data.channel);
  channel.serve(new PythonWorker(channel));
});
