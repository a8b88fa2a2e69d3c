import { afterEach, describe, expect, it } from 'vitest';
import { LocalChangeFeed, type ChangeNotice } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { NodeRecord, SessionRecord } from '../../../src/store/records';
import { storeKinds } from '../../fakes/stores';

const session = (id: string, title = `Chat ${id}`): SessionRecord => ({
  id,
  workspaceId: 'w1',
  title,
  mode: 'agent',
  leafId: `${id}-a`,
  createdAt: 1,
  updatedAt: 2,
  starred: true,
  model: 'p/m',
});

const nodes = (sessionId: string): NodeRecord[] => [
  {
    id: `${sessionId}-q`,
    sessionId,
    parentId: null,
    role: 'user',
    content: 'How do I parse dates?',
    status: 'complete',
    startedAt: 1,
  },
  {
    id: `${sessionId}-a`,
    sessionId,
    parentId: `${sessionId}-q`,
    role: 'assistant',
    content: 'Use strptime.',
    status: 'complete',
    startedAt: 2,
  },
];

async function fill(store: CoveStore, sessionId: string) {
  await store.sessions.insert(session(sessionId), nodes(sessionId));
  await store.checkpoints.record({
    id: `${sessionId}-cp`,
    sessionId,
    workspaceId: 'w1',
    nodeId: `${sessionId}-a`,
    kind: 'turn',
    createdAt: 1,
    files: [{ path: 'main.py', content: `before ${sessionId}\n`, version: 1 }],
  });
}

describe.each(storeKinds)('Recently deleted over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  it('lists an entry with its title, first message and size, and tells every tab', async () => {
    store = await open();
    await fill(store, 's1');
    const notices: ChangeNotice[] = [];
    store.changes.subscribe((notice) => notices.push(notice));
    await store.trash.moveSession('e1', 's1', 10);
    expect(await store.trash.list('w1')).toEqual([
      {
        id: 'e1',
        kind: 'session',
        workspaceId: 'w1',
        sessionId: 's1',
        title: 'Chat s1',
        deletedAt: 10,
        messages: 2,
        first: 'How do I parse dates?',
      },
    ]);
    expect(await store.trash.list('w2')).toEqual([]);
    expect(notices.map((n) => n.change)).toEqual([
      { type: 'sessions', workspaceId: 'w1', sessionId: 's1' },
      { type: 'trash', workspaceId: 'w1' },
    ]);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('a conversation stored again under its id is not overwritten; the entry stays', async () => {
    store = await open();
    await fill(store, 's1');
    await store.trash.moveSession('e1', 's1', 10);
    // A backup restore brings a conversation with the same id back.
    await store.sessions.insert(session('s1', 'From the backup'), []);
    await expect(store.trash.restore('e1')).rejects.toMatchObject({ code: 'exists' });
    expect((await store.sessions.get('s1'))?.title).toBe('From the backup');
    expect(await store.sessions.nodes('s1')).toEqual([]);
    expect(await store.trash.list('w1')).toHaveLength(1);
    // Deleting the entry for good keeps the checkpoints the stored conversation uses.
    await store.trash.delete(['e1']);
    expect(await store.checkpoints.list('s1')).toHaveLength(1);
  });

  it('an entry restored once is gone: a second restore says so', async () => {
    store = await open();
    await fill(store, 's1');
    await store.trash.moveSession('e1', 's1', 10);
    await store.trash.restore('e1');
    await expect(store.trash.restore('e1')).rejects.toMatchObject({ code: 'missing' });
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('a delete that fails writes nothing: the conversation stays whole', async () => {
    store = await open();
    await fill(store, 's1');
    await fill(store, 's2');
    await store.trash.moveSession('e1', 's1', 10);
    await expect(store.trash.moveSession('e1', 's2', 11)).rejects.toThrow();
    expect(await store.sessions.get('s2')).toEqual(session('s2'));
    expect(await store.sessions.nodes('s2')).toHaveLength(2);
    expect((await store.trash.list('w1')).map((entry) => entry.sessionId)).toEqual(['s1']);
  });

  it('purge deletes what was deleted before the cutoff, with its checkpoints and blobs', async () => {
    store = await open();
    await fill(store, 'old');
    await fill(store, 'new');
    await store.trash.moveSession('e-old', 'old', 10);
    await store.trash.moveSession('e-new', 'new', 20);
    expect(await store.trash.purge(20)).toBe(1);
    expect((await store.trash.list('w1')).map((entry) => entry.id)).toEqual(['e-new']);
    expect(await store.checkpoints.list('old')).toEqual([]);
    expect(await store.checkpoints.list('new')).toHaveLength(1);
    expect(await store.checkpoints.blobCount()).toBe(1);
  });

  it('a branch goes back only under its parent', async () => {
    store = await open();
    await fill(store, 's1');
    await store.trash.moveBranch({
      id: 'b1',
      sessionId: 's1',
      rootId: 's1-a',
      nodeIds: ['s1-a'],
      leafAfter: 's1-q',
      leafOnRestore: 's1-a',
      deletedAt: 10,
    });
    await store.trash.moveBranch({
      id: 'b2',
      sessionId: 's1',
      rootId: 's1-q',
      nodeIds: ['s1-q'],
      leafAfter: null,
      leafOnRestore: 's1-q',
      deletedAt: 11,
    });
    await expect(store.trash.restore('b1')).rejects.toMatchObject({ code: 'missing' });
    await store.trash.restore('b2');
    await store.trash.restore('b1');
    expect((await store.sessions.get('s1'))?.leafId).toBe('s1-a');
    expect(await store.sessions.nodes('s1')).toHaveLength(2);
  });
});

describe('Recently deleted in IndexedDB', () => {
  it('survives closing the database: the entry is listed and restores after a reopen', async () => {
    const name = `cove-trash-${Date.now()}`;
    const first = await openDexieStore({ name, changes: new LocalChangeFeed() });
    await fill(first, 's1');
    await first.trash.moveSession('e1', 's1', 10);
    first.close();

    const again = await openDexieStore({ name, changes: new LocalChangeFeed() });
    try {
      expect((await again.trash.list('w1')).map((entry) => entry.title)).toEqual(['Chat s1']);
      await again.trash.restore('e1');
      expect(await again.sessions.get('s1')).toEqual(session('s1'));
      expect((await again.sessions.nodes('s1')).map((node) => node.content).sort()).toEqual([
        'How do I parse dates?',
        'Use strptime.',
      ]);
      expect(await again.checkpoints.list('s1')).toHaveLength(1);
    } finally {
      again.close();
    }
  });
});
