import { describeError } from '../../base/errors';
import type { ApprovalCard } from '../approval-card';
import { firstLine, stringArgument } from '../call-summary';
import { errorResult, parsePath } from '../files/file-tool-results';
import type { Tool, ToolContext } from '../tool';
import { pythonRunReport } from './python-run-report';
import type { PythonToolContext } from './python-tool-context';
import type { PythonToolEvent } from './python-tool-runner';
import { outputBudget } from './tool-output';

export type RunPythonArgs = { code?: string; path?: string; timeout_seconds?: number };

/** Time budget of a run when the call names none, in seconds. */
export const DEFAULT_PYTHON_TIMEOUT_S = 15;
/** Largest time budget a call may ask for, in seconds. */
export const MAX_PYTHON_TIMEOUT_S = 300;

/** Streams a run's output (not `input()` echoes) to the timeline. */
export function streamOutput(update: ToolContext['update']) {
  return (event: PythonToolEvent) => {
    if (event.type === 'output' && event.stream && event.text && !event.input) {
      update({ stream: event.stream, text: event.text });
    }
  };
}

/**
 * The approval card of a run: the code in full. A run by path (without code) runs the file
 * as it is now, so that is the code shown; a file that cannot be read says why.
 */
async function runPythonCard(
  args: RunPythonArgs,
  context: PythonToolContext,
): Promise<ApprovalCard> {
  const { code, path } = args;
  const title = path && !code ? `Run ${path}` : 'Run Python';
  const shown = (text: string, problem?: string): ApprovalCard => ({
    title,
    view: { kind: 'code', language: 'python', code: text, ...(path ? { path } : {}) },
    ...(problem ? { problem } : {}),
  });
  if (code || !path) return shown(code ?? '');
  try {
    const row = await context.files.find(path);
    if (typeof row?.content === 'string') return shown(row.content);
    return shown('', `${path} is not in the workspace or is not a text file.`);
  } catch (error) {
    return shown('', `Could not read ${path}: ${describeError(error)}`);
  }
}

/**
 * run_python: runs code, or a workspace file, in Cove's Python (Pyodide in a worker) over
 * the workspace files. Reports stdout, stderr, status (ok, error, timeout, stopped), the
 * traceback, duration, the files the run changed, and figures as images. Output streams
 * to the timeline while it runs; Stop (context.signal) kills the run.
 */
export const runPythonTool: Tool<RunPythonArgs, PythonToolContext> = {
  name: 'run_python',
  description: `Run Python 3 (Pyodide, in the browser) with the workspace as the current folder: pass \`code\`, or \`path\` of a workspace .py file to run it as saved (with both, the code runs as that file). Returns stdout, stderr, status, the traceback and files changed; matplotlib figures come back as images. Files the code writes are saved to the workspace. Pure-Python and Pyodide packages are installed on import; no network for the code, no subprocesses. Time limit ${DEFAULT_PYTHON_TIMEOUT_S} s unless timeout_seconds says otherwise.`,
  parameters: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'Python source to run.' },
      path: {
        type: 'string',
        description: 'Workspace path of a .py file to run (or the name the code runs as).',
      },
      timeout_seconds: {
        type: 'number',
        minimum: 1,
        maximum: MAX_PYTHON_TIMEOUT_S,
        description: `Time limit in seconds (default ${DEFAULT_PYTHON_TIMEOUT_S}, at most ${MAX_PYTHON_TIMEOUT_S}).`,
      },
    },
    additionalProperties: false,
  },
  approval: 'code',
  needs: 'python',
  streamsOutput: true,
  promptHint: 'Run code with run_python to test your changes; read the traceback when it fails.',
  summarize: (args) =>
    stringArgument(args, 'path') ?? firstLine(stringArgument(args, 'code') ?? ''),
  describeApproval: runPythonCard,
  async preview(args) {
    const timeout = args.timeout_seconds ?? DEFAULT_PYTHON_TIMEOUT_S;
    if (args.code === undefined && args.path === undefined) {
      return { summary: 'Run Python', error: 'Give code to run, or the path of a file.' };
    }
    const what = args.code !== undefined ? `code${args.path ? ` as ${args.path}` : ''}` : args.path;
    return { summary: `Run Python ${what} (limit ${timeout} s)` };
  },
  async execute(args, context) {
    if (args.code === undefined && args.path === undefined) {
      return errorResult('Give `code` to run, or the `path` of a workspace .py file.');
    }
    let path: string | undefined;
    if (args.path !== undefined) {
      const parsed = parsePath(args.path);
      if (!parsed.ok) return parsed.result;
      path = parsed.path;
      if (args.code === undefined) {
        const file = await context.files.find(path);
        if (!file || file.kind !== 'file') {
          return errorResult(`${path} does not exist. Check the name with list_files.`);
        }
      }
    }
    const timeoutMs = Math.round(
      Math.min(
        Math.max(args.timeout_seconds ?? DEFAULT_PYTHON_TIMEOUT_S, 1),
        MAX_PYTHON_TIMEOUT_S,
      ) * 1000,
    );
    const run = await context.python.run(
      {
        ...(args.code !== undefined ? { code: args.code } : {}),
        ...(path !== undefined ? { path } : {}),
        timeoutMs,
      },
      { signal: context.signal, onEvent: streamOutput(context.update) },
    );
    return pythonRunReport(run, { budget: outputBudget(context), timeoutMs, label: 'Python' });
  },
};
