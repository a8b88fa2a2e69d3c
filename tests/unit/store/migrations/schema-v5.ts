// Tests of the store build databases as older Cove versions did, which needs Dexie; outside
// tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_V2_ADDED } from './schema-v2';
import { SCHEMA_V3_ADDED } from './schema-v3';
import { SCHEMA_V4_CHANGED, V4_ROWS } from './schema-v4';

/**
 * Frozen copy of Cove's IndexedDB schema version 5 (version 4 plus `setAside`) and rows as
 * that version held them: everything of version 4, a set-aside row, and what versions before
 * the path rules of today left behind and version 5 could no longer reach — files in a
 * third workspace whose names have a blank segment or spaces at either end, a checkpoint
 * and the open tabs and unsaved journal naming them. Never edit: migration tests open a
 * database made with this and check the current code upgrades it.
 */
export const SCHEMA_V5_ADDED = { setAside: '++id, table' } as const;

const file = (path: string, content: string, kind: 'file' | 'folder' = 'file') => ({
  workspaceId: 'w3',
  path,
  kind,
  content,
  size: content.length,
  mtime: 5,
  version: 3,
});

export const V5_ROWS = {
  ...V4_ROWS,
  workspaces: [...V4_ROWS.workspaces, { id: 'w3', name: 'Spaces', createdAt: 3, updatedAt: 4 }],
  files: [
    ...V4_ROWS.files,
    file('notes.py', 'kept = True\n'),
    file(' notes.py', 'padded = 1\n'),
    file('src', '', 'folder'),
    file('src/ a.py ', 'a = 1\n'),
    file('   ', 'blank\n'),
    file('\u00a0docs\u3000', '', 'folder'),
    file('\u00a0docs\u3000/guide.md', '# Guide\n'),
  ],
  settings: [
    ...V4_ROWS.settings,
    { key: 'editor.tabs.w3', value: { paths: [' notes.py', 'notes.py'], active: ' notes.py' } },
    { key: 'editor.unsaved.w3', value: [{ path: 'src/ a.py ', text: 'a = 2\n', base: 3 }] },
  ],
  sessions: [
    ...V4_ROWS.sessions,
    {
      id: 's2',
      workspaceId: 'w3',
      title: 'Spaces chat',
      mode: 'agent',
      leafId: null,
      createdAt: 3,
      updatedAt: 4,
      starred: false,
    },
  ],
  checkpoints: [
    ...V4_ROWS.checkpoints,
    {
      id: 'c2',
      sessionId: 's2',
      workspaceId: 'w3',
      nodeId: 'n9',
      kind: 'turn',
      createdAt: 4,
      seq: 1,
      settledAt: 5,
      files: [
        {
          path: ' notes.py',
          blobHash: 'hash-padded',
          version: 2,
          binary: false,
          after: { blobHash: 'hash-padded-2', version: 3, binary: false },
        },
      ],
    },
  ],
  setAside: [
    {
      table: 'files',
      key: ['w1', 'broken.py'],
      row: { workspaceId: 'w1', path: 'broken.py' },
      problem: 'at size: expected number, received undefined',
      setAsideAt: 8,
    },
  ],
};

/** Creates a database as Cove's schema version 5 left it. */
export async function createV5Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  db.version(3).stores(SCHEMA_V3_ADDED);
  db.version(4).stores(SCHEMA_V4_CHANGED);
  db.version(5).stores(SCHEMA_V5_ADDED);
  await db.open();
  for (const [table, rows] of Object.entries(V5_ROWS)) await db.table(table).bulkPut(rows);
  // Every version since 3 wrote each file's metadata beside it.
  await db.table('fileMeta').bulkPut(
    V5_ROWS.files.map(({ content, ...meta }) => ({
      ...meta,
      binary: typeof content !== 'string',
    })),
  );
  db.close();
}
