import type { CoveDatabase } from './dexie-database';
import { LOG_CAPACITY, type LogStore } from './log-store';

/**
 * The app log over `logs` {++seq, at}: the auto-incremented key is the ring's order, so
 * trimming deletes the lowest keys. Appending and trimming share one transaction.
 * Writes are not guarded into CoveErrors: a log that cannot be written must not log again.
 */
export function createDexieLogStore(db: CoveDatabase, capacity = LOG_CAPACITY): LogStore {
  return {
    async append(entries) {
      if (!entries.length) return [];
      return db.transaction('rw', db.logs, async () => {
        const rows = entries.map(({ seq: _seq, ...entry }) => entry);
        const keys = (await db.logs.bulkAdd(rows, { allKeys: true })) as number[];
        const count = await db.logs.count();
        if (count > capacity)
          await db.logs
            .orderBy('seq')
            .limit(count - capacity)
            .delete();
        return rows.map((row, i) => ({ ...row, seq: keys[i]! }));
      });
    },
    list: () => db.logs.orderBy('seq').toArray(),
    async clear() {
      await db.logs.clear();
    },
  };
}
