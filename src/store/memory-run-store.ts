import { copyRow } from './row-copy';
import { bySeq, type RunRecord, type RunStepRecord, type RunStore } from './run-store';
import type { UsageTally } from './usage-tally';

/** The in-memory run store, which can also count itself for `usage()`. */
export type MemoryRunStore = RunStore & {
  /** Feeds every run and step row to `tally`. */
  tallyInto(tally: UsageTally): void;
};

/**
 * Runs in memory, same contract as the Dexie one; rows are copied in and out.
 * `sessionStored` says whether a conversation is stored (a run of one that is not is not
 * written); alone, every conversation counts as stored.
 */
export function createMemoryRunStore(
  sessionStored: (sessionId: string) => boolean = () => true,
): MemoryRunStore {
  const runs = new Map<string, RunRecord>();
  const steps = new Map<string, RunStepRecord>();
  const copy = copyRow;
  const remove = (id: string) => {
    runs.delete(id);
    for (const [key, step] of steps) if (step.runId === id) steps.delete(key);
  };
  return {
    tallyInto(tally) {
      for (const run of runs.values()) tally.run(run);
      for (const step of steps.values()) tally.step(step);
    },
    async save(run, changed) {
      if (!sessionStored(run.sessionId)) return false;
      runs.set(run.id, copy(run));
      for (const step of changed) steps.set(step.id, copy(step));
      return true;
    },
    async list(limit = 200) {
      return [...runs.values()]
        .sort((a, b) => b.startedAt - a.startedAt)
        .slice(0, limit)
        .map(copy);
    },
    async get(id) {
      const run = runs.get(id);
      if (!run) return undefined;
      const own = [...steps.values()].filter((step) => step.runId === id).sort(bySeq);
      return { run: copy(run), steps: own.map(copy) };
    },
    async listRunning() {
      return [...runs.values()].filter((run) => run.status === 'running').map(copy);
    },
    async markInterrupted(ids, now) {
      let changed = 0;
      for (const id of ids) {
        const run = runs.get(id);
        if (run?.status !== 'running') continue;
        runs.set(id, { ...run, status: 'interrupted', finishedAt: run.finishedAt ?? now });
        changed++;
      }
      return changed;
    },
    async prune(keep) {
      const old = [...runs.values()]
        .sort((a, b) => b.startedAt - a.startedAt)
        .slice(keep)
        .filter((run) => run.status !== 'running');
      for (const run of old) remove(run.id);
      return old.length;
    },
    async delete(id) {
      remove(id);
    },
    async deleteSession(sessionId) {
      const gone = [...runs.values()].filter((run) => run.sessionId === sessionId);
      for (const run of gone) remove(run.id);
      return gone.length;
    },
  };
}
