import { Listeners } from '../base/listeners';
import type { SetAsideRecord, SetAsideStore } from './set-aside-store';

/**
 * Set-aside rows in memory. The in-memory store never holds damaged rows of its own (its
 * rows are the objects its callers wrote), so this is empty unless `add` puts one in:
 * tests and demos of the Storage settings use that.
 */
export interface MemorySetAsideStore extends SetAsideStore {
  /** Keeps `record` as if a read had set it aside, and tells the subscribers. */
  add(record: Omit<SetAsideRecord, 'id'>): SetAsideRecord;
}

export function createMemorySetAsideStore(): MemorySetAsideStore {
  const rows: SetAsideRecord[] = [];
  const listeners = new Listeners<SetAsideRecord>();
  let nextId = 1;
  return {
    async list() {
      return rows.map((row) => ({ ...row }));
    },
    async delete(ids) {
      const gone = new Set(ids);
      for (let i = rows.length - 1; i >= 0; i--) if (gone.has(rows[i]!.id!)) rows.splice(i, 1);
    },
    subscribe: (listener) => listeners.subscribe(listener),
    add(record) {
      const stored = { ...record, id: nextId++ };
      rows.push(stored);
      listeners.emit({ ...stored });
      return stored;
    },
  };
}
