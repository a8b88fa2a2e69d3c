// Tests of the store read IndexedDB as a disk copy would, and build databases as older Cove
// versions did: both need Dexie, which outside tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';

/**
 * Frozen copy of Cove's IndexedDB schema version 1 and rows as that version wrote them
 * (secrets in plain text). Never edit: migration tests open a database made with this and
 * check that the current code upgrades it.
 */
export const SCHEMA_V1 = {
  workspaces: 'id, updatedAt',
  files: '[workspaceId+path], workspaceId',
  settings: 'key',
  sessions: 'id, workspaceId, updatedAt',
  nodes: 'id, sessionId, parentId, status',
  runs: 'id, sessionId, startedAt',
  runSteps: 'id, runId',
  checkpoints: 'id, sessionId, nodeId',
  blobs: 'hash',
  mcpServers: 'id',
} as const;

export const V1_KEY = 'sk-v1-plaintext-0123456789';
export const V1_HEADER = 'v1-header-secret-value';

export const V1_ROWS = {
  workspaces: [{ id: 'w1', name: 'Old', createdAt: 1, updatedAt: 2 }],
  files: [
    {
      workspaceId: 'w1',
      path: 'main.py',
      kind: 'file',
      content: 'print(1)\n',
      size: 9,
      mtime: 2,
      version: 1,
    },
  ],
  settings: [
    { key: 'ui.theme', value: 'dark' },
    {
      key: 'llm.providers',
      value: [{ id: 'p1', name: 'Fake', presetId: 'custom', baseURL: 'http://127.0.0.1:9/v1' }],
    },
    {
      key: 'secret.providerKeys',
      value: {
        p1: { key: V1_KEY, origin: 'http://127.0.0.1:9', headers: { 'X-Api-Key': V1_HEADER } },
      },
    },
  ],
};

/** Creates a database as Cove's schema version 1 left it. */
export async function createV1Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  await db.open();
  await db.table('workspaces').bulkPut(V1_ROWS.workspaces);
  await db.table('files').bulkPut(V1_ROWS.files);
  await db.table('settings').bulkPut(V1_ROWS.settings);
  db.close();
}
