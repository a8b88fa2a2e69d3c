// Tests of the store read what IndexedDB holds beside the store's own reads (the stored
// outline), which needs Dexie; outside tests only src/store may import it.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { activePath } from '../../../src/agent/session-tree';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { SessionRecord } from '../../../src/store/records';
import { storeKinds } from '../../fakes/stores';
import { EDITED_TREE, treeNode } from '../support/edited-tree';
import { waitUntil } from '../support/wait-until';

const session = (leafId: string | null): SessionRecord => ({
  id: 's',
  workspaceId: 'w',
  title: 'T',
  mode: 'chat',
  leafId,
  createdAt: 0,
  updatedAt: 0,
  starred: false,
});

const node = treeNode;
const TREE = EDITED_TREE;

const ids = (nodes: readonly { id: string }[]) => nodes.map((n) => n.id);
const sortedIds = (nodes: readonly { id: string }[]) => ids(nodes).sort();

describe.each(storeKinds)('opening a conversation over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  it('gives the whole tree without bodies and the active path with them', async () => {
    store = await open();
    await store.sessions.insert(session('a1b'), TREE);
    const opened = await store.sessions.open('s');
    expect(opened.session?.leafId).toBe('a1b');
    expect(ids(opened.path)).toEqual(['q1b', 'a1b']);
    expect(opened.path.map((n) => n.content)).toEqual(['text of q1b', 'text of a1b']);
    expect(sortedIds(opened.outline)).toEqual(sortedIds(TREE));
    const a2 = opened.outline.find((n) => n.id === 'a2')!;
    expect(a2).toMatchObject({ parentId: 'q2', role: 'assistant', startedAt: 4 });
  });

  it('a session that is gone or empty opens as nothing', async () => {
    store = await open();
    expect(await store.sessions.open('missing')).toEqual({
      session: undefined,
      outline: [],
      path: [],
    });
    await store.sessions.insert(session(null), []);
    const empty = await store.sessions.open('s');
    expect(empty.session?.id).toBe('s');
    expect(empty.path).toEqual([]);
  });
});

