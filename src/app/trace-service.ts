/**
 * Traces of agent runs for the Traces panel, and the session engine's failures for the app
 * log. `observe` is subscribed to the engine (chat-service.ts): every agent run is recorded
 * by the persister (src/agent/run-recorder-persister.ts); failed model calls, retries and
 * MCP calls become log entries. The list of runs is re-read while the panel watches it.
 * The persister is not part of the first load (issue 21): `start` loads it once the shell is
 * up, and agent events that come sooner wait for it, in order.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { newId as randomId } from '../base/ids';
import { retryingImport } from '../base/retrying-import';
import type { RunDescription, RunTracePersister } from '../agent/run-recorder-persister';
import type { ApprovalDecision } from '../agent/approval-policy';
import type { SessionEngineEvent } from '../agent/session-engine';
import type { SessionLocks } from '../agent/session-locks';
import type { RunRecord, RunStore, RunTrace } from '../store/run-store';
import type { AppLog } from './app-log';

/** MCP tools are named `mcp_<server>_<tool>` (DESIGN.md, "MCP"). */
const isMcpTool = (name: string) => name.startsWith('mcp_');

const loadPersister = retryingImport(() => import('../agent/run-recorder-persister'));

export interface TraceService {
  /** Runs, newest first, as last read (see `watch`). */
  readonly runs: Accessor<readonly RunRecord[]>;
  /** Counts trace writes seen while watched, so a run's detail can follow a running run. */
  readonly saves: Accessor<number>;
  /** Re-reads the runs now. */
  refresh(): Promise<void>;
  /** Keeps `runs` current while a view shows them; returns the stop. */
  watch(): () => void;
  /** A run with its steps, read from the store. */
  trace(id: string): Promise<RunTrace | undefined>;
  /** The run as a JSON document (what Export downloads). */
  exportJson(trace: RunTrace): string;
  /** The engine's listener. */
  observe(event: SessionEngineEvent): Promise<void> | undefined;
  /** The person answered an approval request after `waitMs`. */
  noteDecision(sessionId: string, callId: string, decision: ApprovalDecision, waitMs: number): void;
  /** Marks runs a closed tab left running as interrupted (once, at start). */
  start(): Promise<void>;
}

export interface TraceServiceDeps {
  runs: RunStore;
  clock: Clock;
  locks: SessionLocks;
  log: AppLog;
  /** The model, its price and the session's title for a run starting now. */
  describe(sessionId: string): RunDescription;
  newId?: () => string;
}

export function createTraceService(deps: TraceServiceDeps): TraceService {
  const { log } = deps;
  const [runs, setRuns] = createSignal<readonly RunRecord[]>([]);
  const [saves, setSaves] = createSignal(0);
  let watchers = 0;

  async function refresh() {
    try {
      setRuns(await deps.runs.list());
    } catch (error) {
      log.report('error', 'store', error, 'Could not read the traces');
    }
  }

  let persister: RunTracePersister | undefined;
  let loading: Promise<RunTracePersister> | undefined;
  /** The agent events handed on while the persister loads, in order; undefined once done. */
  let waiting: Promise<void> | undefined;

  function loadedPersister(): Promise<RunTracePersister> {
    loading ??= loadPersister().then(
      ({ createRunTracePersister }) =>
        (persister = createRunTracePersister({
          runs: deps.runs,
          clock: deps.clock,
          locks: deps.locks,
          newId: deps.newId ?? randomId,
          describe: deps.describe,
          onError: (error, what) => log.report('error', 'store', error, what),
          onSaved: () => {
            if (watchers === 0) return;
            setSaves((n) => n + 1);
            void refresh();
          },
        })),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /** Runs `step` with the persister once the events before it were handed on. */
  function afterLoad(step: (loaded: RunTracePersister) => Promise<void> | void): Promise<void> {
    const handled = (waiting ?? Promise.resolve())
      .then(loadedPersister)
      .then(step)
      .catch((error: unknown) => log.report('error', 'store', error, 'Could not record the run'));
    waiting = handled;
    void handled.then(() => {
      if (waiting === handled) waiting = undefined;
    });
    return handled;
  }

  /** Failures and notable moments of the engine, for the app log. */
  function logEvent(event: SessionEngineEvent) {
    if (event.type === 'node_event') {
      const happened = event.event;
      if (happened.type === 'error' && happened.error.kind !== 'aborted') {
        log.error('provider', happened.error.message, happened.error.detail ?? happened.error.hint);
      } else if (happened.type === 'retry_scheduled') {
        log.warn(
          'provider',
          `Retry ${happened.attempt} in ${Math.round(happened.delayMs / 1000)} s: ${happened.error.message}`,
        );
      }
      return;
    }
    if (event.type !== 'agent_event') return;
    const happened = event.event;
    switch (happened.type) {
      case 'message_end': {
        const error = happened.reply.error;
        if (error && error.kind !== 'aborted')
          log.error('provider', error.message, error.detail ?? error.hint);
        return;
      }
      case 'retry_scheduled':
        log.warn(
          'provider',
          `Retry ${happened.attempt} in ${Math.round(happened.delayMs / 1000)} s: ${happened.error.message}`,
        );
        return;
      case 'tool_end':
        if (isMcpTool(happened.toolName)) {
          const firstLine = happened.message.content.split('\n', 1)[0] ?? '';
          log.write(
            happened.isError ? 'warn' : 'info',
            'mcp',
            `${happened.toolName} ${happened.outcome} in ${happened.durationMs} ms${happened.isError ? `: ${firstLine}` : ''}`,
          );
        }
        return;
      case 'run_end':
        if (happened.error && happened.error.code === 'internal')
          log.error('agent', happened.error.message, happened.error.hint);
        return;
      default:
        return;
    }
  }

  return {
    runs,
    saves,
    refresh,
    watch() {
      watchers++;
      void refresh();
      return () => {
        watchers = Math.max(0, watchers - 1);
      };
    },
    trace: (id) => deps.runs.get(id),
    exportJson(trace) {
      return JSON.stringify({ kind: 'cove-run-trace', version: 1, ...trace }, null, 2);
    },
    observe(event) {
      try {
        logEvent(event);
      } catch (error) {
        log.report('error', 'app', error, 'Could not log an engine event');
      }
      // The persister records agent runs only.
      if (event.type !== 'agent_event') return undefined;
      if (persister && !waiting) return persister.handle(event);
      return afterLoad((loaded) => loaded.handle(event));
    },
    noteDecision(sessionId, callId, decision, waitMs) {
      const note = (loaded: RunTracePersister) =>
        loaded.noteDecision(sessionId, callId, decision, waitMs);
      if (persister && !waiting) note(persister);
      else void afterLoad(note);
    },
    async start() {
      try {
        const interrupted = await (await loadedPersister()).recover();
        if (interrupted.length)
          log.warn(
            'agent',
            `${interrupted.length} agent run${interrupted.length === 1 ? ' was' : 's were'} interrupted (the tab closed mid-run)`,
          );
      } catch (error) {
        log.report('error', 'store', error, 'Could not check for interrupted runs');
      }
    },
  };
}
