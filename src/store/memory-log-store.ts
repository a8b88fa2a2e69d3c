import { LOG_CAPACITY, type LogRecord, type LogStore } from './log-store';

/** The app log in memory (tests, demos, and a store that could not open). */
export function createMemoryLogStore(capacity = LOG_CAPACITY): LogStore {
  let rows: LogRecord[] = [];
  let nextSeq = 1;
  return {
    async append(entries) {
      const stored = entries.map((entry) => ({ ...entry, seq: nextSeq++ }));
      rows.push(...stored);
      if (rows.length > capacity) rows = rows.slice(rows.length - capacity);
      return stored.map((row) => ({ ...row }));
    },
    async list() {
      return rows.map((row) => ({ ...row }));
    },
    async clear() {
      rows = [];
    },
  };
}