describe('the stored outline of a conversation (Dexie)', () => {
  const opened: { name: string; stores: CoveStore[] }[] = [];
  afterEach(async () => {
    for (const { name, stores } of opened.splice(0)) {
      for (const s of stores) s.close();
      await Dexie.delete(name);
    }
  });

  let n = 0;
  /** A database, and a way to open it as a new tab that has read nothing yet. */
  async function database() {
    const entry = { name: `cove-open-${Date.now()}-${n++}`, stores: [] as CoveStore[] };
    opened.push(entry);
    const tab = async () => {
      const store = await openDexieStore({ name: entry.name, changes: new LocalChangeFeed() });
      entry.stores.push(store);
      return store;
    };
    const raw = async <T>(read: (db: Dexie) => Promise<T>): Promise<T> => {
      const db = new Dexie(entry.name);
      await db.open();
      try {
        return await read(db);
      } finally {
        db.close();
      }
    };
    const storedOutline = () =>
      raw((db) => db.table('outlines').get('s') as Promise<{ ids: string[] } | undefined>);
    return { tab, raw, storedOutline };
  }

  /** Opens `s` in `store` and checks it against every node read in full. */
  async function expectTrueOpen(store: CoveStore) {
    const opened = await store.sessions.open('s');
    const session = await store.sessions.get('s');
    const nodes = await store.sessions.nodes('s');
    expect(opened.path).toEqual(activePath(nodes, session?.leafId ?? null));
    expect(sortedIds(opened.outline)).toEqual(sortedIds(nodes));
    return opened;
  }

  it('is stored on the first open and read instead of the nodes next time', async () => {
    const { tab, storedOutline } = await database();
    const first = await tab();
    await first.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
    await first.sessions.insert(session('a1b'), TREE);
    expect(await storedOutline()).toBeUndefined();
    await first.sessions.open('s');
    await waitUntil(async () =>
      expect(sortedIds((await storedOutline())!.ids.map((id) => ({ id })))).toEqual(
        sortedIds(TREE),
      ),
    );
    const later = await tab();
    const opened = await expectTrueOpen(later);
    expect(ids(opened.path)).toEqual(['q1b', 'a1b']);
  });

  // Invariant 12: a tab opening a session sees what the others wrote.
  it('follows what was written after it was stored: new messages, a deleted branch, its undo', async () => {
    const { tab, storedOutline } = await database();
    const writer = await tab();
    await writer.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
    await writer.sessions.insert(session('a1b'), TREE);
    await writer.sessions.open('s');
    await waitUntil(async () => expect(await storedOutline()).toBeDefined());

    // Appends are not written to the outline: a tab opening later finds them by key.
    await writer.sessions.append(node('q2b', 'a1b', 7), 7);
    await writer.sessions.append(node('a2b', 'q2b', 8), 8);
    expect(ids((await expectTrueOpen(await tab())).path)).toEqual(['q1b', 'a1b', 'q2b', 'a2b']);

    // The first branch goes to Recently deleted; the outline still names its nodes.
    await writer.trash.moveBranch({
      id: 't1',
      sessionId: 's',
      rootId: 'q1',
      nodeIds: ['q1', 'a1', 'q2', 'a2'],
      leafAfter: 'a2b',
      leafOnRestore: 'a2',
      deletedAt: 9,
    });
    const afterDelete = await expectTrueOpen(await tab());
    expect(sortedIds(afterDelete.outline)).toEqual(['a1b', 'a2b', 'q1b', 'q2b']);

    await writer.trash.restore('t1');
    const restored = await expectTrueOpen(await tab());
    expect(ids(restored.path)).toEqual(['q1', 'a1', 'q2', 'a2']);
  });

  it('a damaged outline costs a read, never a wrong tree, and is stored sound again', async () => {
    const { tab, raw, storedOutline } = await database();
    const writer = await tab();
    await writer.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
    await writer.sessions.insert(session('a1b'), TREE);
    const damaged = [
      { sessionId: 's', ids: 'q1', parentIds: [], roles: [], startedAt: [] },
      // A node that is not stored, a parent of another type, a repeat, an unknown role.
      {
        sessionId: 's',
        ids: ['q1', 'ghost', 'a1', 'a1', 'q2'],
        parentIds: [null, 'q1', 7, 'q1', 'a1'],
        roles: ['user', 'assistant', 'assistant', 'assistant', 'narrator'],
        startedAt: [1, 2, 2, 2, 3],
      },
      // Another session's outline under this key.
      { sessionId: 'other', ids: [], parentIds: [], roles: [], startedAt: [] },
      // Sound in shape, but the leaf's parent is a lie: the path's bodies say otherwise.
      {
        sessionId: 's',
        ids: TREE.map((n) => n.id),
        parentIds: TREE.map((n) => (n.id === 'a1b' ? 'a2' : n.parentId)),
        roles: TREE.map((n) => n.role),
        startedAt: TREE.map((n) => n.startedAt),
      },
    ];
    for (const row of damaged) {
      await raw((db) => db.table('outlines').put(row));
      await expectTrueOpen(await tab());
      // Stored again as the nodes say: every node under its real parent.
      await waitUntil(async () => {
        const stored = (await storedOutline()) as { ids: string[]; parentIds: string[] };
        const edges = stored.ids.map((id, i) => `${stored.parentIds[i]}>${id}`).sort();
        expect(edges).toEqual(TREE.map((n) => `${n.parentId}>${n.id}`).sort());
      });
    }
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('goes with its conversation: deleted, moved to Recently deleted, or with its workspace', async () => {
    const { tab, raw } = await database();
    const store = await tab();
    const outlines = () => raw((db) => db.table('outlines').count());
    const fill = async () => {
      await store.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
      await store.sessions.insert(session('a1b'), TREE);
      await store.sessions.open('s');
      await waitUntil(async () => expect(await outlines()).toBe(1));
    };
    await fill();
    await store.sessions.delete('s');
    expect(await outlines()).toBe(0);
    await fill();
    await store.trash.moveSession('t1', 's', 1);
    expect(await outlines()).toBe(0);
    await store.trash.delete(['t1']);
    await fill();
    await store.workspaces.delete('w');
    expect(await outlines()).toBe(0);
  });
});
