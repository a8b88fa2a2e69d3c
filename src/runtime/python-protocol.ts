/**
 * The protocol between the Python worker (workers/python.worker.ts) and its client
 * (src/runtime). One typed interface for both sides; DOM-free so the worker (WebWorker lib)
 * and the page (DOM lib) compile it alike.
 *
 * Wiring: the client makes a MessageChannel and posts a {@link PythonConnectMessage} with
 * one end to the worker. Over it travel the closed list of messages of
 * src/runtime/sandbox/sandbox-messages.ts: the page's calls ({@link PythonWorkerApi}) and
 * their answers, the {@link WorkerEvent}s the worker posts without waiting (even while
 * Python runs synchronously), and the worker's requests for package files
 * ({@link SandboxHostApi}). The worker lives behind a sandboxed opaque-origin iframe that
 * only forwards the port (src/runtime/sandbox/). No object of the page is exposed to it.
 */
import type { PythonNetworkAccess } from './python-network';
import type {
  OutputChunk,
  PackageFailure,
  PythonException,
  TracebackFrame,
} from './python-runtime';

/** The folder in the worker's file system that mirrors the workspace; the cwd of every run. */
export const WORKSPACE_DIR = '/workspace';

/**
 * The most memory a run may take (the interpreter's whole heap): past it the run stops with
 * MemoryError. Pyodide's own ceiling is 4 GB, reached only after half a minute of growing.
 */
export const PYTHON_MEMORY_LIMIT_BYTES = 2 * 1024 ** 3;

/** Signal number that raises KeyboardInterrupt (written into the interrupt buffer). */
export const SIGINT = 2;

/**
 * Signal number the client writes to ask a busy interpreter to flush held output
 * (SIGUSR2 in Emscripten's numbering). The run harness handles it in Python, between
 * bytecodes — the only moment a worker that is executing Python can do anything.
 */
export const POKE_SIGNAL = 12;

/** `type` of the message that hands the worker its ports. */
export const PYTHON_CONNECT = 'cove-python-connect';

/** The first message a Python worker receives. */
export interface PythonConnectMessage {
  type: typeof PYTHON_CONNECT;
  /** The worker's end of the sandbox channel (src/runtime/sandbox/sandbox-messages.ts). */
  channel: MessagePort;
}

/**
 * Pyodide's core files. The worker runs in an opaque-origin sandbox that may not fetch from
 * Cove's origin and has no service worker, so the page hands them over (from its offline
 * cache) with every boot. They are Blobs: handles the page gets from Cache Storage without
 * reading them, which the worker reads itself, in parallel and off the page's thread (and
 * the wasm is compiled while it streams in). A Blob is immutable, so every boot shares one.
 */
export interface PyodideCoreFiles {
  /** pyodide.asm.mjs, the Emscripten loader module. */
  loader: Blob;
  wasm: Blob;
  stdlib: Blob;
  /** The lock file in force: Cove's copy or the configured one. */
  lockFile: ArrayBuffer;
}

/** A file the page fetched for the sandbox, or why it would not. */
export type HostFetchResult =
  | { ok: true; status: number; contentType: string; bytes: ArrayBuffer }
  | { ok: false; status: number; message: string };

/**
 * What the page offers the sandboxed worker. Everything it answers is checked against the
 * settings on the page's side: the worker (and so the Python in it) is untrusted.
 */
export interface SandboxHostApi {
  /** A package file (or the configured lock file), if the network setting allows it. */
  fetchPackageFile(url: string): Promise<HostFetchResult>;
}

/** How to boot an interpreter. */
export interface BootOptions {
  /** Absolute URL of the folder holding Pyodide's core files (Cove's own origin). */
  indexUrl: string;
  /** Absolute URL packages are loaded from; ends with "/". */
  packageIndexUrl: string;
  /** What Python may connect to; the sandbox's policy is built from it. */
  network: PythonNetworkAccess;
  /** Lock file to use instead of the one at `indexUrl`. */
  lockFileUrl?: string;
  /**
   * One Int32 over a SharedArrayBuffer, present only when the page is cross-origin
   * isolated: the client writes SIGINT or POKE_SIGNAL into it.
   */
  interruptBuffer?: Int32Array;
  /** Boot from (and save) a memory snapshot. */
  useSnapshot: boolean;
  /**
   * Run a small program before reporting ready, so the first real run does not pay for
   * compiling the interpreter's code paths (~300 ms here). Worth it for a spare, which
   * boots while nobody waits; not for the first boot, where it would only move the cost.
   */
  warmUp: boolean;
}

/**
 * BootOptions as the worker receives them: the sandboxed connection adds the core files and
 * the stored snapshot (if any) that the worker cannot read itself.
 */
export interface WorkerBootOptions extends BootOptions {
  core: PyodideCoreFiles;
  /** A memory snapshot of a booted interpreter made by this same worker code. */
  snapshot?: Blob;
}

/** How the snapshot step of a boot went. */
export type SnapshotOutcome = 'loaded' | 'created' | 'disabled' | 'failed';

