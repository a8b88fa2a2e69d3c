// Tests of the store build databases as older Cove versions did, which needs Dexie; outside
// tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { SCHEMA_V1 } from './schema-v1';
import { SCHEMA_V2_ADDED } from './schema-v2';
import { SCHEMA_V3_ADDED } from './schema-v3';
import { SCHEMA_V4_CHANGED, V4_ROWS } from './schema-v4';
import { SCHEMA_V5_ADDED } from './schema-v5';

/**
 * Frozen copy of Cove's IndexedDB schema version 7 (version 5, the file-name repair of 6
 * which changed no table, and `trash`) and rows as that version wrote them: everything of
 * version 4 with a second branch in the session (an edited question and its reply, the
 * leaf), and a deleted conversation in the trash. Never edit: migration tests open a
 * database made with this and check the current code upgrades it.
 */
export const SCHEMA_V7_ADDED = { trash: 'id, workspaceId, sessionId, deletedAt' } as const;

const branch = [
  {
    id: 'n4',
    sessionId: 's1',
    parentId: null,
    role: 'user',
    content: 'Fix it, but read the tests first',
    status: 'complete',
    startedAt: 7,
  },
  {
    id: 'n5',
    sessionId: 's1',
    parentId: 'n4',
    role: 'assistant',
    content: 'The tests pass now.',
    model: 'p/m',
    status: 'complete',
    startedAt: 8,
    finishedAt: 9,
  },
];

const deletedSession = {
  id: 's2',
  workspaceId: 'w1',
  title: 'Old question',
  mode: 'chat',
  leafId: 'd2',
  createdAt: 10,
  updatedAt: 11,
  starred: false,
};

export const V7_ROWS = {
  ...V4_ROWS,
  sessions: [{ ...V4_ROWS.sessions[0]!, leafId: 'n5', updatedAt: 9 }],
  nodes: [...V4_ROWS.nodes, ...branch],
  trash: [
    {
      kind: 'session',
      id: 't1',
      workspaceId: 'w1',
      sessionId: 's2',
      title: 'Old question',
      deletedAt: 12,
      session: deletedSession,
      nodes: [
        {
          id: 'd1',
          sessionId: 's2',
          parentId: null,
          role: 'user',
          content: 'What is 2 + 2?',
          status: 'complete',
          startedAt: 10,
        },
        {
          id: 'd2',
          sessionId: 's2',
          parentId: 'd1',
          role: 'assistant',
          content: '4',
          status: 'complete',
          startedAt: 11,
        },
      ],
      runs: [],
      runSteps: [],
      settings: [],
    },
  ],
};

/** Creates a database as Cove's schema version 7 left it. */
export async function createV7Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  db.version(3).stores(SCHEMA_V3_ADDED);
  db.version(4).stores(SCHEMA_V4_CHANGED);
  db.version(5).stores(SCHEMA_V5_ADDED);
  db.version(6).stores({});
  db.version(7).stores(SCHEMA_V7_ADDED);
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
