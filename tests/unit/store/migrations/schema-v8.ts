// Tests of the store build databases as older Cove versions did, which needs Dexie; outside
// tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_V2_ADDED } from './schema-v2';
import { SCHEMA_V3_ADDED } from './schema-v3';
import { SCHEMA_V4_CHANGED } from './schema-v4';
import { SCHEMA_V5_ADDED } from './schema-v5';
import { SCHEMA_V7_ADDED, V7_ROWS } from './schema-v7';

/**
 * Frozen copy of Cove's IndexedDB schema version 8 (version 7 and `outlines`, a cache) with
 * the rows of version 7 and no outline written yet. Never edit: migration tests open a
 * database made with this and check the current code upgrades it.
 */
export const SCHEMA_V8_ADDED = { outlines: 'sessionId' } as const;

/** Creates a database as Cove's schema version 8 left it. */
export async function createV8Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  db.version(3).stores(SCHEMA_V3_ADDED);
  db.version(4).stores(SCHEMA_V4_CHANGED);
  db.version(5).stores(SCHEMA_V5_ADDED);
  db.version(6).stores({});
  db.version(7).stores(SCHEMA_V7_ADDED);
  db.version(8).stores(SCHEMA_V8_ADDED);
  await db.open();
  for (const [table, rows] of Object.entries(V7_ROWS)) await db.table(table).bulkPut(rows);
  await db.table('fileMeta').bulkPut(
    V7_ROWS.files.map(({ content, ...meta }) => ({
      ...meta,
      binary: typeof content !== 'string',
    })),
  );
  db.close();
}
