/**
 * The one way Cove runs Python: the Run button, "run selection" and the agent's run_python
 * tool all call {@link PythonRuntime.run}. This file holds the public contract only; the
 * real implementation is PythonRuntimeClient (Pyodide in a worker), the in-memory one
 * MemoryPythonRuntime (scripted, for tests and demos).
 */
import type { FileChange } from '../store/file-store';
import type { FileMeta, FileRecord } from '../store/records';
import type { BootStep } from './python-protocol';

/** Default execution budget of one run, in milliseconds (package loading not counted). */
export const DEFAULT_RUN_TIMEOUT_MS = 30_000;

/**
 * Most output one run keeps and shows, in UTF-16 code units of decoded text, stdout and
 * stderr together (1 Mi characters, about 1 MB of ASCII). Output past it is dropped and the
 * run says so (`outputTruncated`, `droppedBytes`).
 */
export const OUTPUT_LIMIT_CHARS = 1024 * 1024;

/** The streams Python writes to. */
export type OutputStream = 'stdout' | 'stderr';

/** A piece of output, in the order it was written. */
export interface OutputChunk {
  stream: OutputStream;
  text: string;
  /**
   * True for the echo of a line `input()` read (stream `stdout`), shown in the output the
   * way a terminal shows what was typed. It is not part of `RunResult.stdout`.
   */
  input?: boolean;
}

/** What to run. Either `code`, or `path` alone to run that workspace file as saved. */
export interface RunRequest {
  /**
   * Python source to run. When absent, the workspace file at `path` is read after the
   * files are synced, and run.
   */
  code?: string;
  /**
   * Workspace-relative path of the file the code belongs to: it names the code in
   * tracebacks, is `sys.argv[0]` and `__file__` (absolute inside the worker), and its folder
   * is `sys.path[0]`. Without it the code runs as `<string>` from the workspace root.
   */
  path?: string;
  /**
   * 1-based line of `path` where `code` starts (running a selection), so line numbers in
   * errors and tracebacks are the file's. Default 1.
   */
  firstLine?: number;
  /** Program arguments: `sys.argv[1:]`. */
  argv?: readonly string[];
  /** Text that `input()` and `sys.stdin` read; at its end `input()` raises EOFError. */
  stdin?: string;
  /**
   * Execution budget in milliseconds, counted from the moment the code starts executing
   * (after files are synced and packages loaded). Default: the runtime's setting.
   */
  timeoutMs?: number;
}

/**
 * The workspace a run sees: its files are synced into the worker before the run, and what
 * the run changed is applied back in one batch. WorkspaceFiles (src/workspace) fits.
 */
export interface RunWorkspace {
  readonly workspaceId: string;
  list(): Promise<FileMeta[]>;
  listWithContent(): Promise<FileRecord[]>;
  find(path: string): Promise<FileRecord | undefined>;
  apply(changes: FileChange[]): Promise<FileRecord[]>;
}

/** How to run: where the files come from, who hears the events, how to stop. */
export interface RunOptions {
  /**
   * The workspace to sync in and write back to. Without it the run uses whatever the
   * worker's workspace folder holds and no changes are collected (a scratch run).
   */
  files?: RunWorkspace;
  /** Called with every event of the run, in order. A listener that throws is ignored. */
  onEvent?: (event: RunEvent) => void;
  /** Aborting stops the run like {@link PythonRuntime.stop}: status `killed`. */
  signal?: AbortSignal;
}

/** Steps before the code executes, for a progress line. */
export type PreparingStep = 'starting-runtime' | 'syncing-files' | 'loading-packages';

/** Why a run is being stopped. */
export type StopReason = 'timeout' | 'stop';

/**
 * Events of one run, in this order: `preparing`* → `started` → (`output` | `figure` |
 * `output-truncated`)* → `stopping`? . The final state is the RunResult, not an event.
 */
export type RunEvent =
  | { type: 'preparing'; step: PreparingStep; packages?: string[] }
  | {
      type: 'started';
      /** Epoch milliseconds when execution began, as the worker measured it. */
      startedAt: number;
    }
  | {
      type: 'output';
      stream: OutputStream;
      text: string;
      /** The echo of a line `input()` read; see {@link OutputChunk.input}. */
      input?: boolean;
    }
  | {
      type: 'output-truncated';
      /** The cap that was reached, in characters. */
      limitChars: number;
    }
  | { type: 'figure'; figure: RunFigure }
  | { type: 'stopping'; reason: StopReason };

/**
 * How a run ended. `ok`: finished (also `sys.exit(0)`); `error`: an exception, a syntax
 * error or a non-zero exit; `timeout`: stopped at its time budget; `killed`: stopped by the
 * user; `crashed`: the worker died (out of memory, fatal error) and was replaced.
 */
export type RunStatus = 'ok' | 'error' | 'timeout' | 'killed' | 'crashed';

/** One line of a traceback, outermost call first. */
export interface TracebackFrame {
  /** Workspace-relative path when `inWorkspace`, else the name Python gives (`<string>`, a stdlib path). */
  file: string;
  /** 1-based line number. */
  line: number;
  /** Function name (`<module>` at top level). */
  name: string;
  /** The source line, stripped, when known. */
  code?: string;
  /** True when `file` is a workspace file the UI can open at `line`. */
  inWorkspace: boolean;
}

