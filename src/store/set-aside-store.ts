/**
 * Rows set aside: a row read from IndexedDB that does not have its table's shape
 * (row-schemas.ts) is moved out of its table into `setAside`, kept exactly as it was
 * stored, so one damaged row never stops Cove and nothing is silently deleted. The person
 * sees them in Settings → Storage, can export them, and deletes them when they choose.
 */

/** A row of `setAside`. */
export interface SetAsideRecord {
  /** Assigned by the store, increasing. */
  id?: number;
  /** The table the row was read from ("files", "settings", …). */
  table: string;
  /** Its key in that table, as IndexedDB keeps it (a string, a number or [workspaceId, path]). */
  key: unknown;
  /** The value as it was stored, untouched. */
  row: unknown;
  /** What was wrong, as one sentence (describeSchemaIssue). */
  problem: string;
  /** Milliseconds since the epoch. */
  setAsideAt: number;
}

export interface SetAsideStore {
  /**
   * Every set-aside row, oldest first. Waits for moves that reads have started, so a row
   * found damaged before the call is listed.
   */
  list(): Promise<SetAsideRecord[]>;
  /** Removes these set-aside rows for good (ids of `list`). */
  delete(ids: readonly number[]): Promise<void>;
  /**
   * Called once for each row moved aside by this tab, after its move committed (the app
   * logs a warning). Returns the unsubscribe.
   */
  subscribe(listener: (record: SetAsideRecord) => void): () => void;
}

/** How a set-aside row's key reads for people: "w1 / src/app.py", "ui.preferences". */
export function describeRowKey(key: unknown): string {
  if (Array.isArray(key)) return key.map(String).join(' / ');
  return typeof key === 'string' ? key : (JSON.stringify(key) ?? String(key));
}

/** The warning the app log gets for a row set aside. */
export function setAsideWarning(record: SetAsideRecord): string {
  return `Cove set aside a damaged row of ${record.table} (${describeRowKey(record.key)}): ${record.problem}. It is kept in Settings → Storage.`;
}
