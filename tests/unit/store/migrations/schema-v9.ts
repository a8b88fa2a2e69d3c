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
import { SCHEMA_V8_ADDED } from './schema-v8';

/**
 * Frozen copy of Cove's IndexedDB schema version 9 (version 8 and the knowledge tables)
 * with the rows of version 7 and two messages carrying the same picture and a PDF inline,
 * as version 9 stored attachments. Never edit: migration tests open a database made with
 * this and check the current code upgrades it.
 */
export const SCHEMA_V9_ADDED = {
  knowledgeSources: '[workspaceId+path], workspaceId',
  knowledgeFiles: '[workspaceId+path], workspaceId',
  knowledgeChunks: 'id, workspaceId, [workspaceId+path]',
  knowledgeVectors: '[id+model], workspaceId, [workspaceId+path]',
} as const;

const picture = {
  name: 'shot.png',
  text: '<image name="shot.png" width="40" height="30">',
  file: { kind: 'image', mime: 'image/png', size: 3000, hash: 'f'.repeat(64) },
  image: { url: `data:image/png;base64,${'iVBO'.repeat(600)}`, width: 40, height: 30 },
};
const pages = Array.from({ length: 3 }, (_, i) => `--- page ${i + 1} ---\n${'words '.repeat(300)}`);
const pdf = {
  name: 'paper.pdf',
  text: `<document name="paper.pdf" pages="3">\n${pages.join('\n')}\n</document>`,
  file: { kind: 'pdf', mime: 'application/pdf', size: 9000, hash: 'e'.repeat(64), pages: 3 },
};

export const V9_ATTACHED_NODES = [
  {
    id: 'a1',
    sessionId: 's1',
    parentId: 'n5',
    role: 'user',
    content: 'What does this show?',
    attachments: [picture, pdf],
    status: 'complete',
    startedAt: 20,
  },
  {
    id: 'a2',
    sessionId: 's1',
    parentId: 'a1',
    role: 'user',
    content: 'And now?',
    attachments: [picture],
    status: 'complete',
    startedAt: 21,
  },
];

/** Creates a database as Cove's schema version 9 left it. */
export async function createV9Database(name: string): Promise<void> {
  const db = new Dexie(name);
  db.version(1).stores(SCHEMA_V1);
  db.version(2).stores(SCHEMA_V2_ADDED);
  db.version(3).stores(SCHEMA_V3_ADDED);
  db.version(4).stores(SCHEMA_V4_CHANGED);
  db.version(5).stores(SCHEMA_V5_ADDED);
  db.version(6).stores({});
  db.version(7).stores(SCHEMA_V7_ADDED);
  db.version(8).stores(SCHEMA_V8_ADDED);
  db.version(9).stores(SCHEMA_V9_ADDED);
  await db.open();
  for (const [table, rows] of Object.entries(V7_ROWS)) await db.table(table).bulkPut(rows);
  await db.table('nodes').bulkPut(V9_ATTACHED_NODES);
  await db.table('sessions').update('s1', { leafId: 'a2' });
  await db.table('fileMeta').bulkPut(
    V7_ROWS.files.map(({ content, ...meta }) => ({
      ...meta,
      binary: typeof content !== 'string',
    })),
  );
  db.close();
}
