import { BASH_WORKSPACE } from './python-command';
import type { WorkspaceShell } from './workspace-shell';

/** Where a command's output goes, piece by piece, in the order it is shown. */
export type ShellOutput = (stream: 'stdout' | 'stderr', text: string) => void;

/** How a command line of a session ended. */
export interface SessionCommandResult {
  exitCode: number;
  /** Workspace paths it wrote, created, moved or deleted. */
  changedFiles: string[];
  /** True when it was stopped (Ctrl+C). */
  stopped: boolean;
}

/**
 * True when the line is one `python`/`pip` command whose output goes to the screen (no
 * pipe, redirect, list or substitution): only then is Python's output shown as it comes.
 * just-bash hands a command's output over when the line ends, so anywhere else the streamed
 * text is not what the line prints (a pipe transforms it, a redirect sends it to a file).
 */
export function streamsLive(line: string): boolean {
  return /^\s*(python3?|pip3?)(\s|$)/.test(line) && !/[|;&>`\n]|\$\(/.test(line);
}

/** The part of `text` not already shown as `shown` (what followed the streamed prefix). */
function unshown(text: string, shown: string): string {
  return text.startsWith(shown) ? text.slice(shown.length) : text;
}

/**
 * One terminal's shell: a WorkspaceShell whose folder and variables persist from one
 * command line to the next (just-bash resets them at each exec, so the session carries the
 * environment a line ends with into the next, PWD included). Functions and aliases do not
 * carry over. Commands run one at a time.
 */
export class ShellSession {
  private env: Record<string, string> | undefined;
  private folder = BASH_WORKSPACE;
  /** The last line's exit status, for `$?` in the next one. */
  private status = 0;

  constructor(private readonly shell: WorkspaceShell) {}

  /** The command names the shell knows (for Tab). */
  commands(): readonly string[] {
    return this.shell.commands;
  }

  /** The current folder as the shell sees it (/workspace/src). */
  cwd(): string {
    return this.folder;
  }

  /** The current folder as a prompt shows it: `~` for the workspace root, `~/src` below. */
  displayCwd(): string {
    if (this.folder === BASH_WORKSPACE) return '~';
    if (this.folder.startsWith(`${BASH_WORKSPACE}/`)) {
      return `~${this.folder.slice(BASH_WORKSPACE.length)}`;
    }
    return this.folder;
  }

  /** Runs one command line; output goes to `output` (live for Python, see streamsLive). */
  async run(
    line: string,
    options: { signal: AbortSignal; output: ShellOutput },
  ): Promise<SessionCommandResult> {
    const live = streamsLive(line);
    const shown = { stdout: '', stderr: '' };
    // just-bash starts every exec with `$?` at 0; a subshell that exits with the last
    // status first gives the line the `$?` a shell would.
    const script = this.status ? `(exit ${this.status}); ${line}` : line;
    const result = await this.shell.exec(script, {
      signal: options.signal,
      cwd: this.folder,
      ...(this.env ? { env: this.env } : {}),
      update: ({ stream, text }) => {
        if (!live || stream === 'status') return;
        shown[stream] += text;
        options.output(stream, text);
      },
    });
    // `?` is the shell's own, not a variable to pass on (see `status`).
    const { '?': _status, ...env } = result.env;
    this.status = result.exitCode;
    this.env = env;
    if (env['PWD']) this.folder = env['PWD'];
    const stdout = unshown(result.stdout, shown.stdout);
    const stderr = unshown(result.stderr, shown.stderr);
    if (stdout) options.output('stdout', stdout);
    if (stderr) options.output('stderr', stderr);
    return {
      exitCode: result.exitCode,
      changedFiles: result.changedFiles,
      stopped: options.signal.aborted,
    };
  }
}
