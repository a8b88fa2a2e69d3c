// Tests of the store build databases as older Cove versions did, which needs Dexie; outside
// tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { SCHEMA_V1 } from './schema-v1';

/**
 * Frozen copy of Cove's IndexedDB schema version 2 (version 1 plus `profileKeys`) and file
 * rows as that version wrote them: contents only in `files`, no metadata table. Never edit:
 * migration tests open a database made with this and check that the current code upgrades it.
 */
export const SCHEMA_V2_ADDED = { profileKeys: 'id' } as const;

export const V2_ROWS = {
  workspaces: [
    { id: 'w1', name: 'Project', createdAt: 1, updatedAt: 5 },
    { id: 'w2', name: 'Other', createdAt: 2, updatedAt: 3 },
  ],
  files: [
    {
      workspaceId: 'w1',
      path: 'src',
      kind: 'folder',
      content: '',
      size: 0,
      mtime: 3,
      version: 1,
    },
    {
      workspaceId: 'w1',
      path: 'src/app.py',
      kind: 'file',
      content: 'def main():\n    return 1\n',
      size: 25,
      mtime: 4,
      version: 3,
    },
    {
      workspaceId: 'w1',
      path: 'data.bin',
      kind: 'file',
      content: new Uint8Array([0, 1, 2, 255]),
      size: 4,
      mtime: 5,
      version: 2,
    },
    {
      workspaceId: 'w1',
      path: 'README.md',
      kind: 'file',
      content: '# Project\n',
      size: 10,
      mtime: 2,
      version: 1,
    },
    {
      workspaceId: 'w2',
      path: 'main.py',
      kind: 'file',
      content: 'print(2)\n',
      size: 9,
      mtime: 3,
      version: 1,
    },
  ],
  settings: [{ key: 'ui.theme', value: 'light' }],
};

/** Creates a database as Cove's schema version 2 left it. */
export async function createV2Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  await db.open();
  await db.table('workspaces').bulkPut(V2_ROWS.workspaces);
  await db.table('files').bulkPut(V2_ROWS.files);
  await db.table('settings').bulkPut(V2_ROWS.settings);
  db.close();
}
