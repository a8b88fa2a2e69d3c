import type { CoveDatabase } from './dexie-database';
import { bySeq, type RunStore } from './run-store';

/** Turns a platform failure of a write into a CoveError (dexie-store.ts's guardWrite). */
export type WriteGuard = <T>(write: () => Promise<T>) => Promise<T>;

/**
 * Runs over the `runs` {id, sessionId, startedAt, status} and `runSteps` {id, runId} tables.
 * A run row and its changed steps are written in one transaction, so a trace never shows a
 * step count its steps do not have.
 */
export function createDexieRunStore(
  db: CoveDatabase,
  guard: WriteGuard = (write) => write(),
): RunStore {
  return {
    save: (run, steps) =>
      guard(() =>
        db.transaction('rw', db.sessions, db.runs, db.runSteps, async () => {
          if (!(await db.sessions.get(run.sessionId))) return false;
          await db.runs.put(run);
          if (steps.length) await db.runSteps.bulkPut([...steps]);
          return true;
        }),
      ),
    list: (limit = 200) => db.runs.orderBy('startedAt').reverse().limit(limit).toArray(),
    async get(id) {
      return db.transaction('r', db.runs, db.runSteps, async () => {
        const run = await db.runs.get(id);
        if (!run) return undefined;
        const steps = await db.runSteps.where('runId').equals(id).toArray();
        return { run, steps: steps.sort(bySeq) };
      });
    },
    listRunning: () => db.runs.where('status').equals('running').toArray(),
    async markInterrupted(ids, now) {
      return guard(() =>
        db.transaction('rw', db.runs, async () => {
          const rows = await db.runs.bulkGet([...ids]);
          const running = rows.filter((run) => run?.status === 'running');
          for (const run of running) {
            await db.runs.put({
              ...run!,
              status: 'interrupted',
              finishedAt: run!.finishedAt ?? now,
            });
          }
          return running.length;
        }),
      );
    },
    async prune(keep) {
      return guard(() =>
        db.transaction('rw', db.runs, db.runSteps, async () => {
          const old = (await db.runs.orderBy('startedAt').reverse().offset(keep).toArray()).filter(
            (run) => run.status !== 'running',
          );
          if (!old.length) return 0;
          const ids = old.map((run) => run.id);
          await db.runSteps.where('runId').anyOf(ids).delete();
          await db.runs.bulkDelete(ids);
          return old.length;
        }),
      );
    },
    async delete(id) {
      await guard(() =>
        db.transaction('rw', db.runs, db.runSteps, async () => {
          await db.runSteps.where('runId').equals(id).delete();
          await db.runs.delete(id);
        }),
      );
    },
    async deleteSession(sessionId) {
      return guard(() =>
        db.transaction('rw', db.runs, db.runSteps, async () => {
          const ids = (await db.runs
            .where('sessionId')
            .equals(sessionId)
            .primaryKeys()) as string[];
          await db.runSteps.where('runId').anyOf(ids).delete();
          await db.runs.bulkDelete(ids);
          return ids.length;
        }),
      );
    },
  };
}
