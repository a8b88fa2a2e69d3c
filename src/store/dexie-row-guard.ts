import Dexie, { type DBCore, type DBCoreCursor, type DBCoreTable } from 'dexie';
import { Listeners } from '../base/listeners';
import type { CoveDatabase } from './dexie-database';
import { fileMeta, type FileRecord } from './records';
import { rowProblem } from './row-schemas';
import type { SetAsideRecord, SetAsideStore } from './set-aside-store';

/** The table damaged rows are moved to (schema version 5). */
const SET_ASIDE = 'setAside';

/** A damaged row a read found, waiting to be moved. */
interface Found {
  table: string;
  key: unknown;
}

/**
 * Checks every row Cove reads from IndexedDB against its table's schema (row-schemas.ts),
 * as a Dexie middleware below every read path: get, bulkGet, toArray, cursors (each,
 * filter, first), hence also the snapshot of a backup. A damaged row is left out of what
 * the read returns (the read goes on with the rest), and is then moved to `setAside` in a
 * transaction of its own: kept as stored, removed from its table, so later reads do not
 * meet it again. The move runs after the read's transaction (which may be read-only).
 *
 * Not checked: the upgrade transactions of migrations (they move rows as they are), and
 * the guard's own transactions, which include `setAside` and read rows raw.
 *
 * Call before `db.open()`. `now` stamps the set-aside rows.
 */
export function guardRows(db: CoveDatabase, now: () => number): SetAsideStore {
  const listeners = new Listeners<SetAsideRecord>();
  const pending = new Map<string, Found>();
  let moves: Promise<void> = Promise.resolve();

  const found = (table: string, key: unknown) => {
    const id = `${table}\u0000${JSON.stringify(key)}`;
    if (pending.has(id)) return;
    pending.set(id, { table, key });
    if (pending.size > 1) return;
    // The read that found it may still hold its transaction: the move waits its turn.
    moves = moves.then(() => Dexie.ignoreTransaction(() => moveAside()));
  };

  async function moveAside(): Promise<void> {
    const batch = [...pending.values()];
    pending.clear();
    if (!batch.length) return;
    const tables = new Set([SET_ASIDE, ...batch.map((entry) => entry.table)]);
    // `files` and `fileMeta` are kept in step: a move touches both.
    if (tables.has('files') || tables.has('fileMeta')) tables.add('files').add('fileMeta');
    let moved: SetAsideRecord[] = [];
    try {
      moved = await db.transaction('rw', [...tables], async () => {
        const records: SetAsideRecord[] = [];
        for (const { table, key } of batch) {
          // Read again, raw (this transaction includes setAside): another tab may have moved
          // or rewritten it since.
          const row: unknown = await db.table(table).get(key as never);
          const problem = row === undefined ? undefined : rowProblem(table, row);
          if (!problem) continue;
          const record: SetAsideRecord = { table, key, row, problem, setAsideAt: now() };
          record.id = (await db.table(SET_ASIDE).add(record)) as number;
          await db.table(table).delete(key as never);
          await keepFileMetaInStep(table, key);
          records.push(record);
        }
        return records;
      });
    } catch {
      // Storage refused the move (full, closed by a newer tab): the row stays where it is,
      // is left out of reads as before, and the next read that meets it tries again.
      return;
    }
    for (const record of moved) listeners.emit(record);
  }

  /**
   * A `files` row gone takes its metadata with it; a `fileMeta` row gone is rebuilt from
   * its file when that is sound, so the file stays listed.
   */
  async function keepFileMetaInStep(table: string, key: unknown) {
    if (table === 'files') await db.fileMeta.delete(key as [string, string]);
    if (table !== 'fileMeta') return;
    const file = (await db.files.get(key as [string, string])) as unknown;
    if (file !== undefined && !rowProblem('files', file))
      await db.fileMeta.put(fileMeta(file as FileRecord));
  }

  db.use({
    stack: 'dbcore',
    name: 'row-guard',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name) => guardTable(down.table(name), found),
    }),
  });

  return {
    async list() {
      await moves;
      return (await db.table(SET_ASIDE).toArray()) as SetAsideRecord[];
    },
    async delete(ids) {
      await db.table(SET_ASIDE).bulkDelete([...ids]);
    },
    subscribe: (listener) => listeners.subscribe(listener),
  };
}

/** Whether reads in `trans` are checked: not in upgrades, not in the guard's own moves. */
function checks(trans: unknown): boolean {
  const idb = trans as IDBTransaction;
  return idb.mode !== 'versionchange' && !idb.objectStoreNames.contains(SET_ASIDE);
}

function guardTable(table: DBCoreTable, found: (table: string, key: unknown) => void): DBCoreTable {
  const name = table.name;
  const extractKey = table.schema.primaryKey.extractKey;
  /** True when `value` may be returned; else reports it and returns false. */
  const sound = (value: unknown, key: () => unknown): boolean => {
    if (value === undefined || !rowProblem(name, value)) return true;
    found(name, key());
    return false;
  };
  if (name === SET_ASIDE) return table;
  return {
    ...table,
    async get(req) {
      const value: unknown = await table.get(req);
      return !checks(req.trans) || sound(value, () => req.key) ? value : undefined;
    },
    async getMany(req) {
      const values: unknown[] = await table.getMany(req);
      if (!checks(req.trans)) return values;
      return values.map((value, i) => (sound(value, () => req.keys[i]) ? value : undefined));
    },
    async query(req) {
      const response = await table.query(req);
      if (!req.values || !checks(req.trans)) return response;
      const result = response.result.filter((value: unknown) =>
        sound(value, () => extractKey?.(value)),
      );
      return result.length === response.result.length ? response : { ...response, result };
    },
    async openCursor(req) {
      const cursor = await table.openCursor(req);
      if (!cursor || req.values === false || !checks(req.trans)) return cursor;
      return skippingCursor(cursor, (value, key) => sound(value, () => key));
    },
  };
}

/** `cursor`, stepping over the rows `sound` refuses as if they were not there. */
function skippingCursor(
  cursor: DBCoreCursor,
  sound: (value: unknown, primaryKey: unknown) => boolean,
): DBCoreCursor {
  // Delegating getters, not a prototype: the platform's getters refuse another `this`.
  const skipping: DBCoreCursor = {
    get trans() {
      return cursor.trans;
    },
    get key(): unknown {
      return cursor.key;
    },
    get primaryKey(): unknown {
      return cursor.primaryKey;
    },
    get value(): unknown {
      return cursor.value;
    },
    get done() {
      return cursor.done;
    },
    continue: (...args: [unknown?]) => cursor.continue(...args),
    continuePrimaryKey: (key, primaryKey) => cursor.continuePrimaryKey(key, primaryKey),
    advance: (count) => cursor.advance(count),
    stop: (value) => cursor.stop(value),
    fail: (error) => cursor.fail(error),
    start: (onNext) =>
      cursor.start(() => {
        if (sound(cursor.value, cursor.primaryKey)) onNext();
        else cursor.continue();
      }),
    async next() {
      // As Dexie's own cursor does: one step, then stop.
      let gotOne = 1;
      await skipping.start(() => (gotOne-- ? skipping.continue() : skipping.stop()));
      return skipping;
    },
  };
  return skipping;
}
