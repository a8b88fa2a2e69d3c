/**
 * Records every agent run of the session engine into the run store: subscribe `handle` to
 * the engine. Each run gets a recorder (run-recorder.ts) at `run_start`; what changed is
 * written at most every {@link TRACE_PERSIST_MS} while the run goes on, and at once when it
 * ends. A run whose tab closed mid-run stays `running` in the store until `recover` (at the
 * next start) marks it `interrupted`, unless another tab still holds its session.
 */
import type { Clock } from '../base/clock';
import type { ModelPrice } from '../llm/model-capabilities';
import { MAX_RUNS, type RunStore } from '../store/run-store';
import type { ApprovalDecision } from './approval-policy';
import { createRunRecorder, type RunRecorder } from './run-recorder';
import type { SessionEngineEvent } from './session-engine';
import type { SessionLocks } from './session-locks';

/** Longest wait before a running run's new steps are written, in milliseconds. */
export const TRACE_PERSIST_MS = 1000;

/** What the app knows about a run when it starts. */
export interface RunDescription {
  /** "providerId/modelId"; '' when none was chosen. */
  model: string;
  providerName?: string;
  price?: ModelPrice;
  sessionTitle?: string;
}

export interface RunTracePersisterDeps {
  runs: RunStore;
  clock: Clock;
  locks: SessionLocks;
  newId(): string;
  /** The model (and its price) and the session's title for a run starting now. */
  describe(sessionId: string): RunDescription;
  /** A write failed (reported, never thrown: a trace must not break a run). */
  onError(error: unknown, what: string): void;
  /** A run's record was written (for views that list runs). */
  onSaved?(runId: string): void;
  intervalMs?: number;
  /** Runs kept in the store; default {@link MAX_RUNS}. */
  maxRuns?: number;
}

export interface RunTracePersister {
  /** The engine's listener. Returns the write's promise for a run's end. */
  handle(event: SessionEngineEvent): Promise<void> | undefined;
  /** The person's answer to an approval request of the session's running run. */
  noteDecision(
    sessionId: string,
    callId: string,
    decision: ApprovalDecision,
    waitMs?: number,
  ): void;
  /** Marks runs a closed tab left `running` as `interrupted`; returns their ids. */
  recover(): Promise<string[]>;
  /** Writes what is pending now (the page is going away). */
  flush(): Promise<void>;
  /** Ids of the runs recording now, by session. */
  active(): ReadonlyMap<string, string>;
}

interface Recording {
  recorder: RunRecorder;
  cancelTimer?: () => void;
  /** The write in progress; writes of one run go one after another. */
  writing: Promise<void>;
}

export function createRunTracePersister(deps: RunTracePersisterDeps): RunTracePersister {
  const { runs, clock } = deps;
  const intervalMs = deps.intervalMs ?? TRACE_PERSIST_MS;
  const maxRuns = deps.maxRuns ?? MAX_RUNS;
  const bySession = new Map<string, Recording>();

  function write(recording: Recording): Promise<void> {
    recording.cancelTimer?.();
    recording.cancelTimer = undefined;
    const changes = recording.recorder.takeChanges();
    if (!changes) return recording.writing;
    recording.writing = recording.writing
      .then(() => runs.save(changes.run, changes.steps))
      .then(
        () => deps.onSaved?.(changes.run.id),
        (error: unknown) => deps.onError(error, 'Could not save the run’s trace'),
      );
    return recording.writing;
  }

  function schedule(recording: Recording) {
    if (recording.cancelTimer) return;
    recording.cancelTimer = clock.schedule(() => {
      recording.cancelTimer = undefined;
      void write(recording);
    }, intervalMs);
  }

  return {
    handle(event) {
      if (event.type !== 'agent_event') return undefined;
      const { sessionId, event: happened } = event;
      if (happened.type === 'run_start') {
        const previous = bySession.get(sessionId);
        previous?.cancelTimer?.();
        const described = deps.describe(sessionId);
        const recorder = createRunRecorder({
          runId: deps.newId(),
          sessionId,
          model: described.model,
          ...(described.providerName ? { providerName: described.providerName } : {}),
          ...(described.price ? { price: described.price } : {}),
          ...(described.sessionTitle !== undefined ? { sessionTitle: described.sessionTitle } : {}),
          now: () => clock.now(),
        });
        const recording: Recording = { recorder, writing: Promise.resolve() };
        bySession.set(sessionId, recording);
        recorder.apply(happened);
        // The run is in the store from its start, so a crash leaves it to be marked.
        void write(recording);
        return undefined;
      }
      const recording = bySession.get(sessionId);
      if (!recording) return undefined;
      recording.recorder.apply(happened);
      if (happened.type === 'run_end') {
        bySession.delete(sessionId);
        // Old runs go once this one is stored, so the table stays bounded.
        return write(recording).then(() =>
          runs.prune(maxRuns).then(
            () => undefined,
            (error: unknown) => deps.onError(error, 'Could not remove old traces'),
          ),
        );
      }
      // Deltas change nothing a trace keeps; everything else is written soon.
      if (happened.type !== 'text_delta' && happened.type !== 'reasoning_delta') {
        schedule(recording);
      }
      return undefined;
    },
    noteDecision(sessionId, callId, decision, waitMs) {
      bySession.get(sessionId)?.recorder.noteDecision(callId, decision, waitMs);
    },
    async recover() {
      const running = await runs.listRunning();
      const orphans: string[] = [];
      for (const run of running) {
        if (bySession.get(run.sessionId)?.recorder.run().id === run.id) continue;
        if (await deps.locks.isHeld(run.sessionId)) continue;
        orphans.push(run.id);
      }
      if (orphans.length) await runs.markInterrupted(orphans, clock.now());
      return orphans;
    },
    async flush() {
      await Promise.all([...bySession.values()].map(write));
    },
    active: () => new Map([...bySession].map(([sessionId, r]) => [sessionId, r.recorder.run().id])),
  };
}
