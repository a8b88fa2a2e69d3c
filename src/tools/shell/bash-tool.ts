import { firstLine, stringArgument } from '../call-summary';
import { errorResult } from '../files/file-tool-results';
import { excerpt, formatSeconds, outputBudget, shareBudget } from '../python/tool-output';
import type { Tool, ToolResult } from '../tool';
import type { BashToolContext } from './bash-tool-context';
import { createWorkspaceShell } from './workspace-shell';

export type BashArgs = { command: string; timeout_seconds?: number };

/** Time budget of a command when the call names none, in seconds. */
export const DEFAULT_BASH_TIMEOUT_S = 30;
/** Largest time budget a call may ask for, in seconds. */
export const MAX_BASH_TIMEOUT_S = 300;
export { MAX_BASH_OUTPUT_BYTES } from './workspace-shell';

/**
 * bash: a command line in just-bash (a bash interpreter in JavaScript, with ls, cat, grep,
 * sed, awk, find, jq and the like) over the workspace at /workspace, built by
 * createWorkspaceShell (the terminal's shell too): reads come from the store, writes follow
 * write_file's rules. No network (curl does not exist), execution limits on (just-bash's
 * hardened profile, a time budget, an output cap). `python`/`python3` run in Cove's Python
 * runtime. Each call gets a fresh shell: nothing but the workspace carries over.
 */
export const bashTool: Tool<BashArgs, BashToolContext> = {
  name: 'bash',
  description: `Run a bash command line over the workspace (current folder /workspace; /tmp is scratch space that is not kept). A simulated shell: pipes, redirects, loops and common tools (ls, cat, grep, rg, sed, awk, find, sort, wc, head, tail, jq, diff…); no network. \`python\`/\`python3\` run in the workspace's Python; \`pip install\` only loads packages from Pyodide's index (imports load them anyway). Files it writes are saved to the workspace, with write_file's rules: an existing file is only overwritten if you have read it (here or with read_file). Time limit ${DEFAULT_BASH_TIMEOUT_S} s unless timeout_seconds says otherwise.`,
  parameters: {
    type: 'object',
    properties: {
      command: { type: 'string', description: 'The command line to run.' },
      timeout_seconds: {
        type: 'number',
        minimum: 1,
        maximum: MAX_BASH_TIMEOUT_S,
        description: `Time limit in seconds (default ${DEFAULT_BASH_TIMEOUT_S}, at most ${MAX_BASH_TIMEOUT_S}).`,
      },
    },
    required: ['command'],
    additionalProperties: false,
  },
  approval: 'code',
  needs: 'shell',
  streamsOutput: true,
  promptHint: 'bash runs shell commands over the workspace files, without network.',
  summarize: (args) => firstLine(stringArgument(args, 'command') ?? ''),
  async describeApproval(args) {
    return { title: 'Run a command', view: { kind: 'command', command: args.command } };
  },
  async preview(args) {
    return { summary: `Run in bash: ${args.command.split('\n', 1)[0]!.slice(0, 80)}` };
  },
  async execute(args, context) {
    if (!args.command.trim()) return errorResult('Give a command to run.');
    const timeoutMs = Math.round(
      Math.min(Math.max(args.timeout_seconds ?? DEFAULT_BASH_TIMEOUT_S, 1), MAX_BASH_TIMEOUT_S) *
        1000,
    );
    const shell = await createWorkspaceShell({
      files: context,
      python: context.python,
      actor: 'agent',
      timeoutMs,
      pythonTimeoutMs: timeoutMs,
    });
    const started = context.now();
    const result = await shell.exec(args.command, {
      signal: context.signal,
      update: context.update,
    });
    const duration = context.now() - started;
    return bashReport(
      {
        ...result,
        duration,
        changedFiles: result.changedFiles,
        deletedFiles: result.deletedFiles,
        stopped: context.signal.aborted,
      },
      outputBudget(context),
    );
  },
};

/** A finished command as a tool result: exit code, stdout, stderr, changed files. */
export function bashReport(
  run: {
    stdout: string;
    stderr: string;
    exitCode: number;
    duration: number;
    changedFiles: string[];
    /** Of `changedFiles`, those gone after the command. */
    deletedFiles?: string[];
    stopped: boolean;
  },
  budget: number,
): ToolResult {
  const [outBudget, errBudget] = shareBudget([run.stdout.length, run.stderr.length], budget);
  const sections = [
    run.stopped
      ? `Stopped by the user after ${formatSeconds(run.duration)} (exit code ${run.exitCode}).`
      : `Exit code ${run.exitCode} in ${formatSeconds(run.duration)}.`,
  ];
  if (run.stdout) sections.push(`stdout:\n${excerpt(run.stdout, outBudget!)}`);
  if (run.stderr) sections.push(`stderr:\n${excerpt(run.stderr, errBudget!)}`);
  if (!run.stdout && !run.stderr) sections.push('(no output)');
  if (run.changedFiles.length) sections.push(`Files changed: ${run.changedFiles.join(', ')}`);
  const result: ToolResult = {
    content: sections.join('\n\n'),
    details: {
      exitCode: run.exitCode,
      stdout: run.stdout,
      stderr: run.stderr,
      duration: run.duration,
      stopped: run.stopped,
    },
  };
  if (run.exitCode !== 0) result.isError = true;
  if (run.changedFiles.length) result.changedFiles = run.changedFiles;
  if (run.deletedFiles?.length) result.deletedFiles = run.deletedFiles;
  return result;
}
