// Tests of the store build databases as older Cove versions did, which needs Dexie; outside
// tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_V2_ADDED, V2_ROWS } from './schema-v2';

/**
 * Frozen copy of Cove's IndexedDB schema version 3 (version 2 plus `fileMeta`) and rows as
 * that version wrote them. `runs` was declared but never written by Cove 3; the row here
 * stands for one a development build might have left, to show the upgrade keeps it. Never
 * edit: migration tests open a database made with this and check the current code upgrades it.
 */
export const SCHEMA_V3_ADDED = { fileMeta: '[workspaceId+path], workspaceId' } as const;

export const V3_ROWS = {
  ...V2_ROWS,
  sessions: [
    {
      id: 's1',
      workspaceId: 'w1',
      title: 'Old chat',
      mode: 'agent',
      leafId: null,
      createdAt: 1,
      updatedAt: 2,
    },
  ],
  runs: [
    {
      id: 'run-old',
      sessionId: 's1',
      model: 'p/m',
      status: 'running',
      startedAt: 10,
      steps: 0,
      turns: 0,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    },
  ],
};

/** Creates a database as Cove's schema version 3 left it. */
export async function createV3Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  db.version(3).stores(SCHEMA_V3_ADDED);
  await db.open();
  await db.table('workspaces').bulkPut(V3_ROWS.workspaces);
  await db.table('files').bulkPut(V3_ROWS.files);
  // Version 3 wrote every file's metadata beside it.
  await db.table('fileMeta').bulkPut(
    V3_ROWS.files.map(({ content, ...meta }) => ({
      ...meta,
      binary: typeof content !== 'string',
    })),
  );
  await db.table('settings').bulkPut(V3_ROWS.settings);
  await db.table('sessions').bulkPut(V3_ROWS.sessions);
  await db.table('runs').bulkPut(V3_ROWS.runs);
  db.close();
}
