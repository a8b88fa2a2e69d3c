import type { Command, ExecResult, ResolvedCommandContext } from 'just-bash';
import { changedPaths } from '../python/python-run-report';
import type { PythonToolRequest, PythonToolRunner } from '../python/python-tool-runner';
import { workspaceTraceback } from '../python/traceback-text';
import type { ToolUpdateSink } from '../tool';
import { streamOutput } from '../python/run-python-tool';
import { parsePipArgs, PIP_TIMEOUT_MS, pipInstallCode, requirementsOf } from './pip-install';

/** Where bash sees the workspace. */
export const BASH_WORKSPACE = '/workspace';

/** What bare `python` says, with nothing piped in. */
export const NO_PROMPT =
  "python: there is no interactive prompt here. Run a file (python main.py), code (python -c 'print(1)') or piped code (echo 'print(1)' | python).\n";

/** just-bash pipes carry bytes as latin1 strings; Python reads text. */
function utf8FromByteString(bytes: string): string {
  return new TextDecoder().decode(Uint8Array.from(bytes, (ch) => ch.charCodeAt(0) & 0xff));
}

/**
 * What a `python …` command line asks for, or the usage error to print; `python -m pip`
 * is pip's (its arguments in `pip`).
 */
export function parsePythonArgs(
  argv: readonly string[],
  resolve: (path: string) => string | undefined,
): { request: PythonToolRequest; readsStdin: boolean } | { error: string } | { pip: string[] } {
  let i = 0;
  // Interpreter flags that change nothing here (-u unbuffered, -B no .pyc, …).
  while (i < argv.length && /^-[uBqsSEIOW]+$/.test(argv[i]!)) i++;
  const first = argv[i];
  if (first === '-m' && argv[i + 1] === 'pip') return { pip: argv.slice(i + 2) };
  if (first === '--version' || first === '-V') {
    return {
      request: { code: 'import sys; print("Python " + sys.version.split()[0])' },
      readsStdin: false,
    };
  }
  if (first === '-c') {
    const code = argv[i + 1];
    if (code === undefined) return { error: 'python: argument expected for the -c option' };
    return { request: { code, argv: argv.slice(i + 2) }, readsStdin: true };
  }
  if (first === '-m') {
    const module = argv[i + 1];
    if (!module) return { error: 'python: argument expected for the -m option' };
    const code = `import runpy, sys\nsys.argv[0] = ${JSON.stringify(module)}\nrunpy.run_module(${JSON.stringify(module)}, run_name="__main__", alter_sys=True)`;
    return { request: { code, argv: argv.slice(i + 2) }, readsStdin: true };
  }
  if (first === undefined || first === '-') {
    return { request: { argv: argv.slice(i + 1) }, readsStdin: false };
  }
  if (first.startsWith('-')) return { error: `python: option ${first} is not supported here` };
  const path = resolve(first);
  if (!path) return { error: `python: can't open file '${first}': only workspace files can run` };
  return { request: { path, argv: argv.slice(i + 1) }, readsStdin: true };
}

/** Exit status of a run as a shell sees it: timeout 124 (as `timeout`), Stop 130 (Ctrl-C). */
function exitCodeOf(status: string, exitCode: number | undefined): number {
  if (status === 'ok') return exitCode ?? 0;
  if (status === 'timeout') return 124;
  if (status === 'killed') return 130;
  return exitCode && exitCode > 0 ? exitCode : 1;
}

/**
 * `python` and `python3` for bash, run in Cove's Python runtime rather than just-bash's
 * own: the workspace's files (including what the command wrote so far, already stored)
 * are synced in, what the run writes comes back to the workspace. `python script.py`,
 * `python -c CODE`, `python -m MODULE`, and code on stdin (`python - < x.py`,
 * `echo 'print(1)' | python`). The current folder inside Python is the workspace root.
 * `pip install` and `python -m pip install` are runs too (pip-install.ts).
 */
export function pythonCommands(options: {
  runner: PythonToolRunner;
  /** Budget of each run; absent: the runtime's own setting (Settings → Python). */
  timeoutMs?: number;
  /** Where output streams as it comes; read at each run. */
  update: ToolUpdateSink;
  /** Called after each run with the paths it changed (the adapter reloads its listing). */
  afterRun: (changed: string[]) => Promise<void>;
}): Command[] {
  const run = async (request: PythonToolRequest, ctx: ResolvedCommandContext) => {
    if (request.timeoutMs === undefined && options.timeoutMs !== undefined) {
      request.timeoutMs = options.timeoutMs;
    }
    const result = await options.runner.run(request, {
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      onEvent: streamOutput(options.update),
    });
    await options.afterRun(changedPaths(result.changedFiles));
    let stderr = result.stderr;
    if (result.exception?.traceback) stderr += workspaceTraceback(result.exception.traceback);
    else if (result.status !== 'ok' && result.message) stderr += `python: ${result.message}\n`;
    if (result.changedFiles.error) {
      stderr += `python: files not saved: ${result.changedFiles.error}\n`;
    }
    return {
      stdout: result.stdout,
      stderr,
      exitCode: exitCodeOf(result.status, result.exitCode),
    };
  };

  const pip = async (argv: string[], ctx: ResolvedCommandContext): Promise<ExecResult> => {
    const parsed = parsePipArgs(argv);
    if ('print' in parsed) {
      const stream = parsed.exitCode === 0 ? 'stdout' : 'stderr';
      return { stdout: '', stderr: '', [stream]: parsed.print, exitCode: parsed.exitCode };
    }
    const names = [...parsed.install];
    for (const file of parsed.requirementFiles) {
      try {
        names.push(...requirementsOf(await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, file))));
      } catch {
        const message = `ERROR: Could not open requirements file: '${file}'\n`;
        return { stdout: '', stderr: message, exitCode: 1 };
      }
    }
    if (!names.length) return { stdout: '', stderr: '', exitCode: 0 };
    // Downloads count as execution here (the run loads them itself), so pip gets its own
    // budget rather than a script's.
    return run({ code: pipInstallCode(names), timeoutMs: PIP_TIMEOUT_MS }, ctx);
  };

  const python = async (argv: string[], ctx: ResolvedCommandContext): Promise<ExecResult> => {
    const parsed = parsePythonArgs(argv, (file) => {
      const absolute = ctx.fs.resolvePath(ctx.cwd, file);
      return absolute.startsWith(`${BASH_WORKSPACE}/`)
        ? absolute.slice(BASH_WORKSPACE.length + 1)
        : undefined;
    });
    if ('error' in parsed) return { stdout: '', stderr: `${parsed.error}\n`, exitCode: 2 };
    if ('pip' in parsed) return pip(parsed.pip, ctx);
    // A ByteString is a latin1 string at run time; the browser entry does not export its
    // decoder, so it is read as the string it is.
    const stdin = utf8FromByteString((ctx.stdin as unknown as string | undefined) ?? '');
    const request: PythonToolRequest = { ...parsed.request };
    if (request.code === undefined && request.path === undefined) {
      // Bare `python` would start an interactive prompt, which this shell does not have:
      // say so rather than run nothing and return as if it had.
      if (!stdin.trim() && !argv.includes('-'))
        return { stdout: '', stderr: NO_PROMPT, exitCode: 2 };
      request.code = stdin;
    } else if (parsed.readsStdin && stdin) request.stdin = stdin;
    return run(request, ctx);
  };
  return [
    ...['python', 'python3'].map((name) => ({ name, trusted: true, execute: python })),
    ...['pip', 'pip3'].map((name) => ({ name, trusted: true, execute: pip })),
  ];
}