/** An exception that ended a run, or the syntax error that kept it from starting. */
export interface PythonException {
  /** Qualified type name: `ValueError`, `json.decoder.JSONDecodeError`. */
  type: string;
  message: string;
  /** The traceback as Python prints it, without Cove's own frames. */
  traceback: string;
  frames: TracebackFrame[];
  /** `compile`: a syntax error found before anything ran; `run`: raised while running. */
  phase: 'compile' | 'run';
  /** For syntax errors: the file (workspace-relative when inside it), as for frames. */
  file?: string;
  /** For syntax errors: 1-based line and column (UTF-16 code units) of the error. */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/**
 * A matplotlib figure the run showed or left open, as a PNG image whose bytes were checked
 * to be a PNG when they left the sandbox.
 */
export interface RunFigure {
  mimeType: 'image/png';
  bytes: Uint8Array;
}

/** A change the run made that was not applied as is, and what happened instead. */
export interface FileConflict {
  path: string;
  /**
   * `edited-during-run`: you changed the file while the run did too — your version is kept
   * and the run's version saved as `copy`. `deleted-during-run`: you deleted a file the run
   * wrote — the run's version is restored. `kept-edited`: the run deleted a file you changed
   * meanwhile — it is kept.
   */
  kind: 'edited-during-run' | 'deleted-during-run' | 'kept-edited';
  /** Where the run's version went, for `edited-during-run`. */
  copy?: string;
}

/** A change the run made that could not be brought into the workspace. */
export interface SkippedChange {
  path: string;
  reason: string;
}

/** What a run did to the workspace, as applied. Paths are workspace-relative. */
export interface ChangedFiles {
  /** Files and folders created or modified, as now stored. */
  written: string[];
  deleted: string[];
  conflicts: FileConflict[];
  skipped: SkippedChange[];
  /** Set when the batch could not be applied at all (e.g. storage full); nothing was written. */
  error?: string;
}

/** A package a run needed that could not be loaded. */
export interface PackageFailure {
  name: string;
  /** For people: "could not load numpy: offline and not cached". */
  message: string;
}

/** Everything a finished run produced. */
export interface RunResult {
  status: RunStatus;
  /** All stdout (within the output cap). */
  stdout: string;
  /** All stderr (within the output cap). */
  stderr: string;
  /** stdout and stderr interleaved as written (adjacent pieces of one stream merged). */
  output: OutputChunk[];
  /** True when output passed OUTPUT_LIMIT_CHARS and the rest was dropped. */
  outputTruncated: boolean;
  /** UTF-8 bytes written after the cap and not kept. */
  droppedBytes: number;
  exception?: PythonException;
  /** For people, when the status needs words: why it stopped, what to do next. */
  message?: string;
  /** The `sys.exit()` code when the code called it. */
  exitCode?: number;
  /** Execution time in milliseconds, excluding file sync and package loading. */
  duration: number;
  changedFiles: ChangedFiles;
  figures: RunFigure[];
  packages: { loaded: string[]; failed: PackageFailure[] };
}

/** Whether the runtime can take a run now, for a status line. */
export type RuntimePhase = 'stopped' | 'starting' | 'ready' | 'running' | 'stopping' | 'failed';

/** The runtime's state as the UI shows it. */
export interface RuntimeStatus {
  phase: RuntimePhase;
  /** True when Stop can interrupt Python without restarting it (cross-origin isolated). */
  canInterrupt: boolean;
  /** True when a pre-booted spare is ready to take over after a kill. */
  spareReady: boolean;
  /** How the current interpreter started. */
  boot?: { fromSnapshot: boolean; bootMs: number };
  /** What the start does now, while `phase` is `starting`. */
  bootStep?: BootStep;
  /** Why the runtime cannot start, when `phase` is `failed`. */
  error?: string;
}

/**
 * Python for Cove. Runs are serialized: a run that arrives while another is active waits
 * for it. `run` never throws for anything the code does; it rejects only on misuse (a bad
 * path in the request) or after `dispose`.
 */
export interface PythonRuntime {
  /** Runs code; resolves when it ended, however it ended. */
  run(request: RunRequest, options?: RunOptions): Promise<RunResult>;
  /** Stops the active run (status `killed`); no-op when idle. */
  stop(): void;
  /** Replaces the interpreter with a fresh one; an active run is stopped first. */
  restart(): Promise<void>;
  /** Starts the interpreter ahead of the first run (page load), so that run does not wait. */
  start(): void;
  status(): RuntimeStatus;
  /** Calls `listener` on every status change; returns its unsubscribe. */
  subscribe(listener: (status: RuntimeStatus) => void): () => void;
  /** Stops everything; later calls reject. */
  dispose(): void;
}

/** An empty ChangedFiles. */
export function noChangedFiles(): ChangedFiles {
  return { written: [], deleted: [], conflicts: [], skipped: [] };
}
