/**
 * The terminal panel's state: one shell session per workspace (its folder and variables
 * kept between commands), the history of each workspace's command lines (kept in settings,
 * the newest {@link HISTORY_LIMIT}), and the command running now and how to stop it.
 *
 * The shell is the agent's (createWorkspaceShell: just-bash, hardened, no network, Python in
 * the sandbox), acting for a person: see ShellActor for what that changes. The shell's code
 * loads at the first command or Tab, so it stays off the first page.
 */
import { createSignal, type Accessor } from 'solid-js';
import { retryingImport } from '../base/retrying-import';
import type { SettingsStore } from '../store/settings-store';
import { workspaceError } from '../workspace/workspace-errors';
import { ReadTracker } from '../tools/files/read-tracker';
import type { PythonToolRunner } from '../tools/python/python-tool-runner';
import type { Completion } from '../tools/shell/shell-completion';
import type { SessionCommandResult, ShellOutput, ShellSession } from '../tools/shell/shell-session';
import type { EditorService } from './editor-service';
import type { WorkspaceService } from './workspace-service';

/** Command lines kept per workspace. */
export const HISTORY_LIMIT = 200;
/**
 * Wall-clock limit of one command line: an hour (Python inside it has its own limit, from
 * Settings → Python). A person stops a command with Ctrl+C; the limit only ends one that
 * was forgotten.
 */
export const TERMINAL_COMMAND_LIMIT_MS = 60 * 60 * 1000;

const historyKey = (workspaceId: string) => `terminal.history.${workspaceId}`;
const loadKit = retryingImport(() => import('../tools/shell/terminal-kit'));

export interface TerminalService {
  /** Increases when the terminal should take the keyboard focus (Ctrl+`). */
  readonly focusRequests: Accessor<number>;
  requestFocus(): void;
  /** True while a command line runs. */
  readonly running: Accessor<boolean>;
  /** The prompt's folder: `~` for the workspace root, `~/src` below it. */
  readonly cwd: Accessor<string>;
  /** The open workspace's command lines, oldest first. */
  history(): readonly string[];
  /** Loads the shell and the open workspace's history ahead of the first command. */
  prepare(): Promise<void>;
  /**
   * Runs a command line in the open workspace's session; its output goes to `output`.
   * Rejects only when there is no workspace or the shell cannot load.
   */
  run(line: string, output: ShellOutput): Promise<SessionCommandResult>;
  /** Stops the running command (Ctrl+C), Python run included; no-op when idle. */
  interrupt(): void;
  /** Tab: completes the word at `cursor` from the workspace's files and the commands. */
  complete(line: string, cursor: number): Completion;
}

export interface TerminalServiceDeps {
  workspaces: WorkspaceService;
  editor: EditorService;
  settings: SettingsStore;
  /** Cove's Python, running over the open workspace (as the editor's Run). */
  python: PythonToolRunner;
  onError: (error: unknown, what: string) => void;
}

export function createTerminalService(deps: TerminalServiceDeps): TerminalService {
  const { workspaces, editor, settings } = deps;
  const [focusRequests, setFocusRequests] = createSignal(0);
  const [running, setRunning] = createSignal(false);
  const [cwd, setCwd] = createSignal('~');
  const sessions = new Map<string, { files: unknown; session: ShellSession }>();
  const histories = new Map<string, string[]>();
  let kit: Awaited<ReturnType<typeof loadKit>> | undefined;
  let controller: AbortController | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const hasUnsavedEdits = (path: string) =>
    editor.tabs().some((tab) => tab.path() === path && (tab.dirty() || tab.saving()));

  async function historyOf(workspaceId: string): Promise<string[]> {
    let history = histories.get(workspaceId);
    if (history) return history;
    const stored = await settings.get<unknown>(historyKey(workspaceId)).catch(() => undefined);
    history = Array.isArray(stored) ? stored.filter((l): l is string => typeof l === 'string') : [];
    // Another call may have filled it while this one read.
    history = histories.get(workspaceId) ?? history;
    histories.set(workspaceId, history);
    return history;
  }

  function remember(workspaceId: string, history: string[], line: string) {
    if (!line.trim() || history[history.length - 1] === line) return;
    history.push(line);
    if (history.length > HISTORY_LIMIT) history.splice(0, history.length - HISTORY_LIMIT);
    settings
      .set(historyKey(workspaceId), [...history])
      .catch((error: unknown) => deps.onError(error, 'Could not keep the terminal history'));
  }

  /** Sessions being built, so a first command and the panel's prepare share one. */
  const building = new Map<string, Promise<ShellSession>>();

  async function sessionFor(): Promise<{ workspaceId: string; session: ShellSession }> {
    const files = workspaces.files();
    if (!files) throw workspaceError('no-workspace');
    const workspaceId = files.workspaceId;
    const known = sessions.get(workspaceId);
    if (known && known.files === files) return { workspaceId, session: known.session };
    let pending = building.get(workspaceId);
    if (!pending) {
      pending = (async () => {
        kit ??= await loadKit();
        const shell = await kit.createWorkspaceShell({
          // The terminal's own tracker: a person's command overwrites without a read (see
          // ShellActor), so it only keeps the moves and deletes the fs reports to it.
          files: { files, reads: new ReadTracker(), hasUnsavedEdits },
          python: deps.python,
          actor: 'person',
          timeoutMs: TERMINAL_COMMAND_LIMIT_MS,
        });
        const session = new kit.ShellSession(shell);
        sessions.set(workspaceId, { files, session });
        return session;
      })().finally(() => building.delete(workspaceId));
      building.set(workspaceId, pending);
    }
    return { workspaceId, session: await pending };
  }

  // Another workspace has its own folder; the prompt follows.
  workspaces.onWorkspaceChanged(() => {
    const id = workspaces.files()?.workspaceId;
    setCwd((id && sessions.get(id)?.session.displayCwd()) ?? '~');
    if (id) void historyOf(id);
  });

  return {
    focusRequests,
    requestFocus: () => setFocusRequests((n) => n + 1),
    running,
    cwd,
    history() {
      const id = workspaces.files()?.workspaceId;
      return (id && histories.get(id)) || [];
    },
    async prepare() {
      if (!workspaces.files()) return;
      const { workspaceId, session } = await sessionFor();
      await historyOf(workspaceId);
      setCwd(session.displayCwd());
    },
    run(line, output) {
      // One line at a time: the panel sends none while one runs; another caller waits.
      const result = queue.then(async () => {
        const current = new AbortController();
        controller = current;
        setRunning(true);
        try {
          const { workspaceId, session } = await sessionFor();
          remember(workspaceId, await historyOf(workspaceId), line);
          const ended = await session.run(line, { signal: current.signal, output });
          setCwd(session.displayCwd());
          return ended;
        } finally {
          controller = undefined;
          setRunning(false);
        }
      });
      queue = result.catch(() => undefined);
      return result;
    },
    interrupt() {
      controller?.abort();
    },
    complete(line, cursor) {
      if (!kit) return { insert: '', matches: [] };
      const id = workspaces.files()?.workspaceId;
      const session = id ? sessions.get(id)?.session : undefined;
      const entries = workspaces
        .entries()
        .map((meta) => ({ path: meta.path, folder: meta.kind === 'folder' }));
      return kit.completeWord(line, cursor, {
        cwd: session?.cwd() ?? '/workspace',
        entries,
        commands: session?.commands() ?? [],
      });
    },
  };
}
