/**
 * How the agent's Python tools (run_python, python_structure, `python` inside bash) run
 * code. Shaped as the subset of PythonRuntime.run (src/runtime/python-runtime.ts) these
 * tools use, so the app wires the real runtime in one line, with the open workspace's files:
 *
 *   const python: PythonToolRunner = {
 *     run: (request, options) => runtime.run(request, { ...options, files: workspaceFiles }),
 *   };
 *
 * The tools layer sits below the runtime, so the types are restated here rather than
 * imported; the compiler checks that a RunResult fits them where the app wires it.
 */

/** What to run: `code`, or `path` alone to run that workspace file as saved. */
export interface PythonToolRequest {
  code?: string;
  /** Workspace-relative path: names the code in tracebacks, `__file__`, `sys.path[0]`. */
  path?: string;
  /** `sys.argv[1:]`. */
  argv?: readonly string[];
  /** What `input()` and `sys.stdin` read. */
  stdin?: string;
  /** Execution budget in milliseconds (package loading and file sync not counted). */
  timeoutMs?: number;
}

/**
 * An event of a run. Only output matters to the tools (it streams to the timeline); the
 * rest (preparing, started, figure, stopping) is accepted and ignored, which is why the
 * type is this loose: any RunEvent fits it.
 */
export interface PythonToolEvent {
  type: string;
  stream?: 'stdout' | 'stderr';
  text?: string;
  /** The echo of a line `input()` read: not program output. */
  input?: boolean;
}

/** How a run ended; `killed` is Stop, `crashed` a worker that died and was replaced. */
export type PythonToolRunStatus = 'ok' | 'error' | 'timeout' | 'killed' | 'crashed';

/** The exception that ended a run, or the syntax error that kept it from starting. */
export interface PythonToolException {
  type: string;
  message: string;
  /** As Python prints it, without Cove's own frames. */
  traceback: string;
  phase: 'compile' | 'run';
}

/** What a run did to the workspace, as applied (workspace-relative paths). */
export interface PythonToolChangedFiles {
  written: string[];
  deleted: string[];
  conflicts: { path: string; kind: string; copy?: string }[];
  skipped: { path: string; reason: string }[];
  /** Set when nothing could be written back (e.g. storage full). */
  error?: string;
}

/** A finished run, as the tools read it. */
export interface PythonToolRunResult {
  status: PythonToolRunStatus;
  stdout: string;
  stderr: string;
  /** True when output passed the runtime's cap and the rest was dropped. */
  outputTruncated: boolean;
  exception?: PythonToolException;
  /** Why it stopped, when the status needs words. */
  message?: string;
  exitCode?: number;
  /** Execution time in milliseconds. */
  duration: number;
  changedFiles: PythonToolChangedFiles;
  figures: { mimeType: 'image/png'; bytes: Uint8Array }[];
}

/**
 * Runs Python over the open workspace: syncs its files in, writes what the code changed
 * back, streams events to `onEvent`, stops (status `killed`) when `signal` aborts. Never
 * rejects for anything the code does.
 */
export interface PythonToolRunner {
  run(
    request: PythonToolRequest,
    options: { signal?: AbortSignal; onEvent?: (event: PythonToolEvent) => void },
  ): Promise<PythonToolRunResult>;
}