/** What a boot reports. */
export interface BootReport {
  fromSnapshot: boolean;
  snapshot: SnapshotOutcome;
  /** Why the snapshot could not be used or saved, when it could not. */
  snapshotError?: string;
  /** Milliseconds from the boot call to a ready interpreter. */
  bootMs: number;
  /** When each step of the boot finished, ms after the boot call (for diagnostics and benchmarks). */
  phases: Record<string, number>;
  pyodideVersion: string;
  pythonVersion: string;
  /** Whether the worker itself is cross-origin isolated (interrupts can land). */
  isolated: boolean;
  /**
   * A snapshot made by a cold boot, for the page to keep (the sandbox has no storage).
   * The connection takes it out of the report.
   */
  newSnapshot?: ArrayBuffer;
}

/** One entry to create or replace in the worker's workspace folder. */
export interface SyncPut {
  /** Workspace-relative, normalized. */
  path: string;
  kind: 'file' | 'folder';
  /** File content; text is written as UTF-8. Absent for folders. */
  content?: string | Uint8Array;
  /** The stored mtime (epoch ms), given to the file so scripts see real dates. */
  mtime: number;
}

/** What changed in the workspace since the last sync into this worker. */
export interface SyncDelta {
  /** Empty the workspace folder first (first sync, or another workspace). */
  reset: boolean;
  /** Paths to remove (with everything below a folder). */
  deletes: string[];
  /** Entries to create or replace, parents before children. */
  puts: SyncPut[];
}

/** An entry the run created or modified. */
export interface WorkspaceWrite {
  path: string;
  kind: 'file' | 'folder';
  /** File bytes; absent for folders. */
  bytes?: Uint8Array;
}

/** What a run changed in the worker's workspace folder, relative to the last sync. */
export interface WorkspaceChanges {
  /** Parents before children. */
  written: WorkspaceWrite[];
  /** Children before parents. */
  deleted: string[];
}

/** A run as the worker receives it: the public RunRequest, resolved. */
export interface WorkerRunRequest {
  runId: string;
  code?: string;
  path?: string;
  firstLine: number;
  argv: string[];
  stdin: string;
  /** Scan the workspace folder afterwards and return what changed. */
  collectChanges: boolean;
  outputLimitChars: number;
  /** Execution budget, ms: the worker interrupts itself when Python is still busy after it. */
  timeoutMs: number;
}

/** How execution ended, as the worker saw it; the client maps it to a RunStatus. */
export type WorkerOutcomeKind = 'ok' | 'exception' | 'interrupted' | 'fatal';

/** The worker's answer to a run. */
export interface WorkerRunOutcome {
  runId: string;
  /** Sequence number of the last event of this run (-1: none); the client waits for it. */
  lastSeq: number;
  outcome: WorkerOutcomeKind;
  exception?: PythonException;
  exitCode?: number;
  /** Execution milliseconds (performance.now in the worker). */
  duration: number;
  /** UTF-8 bytes of output dropped after the cap. */
  droppedBytes: number;
  changes?: WorkspaceChanges;
  packages: { loaded: string[]; failed: PackageFailure[] };
  /** Size of the interpreter's memory after the run, bytes (it never shrinks). */
  memoryBytes: number;
  /** True when the worker's own deadline raised the KeyboardInterrupt (outcome `interrupted`). */
  timedOut?: boolean;
  /** For `fatal`: what broke. The interpreter is unusable after it. */
  fatalMessage?: string;
}

/**
 * The steps of a boot, in order, as the person sees them while Python starts. The page
 * takes the first (Pyodide's files from the cache); the worker says when each next begins.
 * A boot from a snapshot restores it instead of starting and saving.
 */
export const BOOT_STEPS = [
  'loading-files',
  'starting-interpreter',
  'restoring-snapshot',
  'saving-snapshot',
  'setting-up',
  'warming-up',
] as const;
export type BootStep = (typeof BOOT_STEPS)[number];

/** The run id of the events a worker posts while it boots (no run exists yet). */
export const BOOT_RUN_ID = 'boot';

/**
 * Events a worker posts during a run (and, under {@link BOOT_RUN_ID}, while it boots).
 * `seq` counts up across the worker's life.
 */
export type WorkerEvent = { runId: string; seq: number } & (
  | { type: 'boot-step'; step: BootStep }
  | { type: 'packages'; names: string[] }
  | {
      type: 'started';
      /** Epoch ms (performance.timeOrigin + performance.now() in the worker). */
      startedAt: number;
    }
  | { type: 'output'; chunks: OutputChunk[] }
  | { type: 'output-truncated'; limitChars: number }
  | {
      /** Only PNG: the sandbox's matplotlib backend makes nothing else (sandbox-messages.ts). */
      type: 'figure';
      mimeType: 'image/png';
      bytes: Uint8Array;
    }
  | {
      /** Python finished executing; the worker now gathers figures and files. */
      type: 'ended';
      duration: number;
    }
);

/** What the Python worker answers, as calls over its channel. Every method may reject with an Error. */
export interface PythonWorkerApi {
  /** Starts the interpreter. Call once, before anything else. */
  boot(options: BootOptions | WorkerBootOptions): Promise<BootReport>;
  /** Brings the workspace folder up to date. */
  sync(delta: SyncDelta): Promise<void>;
  /** Runs code; events for it arrive on the events port. One run at a time. */
  run(request: WorkerRunRequest): Promise<WorkerRunOutcome>;
}

/** Re-exported so worker code needs only this module for shared shapes. */
export type { OutputChunk, PackageFailure, PythonException, TracebackFrame };
