/**
 * The app log: errors and warnings from every layer, kept in a ring buffer so a bug report
 * can carry what happened before it. Entries are redacted before they reach the store.
 */

export type LogLevel = 'error' | 'warn' | 'info';

/** Where an entry comes from; free text beyond these for future sources. */
export type LogSource =
  'provider' | 'agent' | 'runtime' | 'store' | 'mcp' | 'app' | 'console' | (string & {});

/** A row of `logs`. `seq` is assigned by the store, increasing: the ring's order. */
export interface LogRecord {
  seq?: number;
  /** Milliseconds since the epoch. */
  at: number;
  level: LogLevel;
  source: LogSource;
  message: string;
  /** More lines (a stack, an error's detail). */
  detail?: string;
}

/** Entries kept; the oldest go when more come. */
export const LOG_CAPACITY = 2000;

export interface LogStore {
  /**
   * Adds entries (in order) and drops the oldest past the capacity, in one transaction.
   * Returns the entries as stored (with `seq`).
   */
  append(entries: readonly LogRecord[]): Promise<LogRecord[]>;
  /** Every entry, oldest first. */
  list(): Promise<LogRecord[]>;
  clear(): Promise<void>;
}
