import { batch, createSignal, type Accessor } from 'solid-js';
import { systemClock, type Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import { newId } from '../base/ids';
import type {
  OutputChunk,
  PythonRuntime,
  RunRequest,
  RunResult,
  RuntimeStatus,
} from '../runtime/python-runtime';
import {
  DEFAULT_PYTHON_SETTINGS,
  resolvePythonSettings,
  type PythonRuntimeSettings,
} from '../runtime/runtime-settings';
import type { SettingsStore } from '../store/settings-store';
import type { EditorService } from './editor-service';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';

/** Where a run stands: getting ready, executing, or how it ended. */
export type RunPhase = 'preparing' | 'running' | RunResult['status'];

/** One run as the output panel shows it. Output arrives through `onOutput` as it is written. */
export interface RunView {
  readonly id: string;
  /** What ran: "main.py", "main.py (lines 3–7)", "code from a reply". */
  readonly label: string;
  /** The workspace file the code belongs to, for traceback links and editor marks. */
  readonly path: string | undefined;
  readonly phase: Accessor<RunPhase>;
  /** "Starting Python…", "Loading numpy…" while preparing. */
  readonly step: Accessor<string | undefined>;
  readonly result: Accessor<RunResult | undefined>;
  /** Everything written so far, for a view that attaches late. */
  output(): readonly OutputChunk[];
  /** Output pieces in the order written; returns the unsubscribe. */
  onOutput(listener: (chunk: OutputChunk) => void): () => void;
}

/** The settings a person can change about Python. */
export type PythonSettings = Pick<
  PythonRuntimeSettings,
  'timeoutMs' | 'packageIndexUrl' | 'lockFileUrl' | 'network'
>;

export interface RunService {
  /**
   * The last run of the workspace that is open, or undefined. Output belongs to its
   * workspace: each keeps its own last run, and switching shows that one.
   */
  readonly current: Accessor<RunView | undefined>;
  readonly runtime: Accessor<RuntimeStatus>;
  /**
   * Epoch ms (the service's clock) when Python began starting, while the runtime's phase is
   * `starting`; undefined otherwise. For an honest "starting… 12 s".
   */
  readonly startingSince: Accessor<number | undefined>;
  readonly busy: Accessor<boolean>;
  /** Program arguments, split like a shell would (quotes keep spaces). */
  readonly argv: Accessor<string>;
  setArgv(text: string): void;
  /** Text `input()` reads; at its end input() raises EOFError. */
  readonly stdin: Accessor<string>;
  setStdin(text: string): void;
  readonly settings: Accessor<PythonSettings>;
  /** Checks and stores settings; throws CoveError naming a bad field. */
  saveSettings(settings: Partial<PythonSettings>): Promise<void>;
  /** Saves open files, then runs the active Python file (or `path`). */
  runFile(path?: string): Promise<RunResult | undefined>;
  /** Runs the selection of the active file with the file's line numbers. */
  runSelection(): Promise<RunResult | undefined>;
  /** Runs loose code (a reply's code block) in the workspace; `onOutput` gets its output. */
  runCode(code: string, onOutput?: (chunk: OutputChunk) => void): Promise<RunResult>;
  stop(): void;
  restart(): Promise<void>;
  /** Forgets the open workspace's last run. */
  clear(): void;
  /** The chat message that describes the last failed run, or undefined. */
  debugMessage(): string | undefined;
  /** Loads settings and boots the interpreter in the background. */
  start(): Promise<void>;
}

/** The setting that holds Python's settings (time limit, package index, network). */
export const PYTHON_SETTINGS_KEY = 'python.settings';

/** Splits program arguments like a shell: spaces separate, quotes group, backslash escapes. */
export function splitArguments(text: string): string[] {
  const args: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) current += text[++i];
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (char === '\\' && i + 1 < text.length) {
      current += text[++i];
      started = true;
    } else if (/\s/.test(char)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

function stepText(event: { step: string; packages?: string[] }): string {
  // The run is queued behind the interpreter's boot; it begins by itself once Python is up.
  if (event.step === 'starting-runtime') return 'Waiting for Python to start…';
  if (event.step === 'syncing-files') return 'Copying workspace files…';
  return event.packages?.length ? `Loading ${event.packages.join(', ')}…` : 'Loading packages…';
}

/**
 * A selection of several lines that starts after the indentation of its first line (a
 * person selecting from the first word) gets that indentation back, so its lines dedent
 * together instead of failing with "unexpected indent".
 */
export function withFirstLineIndent(
  selected: string,
  fromLine: number,
  documentText: string,
): string {
  if (!selected.includes('\n')) return selected;
  const line = documentText.split('\n')[fromLine - 1] ?? '';
  const first = selected.slice(0, selected.indexOf('\n'));
  if (!line.endsWith(first)) return selected;
  const before = line.slice(0, line.length - first.length);
  return /^[ \t]+$/.test(before) ? before + selected : selected;
}

/** Removes the common indentation of a selection so an indented block runs on its own. */
export function dedent(code: string): string {
  const lines = code.split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return cut
    ? lines.map((l) => l.slice(Math.min(cut, /^[ \t]*/.exec(l)![0].length))).join('\n')
    : code;
}

export function createRunService(deps: {
  runtime: PythonRuntime & { configure?(settings: Partial<PythonRuntimeSettings>): void };
  workspaces: WorkspaceService;
  editor: EditorService;
  settingsStore: SettingsStore;
  notices: NoticeService;
  /** Measures how long Python takes to start. Default: the system clock. */
  clock?: Clock;
}): RunService {
  const { runtime, workspaces, editor, settingsStore, notices } = deps;
  const clock = deps.clock ?? systemClock;
  // The last run of each workspace, by workspace id ('' for a run with no workspace open).
  const [lastRuns, setLastRuns] = createSignal<ReadonlyMap<string, RunView>>(new Map());
  const workspaceKey = () => workspaces.current()?.id ?? '';
  const current = () => lastRuns().get(workspaceKey());
  const setLastRun = (key: string, view: RunView | undefined) =>
    setLastRuns((runs) => {
      const next = new Map(runs);
      if (view) next.set(key, view);
      else next.delete(key);
      return next;
    });
  const [status, setStatus] = createSignal<RuntimeStatus>(runtime.status());
  const [startingSince, setStartingSince] = createSignal<number | undefined>(
    runtime.status().phase === 'starting' ? clock.now() : undefined,
  );
  const [busy, setBusy] = createSignal(false);
  const [argv, setArgv] = createSignal('');
  const [stdin, setStdin] = createSignal('');
  const [settings, setSettings] = createSignal<PythonSettings>({
    timeoutMs: DEFAULT_PYTHON_SETTINGS.timeoutMs,
    packageIndexUrl: DEFAULT_PYTHON_SETTINGS.packageIndexUrl,
    network: DEFAULT_PYTHON_SETTINGS.network,
  });
  runtime.subscribe((next) => {
    batch(() => {
      setStatus(next);
      if (next.phase !== 'starting') setStartingSince(undefined);
      else if (startingSince() === undefined) setStartingSince(clock.now());
    });
  });

  async function execute(
    request: RunRequest,
    label: string,
    showInPanel: boolean,
    extraListener?: (chunk: OutputChunk) => void,
  ): Promise<RunResult> {
    const [phase, setPhase] = createSignal<RunPhase>('preparing');
    const [step, setStep] = createSignal<string | undefined>('Starting…');
    const [result, setResult] = createSignal<RunResult>();
    const chunks: OutputChunk[] = [];
    const listeners = new Listeners<OutputChunk>();
    if (extraListener) listeners.subscribe(extraListener);
    const view: RunView = {
      id: newId(),
      label,
      path: request.path,
      phase,
      step,
      result,
      output: () => chunks,
      onOutput: (listener) => listeners.subscribe(listener),
    };
    // The run belongs to the workspace whose files it runs on, even if another is opened meanwhile.
    const files = workspaces.files();
    if (showInPanel) setLastRun(files?.workspaceId ?? workspaceKey(), view);
    setBusy(true);
    try {
      const outcome = await runtime.run(request, {
        ...(files ? { files } : {}),
        onEvent(event) {
          if (event.type === 'preparing') setStep(stepText(event));
          else if (event.type === 'started') {
            setStep(undefined);
            setPhase('running');
          } else if (event.type === 'output') {
            const chunk: OutputChunk = { stream: event.stream, text: event.text };
            if (event.input) chunk.input = true;
            chunks.push(chunk);
            listeners.emit(chunk);
          }
        },
      });
      batch(() => {
        setStep(undefined);
        setResult(outcome);
        setPhase(outcome.status);
      });
      const changed = outcome.changedFiles;
      if (changed.error)
        notices.show({
          kind: 'error',
          text: `The files the program wrote were not saved: ${changed.error}`,
        });
      else if (changed.conflicts.length || changed.skipped.length) {
        notices.show({
          kind: 'info',
          text: changed.conflicts.length
            ? 'Some files the program changed were also changed in the editor.'
            : 'Some files the program wrote were not saved in the workspace.',
          details: [
            ...changed.conflicts.map((c) =>
              c.kind === 'edited-during-run'
                ? `${c.path}: your version kept; the program's saved as ${c.copy}`
                : c.kind === 'deleted-during-run'
                  ? `${c.path}: restored from the program's version`
                  : `${c.path}: kept, because you edited it`,
            ),
            ...changed.skipped.map((s) => `${s.path}: ${s.reason}`),
          ],
        });
      }
      return outcome;
    } catch (error) {
      setStep(undefined);
      setPhase('crashed');
      notices.error(error, 'The run could not start');
      throw error;
    } finally {
      setBusy(false);
    }
  }

  const request = (base: RunRequest): RunRequest => ({
    ...base,
    argv: splitArguments(argv()),
    ...(stdin() ? { stdin: stdin() } : {}),
    timeoutMs: settings().timeoutMs,
  });

  const service: RunService = {
    current,
    runtime: status,
    startingSince,
    busy,
    argv,
    setArgv,
    stdin,
    setStdin,
    settings,
    async saveSettings(patch) {
      const next = { ...settings(), ...patch };
      const resolved = resolvePythonSettings(next);
      const stored: PythonSettings = {
        timeoutMs: resolved.timeoutMs,
        packageIndexUrl: resolved.packageIndexUrl,
        network: resolved.network,
        ...(resolved.lockFileUrl ? { lockFileUrl: resolved.lockFileUrl } : {}),
      };
      await settingsStore.set(PYTHON_SETTINGS_KEY, stored);
      setSettings(stored);
      runtime.configure?.(stored);
    },
    async runFile(path) {
      const target = path ?? editor.activePath();
      if (!target || !target.endsWith('.py')) {
        notices.show({ kind: 'error', text: 'Open a Python file (.py) to run it.' });
        return undefined;
      }
      if (busy()) return undefined;
      await editor.saveAll();
      try {
        return await execute(request({ path: target }), target, true);
      } catch {
        return undefined;
      }
    },
    async runSelection() {
      const document = editor.activeDocument();
      if (!document?.selection || !document.path.endsWith('.py')) {
        notices.show({ kind: 'error', text: 'Select some Python code in the editor first.' });
        return undefined;
      }
      if (busy()) return undefined;
      const { fromLine, toLine, text } = document.selection;
      try {
        return await execute(
          request({
            code: dedent(withFirstLineIndent(text, fromLine, document.text)),
            path: document.path,
            firstLine: fromLine,
          }),
          `${document.path} (lines ${fromLine}–${toLine})`,
          true,
        );
      } catch {
        return undefined;
      }
    },
    runCode(code, onOutput) {
      return execute(request({ code }), 'Code from a reply', true, onOutput);
    },
    stop() {
      runtime.stop();
    },
    async restart() {
      try {
        await runtime.restart();
        notices.show({
          kind: 'success',
          text: 'Python was restarted: a fresh interpreter is ready.',
        });
      } catch (error) {
        notices.error(error, 'Restart failed');
      }
    },
    clear() {
      setLastRun(workspaceKey(), undefined);
    },
    debugMessage() {
      const run = current();
      const result = run?.result();
      if (!run || !result || result.status === 'ok') return undefined;
      const where = run.path ? `\`${run.path}\`` : 'my code';
      const problem = result.exception
        ? `${result.exception.type}: ${result.exception.message}`
        : (result.message ?? result.status);
      const trace = result.exception?.traceback || result.stderr.slice(-4000);
      // Name where the person's own code failed: the innermost frame in a workspace file
      // (frames below it are library code). The chat sends that function as context.
      const frame = result.exception?.frames.findLast((f) => f.inWorkspace);
      const at =
        frame && frame.name !== '<module>'
          ? ` The error is raised in \`${frame.name}\` (${frame.file}, line ${frame.line}).`
          : '';
      return `Running ${where} failed with ${problem}.${at}\n\n\`\`\`text\n${trace.trim()}\n\`\`\`\n\nFind the cause and fix it.`;
    },
    async start() {
      try {
        const stored = await settingsStore.get<PythonSettings>(PYTHON_SETTINGS_KEY);
        if (stored) {
          const resolved = resolvePythonSettings(stored);
          setSettings({
            timeoutMs: resolved.timeoutMs,
            packageIndexUrl: resolved.packageIndexUrl,
            network: resolved.network,
            ...(resolved.lockFileUrl ? { lockFileUrl: resolved.lockFileUrl } : {}),
          });
          runtime.configure?.(settings());
        }
      } catch (error) {
        notices.error(error, 'The saved Python settings were not valid; the defaults are used');
      }
      runtime.start();
    },
  };
  return service;
}
