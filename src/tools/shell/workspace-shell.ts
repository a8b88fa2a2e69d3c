import type { FileToolContext } from '../files/file-tool-context';
import type { PythonToolRunner } from '../python/python-tool-runner';
import type { ToolUpdateSink } from '../tool';
import { BASH_WORKSPACE, pythonCommands } from './python-command';
import type { ShellActor } from './shell-actor';
import { WorkspaceBashFs } from './workspace-bash-fs';

/** Most stdout and stderr one command line may produce, in bytes; past it the command fails. */
export const MAX_BASH_OUTPUT_BYTES = 1024 * 1024;

/**
 * just-bash commands that would evaluate JavaScript or reach the network. Cove never
 * enables them (no `network`, `fetch` or `javascript` option is passed to just-bash);
 * the list is for the test that proves they are absent, and says what "hardened" means.
 */
export const FORBIDDEN_SHELL_COMMANDS = ['curl', 'wget', 'js-exec', 'node'] as const;

/** What a workspace shell is built over. */
export interface WorkspaceShellOptions {
  /** The workspace files with the file tools' rules and the editors' unsaved-text check. */
  files: Pick<FileToolContext, 'files' | 'reads' | 'hasUnsavedEdits'>;
  /** Runs `python`/`pip` inside commands in Cove's sandboxed Python. */
  python: PythonToolRunner;
  /** Whose command it is: decides the overwrite rule (see ShellActor). */
  actor: ShellActor;
  /** Wall-clock budget of one command line, in milliseconds. */
  timeoutMs: number;
  /** Budget of a Python run inside a command; absent: the runtime's setting. */
  pythonTimeoutMs?: number;
}

/** How one command line runs. */
export interface ShellExecOptions {
  /** Aborting stops the command (and a Python run inside it) at once. */
  signal: AbortSignal;
  /** Python's output as it comes (the rest of the output arrives with the result). */
  update: ToolUpdateSink;
  /** Where the command starts; default /workspace. */
  cwd?: string;
  /** The environment it starts with (replacing the default one); default the shell's own. */
  env?: Record<string, string>;
}

/** A finished command line. */
export interface ShellExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** The environment when it ended (`cd` and `export` are in it: PWD is the folder). */
  env: Record<string, string>;
  /** Workspace paths it wrote, created, moved or deleted, sorted. */
  changedFiles: string[];
  /** Of `changedFiles`, those gone after it. */
  deletedFiles: string[];
}

/** A bash over one workspace: each {@link exec} is one command line. */
export interface WorkspaceShell {
  /** The command names it knows (for Tab), sorted. */
  readonly commands: readonly string[];
  exec(command: string, options: ShellExecOptions): Promise<ShellExecResult>;
}

/**
 * The one way Cove builds a shell, for the agent's bash tool and the terminal alike:
 * just-bash over the workspace at /workspace (WorkspaceBashFs) with scratch memory around
 * it (/tmp), just-bash's hardened execution limits, an output cap, no network and no
 * JavaScript commands, and `python`/`pip` running in Cove's sandboxed Python. just-bash is
 * loaded here, at the first shell, so it stays out of the page's first load.
 *
 * just-bash resets variables and the folder at every exec; a caller that wants them to
 * persist (the terminal) passes `cwd` and `env` from the previous result.
 */
export async function createWorkspaceShell(
  options: WorkspaceShellOptions,
): Promise<WorkspaceShell> {
  const { Bash, InMemoryFs, MountableFs, getCommandNames } = await import('just-bash');
  const workspace = new WorkspaceBashFs(options.files, options.actor);
  // Everything outside /workspace (/tmp, /home) is scratch memory, kept as long as the shell.
  const scratch = new InMemoryFs();
  await scratch.mkdir('/tmp', { recursive: true });
  const fs = new MountableFs({ base: scratch });
  fs.mount(BASH_WORKSPACE, workspace);
  let update: ToolUpdateSink = () => {};
  const bash = new Bash({
    fs,
    cwd: BASH_WORKSPACE,
    env: { HOME: BASH_WORKSPACE, PWD: BASH_WORKSPACE },
    executionLimitProfile: 'hardened',
    executionLimits: {
      maxExecutionTimeMs: options.timeoutMs,
      maxOutputSize: MAX_BASH_OUTPUT_BYTES,
    },
    // Deliberately no `network`, `fetch`, `javascript` or `python` option: without them
    // just-bash registers no curl, no js-exec/node and none of its own Python.
    customCommands: pythonCommands({
      runner: options.python,
      ...(options.pythonTimeoutMs !== undefined ? { timeoutMs: options.pythonTimeoutMs } : {}),
      update: (part) => update(part),
      afterRun: async (changed) => {
        workspace.noteChanged(changed);
        await workspace.load();
      },
    }),
  });
  const custom = ['python', 'python3', 'pip', 'pip3'];
  return {
    commands: [...new Set([...getCommandNames(), ...custom])].sort(),
    async exec(command, exec) {
      update = exec.update;
      await workspace.begin();
      let result: {
        stdout: string;
        stderr: string;
        exitCode: number;
        env?: Record<string, string>;
      };
      try {
        result = await bash.exec(command, {
          signal: exec.signal,
          ...(exec.cwd ? { cwd: exec.cwd } : {}),
          ...(exec.env ? { env: exec.env, replaceEnv: true } : {}),
        });
      } catch (error) {
        // just-bash lets some file system errors out of exec (a refused redirect target)
        // instead of printing them; the command ends there, as a shell error would.
        if (!(error instanceof Error) || !/^E[A-Z]+: /.test(error.message)) throw error;
        result = { stdout: '', stderr: `bash: ${error.message}\n`, exitCode: 1 };
      } finally {
        update = () => {};
      }
      return {
        stdout: result.stdout,
        stderr: result.stderr,
        exitCode: result.exitCode,
        env: result.env ?? { ...(exec.env ?? bash.getEnv()), PWD: exec.cwd ?? bash.getCwd() },
        changedFiles: workspace.changedPaths(),
        deletedFiles: workspace.deletedPaths(),
      };
    },
  };
}
