// The test counts raw rows, which needs Dexie; outside tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { NodeAttachment, NodeRecord, SessionRecord } from '../../../src/store/records';
import { planPathRepairs } from '../../../src/workspace/path-repair';
import { createV9Database, V9_ATTACHED_NODES } from './migrations/schema-v9';

let counter = 0;
const opened: { store: CoveStore; name: string }[] = [];

afterEach(async () => {
  for (const { store, name } of opened.splice(0)) {
    store.close();
    await Dexie.delete(name);
  }
});

async function openStore(name = `cove-blobs-${Date.now()}-${counter++}`) {
  const store = await openDexieStore({
    name,
    changes: new LocalChangeFeed(),
    planPathRenames: planPathRepairs,
  });
  opened.push({ store, name });
  return { store, name };
}

/** Reopens the database raw, as a reload would find it. */
async function raw<T>(name: string, read: (db: Dexie) => Promise<T>): Promise<T> {
  const db = new Dexie(name);
  await db.open();
  try {
    return await read(db);
  } finally {
    db.close();
  }
}

const blobRows = (name: string) => raw(name, (db) => db.table('attachmentBlobs').count());

const picture: NodeAttachment = {
  name: 'shot.png',
  text: '<image name="shot.png" width="40" height="30">',
  file: { kind: 'image', mime: 'image/png', size: 3000, hash: 'a'.repeat(64) },
  image: { url: `data:image/png;base64,${'iVBO'.repeat(800)}`, width: 40, height: 30 },
};
const pdf: NodeAttachment = {
  name: 'paper.pdf',
  text: `<document name="paper.pdf" pages="9">\n${'--- page 1 ---\nfirst\n'.repeat(100)}</document>`,
  note: 'read on request',
  file: { kind: 'pdf', mime: 'application/pdf', size: 9000, hash: 'b'.repeat(64), pages: 9 },
  source: '--- page 1 ---\n' + 'a long page '.repeat(400),
};
const mention: NodeAttachment = { name: 'main.py', text: 'print(1)\n' };

const session = (id: string): SessionRecord => ({
  id,
  workspaceId: 'w1',
  title: id,
  mode: 'chat',
  leafId: null,
  createdAt: 1,
  updatedAt: 1,
  starred: false,
});

const message = (
  id: string,
  sessionId: string,
  attachments: NodeAttachment[],
  parentId: string | null = null,
): NodeRecord => ({
  id,
  sessionId,
  parentId,
  role: 'user',
  content: `message ${id}`,
  attachments,
  status: 'complete',
  startedAt: 1,
});

describe('attachment contents are stored once per content hash', () => {
  it('the same file twice and a fork share one row; the row goes with the last message', async () => {
    const { store, name } = await openStore();
    await store.sessions.put(session('s1'));
    const first = message('m1', 's1', [picture, pdf, mention]);
    const second = message('m2', 's1', [picture], 'm1');
    await store.sessions.append(first, 2);
    await store.sessions.append(second, 3);
    // The picture's URL, the PDF's text and its pages: three rows, the picture's once.
    expect(await blobRows(name)).toBe(3);
    // Settings → Storage counts what each message shows, as when it was kept on it.
    const usage = await store.usage.usage();
    const messages = usage.workspaces[0]!.sessions[0]!.messages;
    expect(messages.bytes).toBeGreaterThan(2 * picture.image!.url.length + pdf.source!.length);

    // A fork copies the messages under new ids: no new row.
    const fork = [
      message('f1', 's2', [picture, pdf, mention]),
      message('f2', 's2', [picture], 'f1'),
    ];
    await store.sessions.insert({ ...session('s2'), leafId: 'f2' }, fork);
    expect(await blobRows(name)).toBe(3);

    // Stored without their contents, read with them, after a reload too.
    const stored = await raw(name, (db) => db.table('nodes').get('m1'));
    expect(stored.attachments[0].image.url).toBe('');
    expect(stored.attachments[2]).toEqual(mention);
    store.close();
    const reloaded = (await openStore(name)).store;
    expect(await reloaded.sessions.nodes('s1')).toEqual([first, second]);
    expect((await reloaded.sessions.open('s2')).path).toEqual(fork);

    // A backup carries the contents whole, and a restore stores them once again.
    const snapshot = await reloaded.snapshot();
    expect(snapshot.nodes.find((node) => node.id === 'f1')?.attachments).toEqual(
      fork[0]!.attachments,
    );

    // Deleting the original keeps what the fork still uses.
    await reloaded.sessions.delete('s1');
    expect(await blobRows(name)).toBe(3);
    // Removing the fork's second message: the picture is still in its first.
    await reloaded.sessions.removeNodes('s2', ['f2'], 'f1');
    expect(await blobRows(name)).toBe(3);
    // In Recently deleted the contents stay, to come back with a restore.
    await reloaded.trash.moveSession('e1', 's2', 5);
    expect(await blobRows(name)).toBe(3);
    await reloaded.trash.restore('e1');
    expect((await reloaded.sessions.nodes('s2'))[0]).toEqual(fork[0]);
    await reloaded.trash.moveSession('e2', 's2', 6);
    await reloaded.trash.delete(['e2']);
    expect(await blobRows(name)).toBe(0);

    await reloaded.restore(snapshot);
    expect(await blobRows(name)).toBe(3);
    expect(await reloaded.sessions.nodes('s1')).toEqual([first, second]);
    await reloaded.workspaces.delete('w1');
    expect(await blobRows(name)).toBe(0);
  });

  it('a branch deleted for good takes the contents only it used', async () => {
    const { store, name } = await openStore();
    await store.sessions.put(session('s1'));
    await store.sessions.append(message('m1', 's1', [picture]), 2);
    await store.sessions.append(message('m2', 's1', [pdf], 'm1'), 3);
    expect(await blobRows(name)).toBe(3);
    await store.trash.moveBranch({
      id: 'e1',
      sessionId: 's1',
      rootId: 'm2',
      nodeIds: ['m2'],
      deletedAt: 4,
      leafAfter: 'm1',
      leafOnRestore: 'm2',
    });
    expect(await blobRows(name)).toBe(3);
    await store.trash.purge(10);
    expect(await blobRows(name)).toBe(1);
  });

  it('schema 10 moves the attachments a version-9 database holds, once per content', async () => {
    const name = `cove-blobs-v9-${Date.now()}-${counter++}`;
    await createV9Database(name);
    const { store } = await openStore(name);
    // The picture (in both messages) and the PDF's text.
    expect(await blobRows(name)).toBe(2);
    const nodes = await store.sessions.nodes('s1');
    for (const node of V9_ATTACHED_NODES) expect(nodes.find((n) => n.id === node.id)).toEqual(node);
    const stored = await raw(name, (db) => db.table('nodes').get('a2'));
    expect(stored.attachments[0].image.url).toBe('');
    expect(stored.attachmentRefs).toHaveLength(1);
  });
});
