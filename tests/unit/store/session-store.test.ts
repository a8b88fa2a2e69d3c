import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { CoveStore } from '../../../src/store/cove-store';
import type { NodeRecord } from '../../../src/store/records';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../fakes/stores';

const node = (
  id: string,
  parentId: string | null,
  extra: Partial<NodeRecord> = {},
): NodeRecord => ({
  id,
  sessionId: 's1',
  parentId,
  role: 'user',
  content: id,
  status: 'complete',
  startedAt: 1,
  ...extra,
});

describe.each(storeKinds)('session store over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const catalog = new WorkspaceCatalog(store, testClock());
    const workspace = await catalog.create('W');
    await store.sessions.put({
      id: 's1',
      workspaceId: workspace.id,
      title: 'First',
      mode: 'chat',
      leafId: null,
      createdAt: 1,
      updatedAt: 1,
      starred: false,
    });
    return { catalog, workspace };
  }

  it('appending a node moves the leaf in the same write', async () => {
    await setup();
    await store.sessions.append(node('a', null), 5);
    await store.sessions.append(node('b', 'a', { role: 'assistant' }), 6);
    const session = await store.sessions.get('s1');
    expect(session?.leafId).toBe('b');
    expect(session?.updatedAt).toBe(6);
    expect((await store.sessions.nodes('s1')).map((n) => n.id).sort()).toEqual(['a', 'b']);
  });

  it('refuses a node for a deleted session and leaves nothing behind', async () => {
    await setup();
    await store.sessions.delete('s1');
    await expect(store.sessions.append(node('a', null), 5)).rejects.toBeInstanceOf(CoveError);
    expect(await store.sessions.nodes('s1')).toEqual([]);
  });

  // Invariant 3: nothing is duplicated by retries, reloads or two tabs.
  it('a duplicate node id is refused, not written twice', async () => {
    await setup();
    await store.sessions.append(node('a', null), 5);
    await expect(store.sessions.append(node('a', null, { content: 'again' }), 6)).rejects.toThrow();
    const nodes = await store.sessions.nodes('s1');
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.content).toBe('a');
  });

  it('finds streaming nodes for recovery and updates them', async () => {
    await setup();
    await store.sessions.append(node('r', null, { role: 'assistant', status: 'streaming' }), 5);
    expect((await store.sessions.streamingNodes()).map((n) => n.id)).toEqual(['r']);
    await store.sessions.updateNode('r', { status: 'interrupted', content: 'partial' });
    expect(await store.sessions.streamingNodes()).toEqual([]);
    expect((await store.sessions.nodes('s1'))[0]).toMatchObject({
      status: 'interrupted',
      content: 'partial',
    });
  });

  it('deleting a workspace deletes its sessions and nodes', async () => {
    const { catalog, workspace } = await setup();
    await store.sessions.append(node('a', null), 5);
    await catalog.delete(workspace.id);
    expect(await store.sessions.get('s1')).toBeUndefined();
    expect(await store.sessions.nodes('s1')).toEqual([]);
  });

  it('announces session changes', async () => {
    const { workspace } = await setup();
    const seen: unknown[] = [];
    store.changes.subscribe(({ change }) => seen.push(change));
    await store.sessions.append(node('a', null), 5);
    expect(seen).toContainEqual({ type: 'sessions', workspaceId: workspace.id, sessionId: 's1' });
  });
});

describe('schema versions', () => {
  // Invariant 13: old code never writes to a newer database schema.
  it('refuses to open a database a newer Cove upgraded, saying to reload', async () => {
    const { openDexieStore } = await import('../../../src/store/dexie-store');
    const name = `cove-newer-${Date.now()}`;
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(name, 990);
      request.onupgradeneeded = () => {
        for (const table of ['workspaces', 'files', 'settings', 'sessions', 'nodes'])
          request.result.createObjectStore(table);
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await expect(openDexieStore({ name })).rejects.toMatchObject({
      code: 'old-version',
      hint: 'Reload the page to get the new version.',
    });
  });
});
