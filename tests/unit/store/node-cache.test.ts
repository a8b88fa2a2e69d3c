import { afterEach, describe, expect, it } from 'vitest';
import { Listeners } from '../../../src/base/listeners';
import type { ChangeFeed, ChangeNotice, StoreChange } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import { NodeCache } from '../../../src/store/node-cache';
import type { NodeRecord } from '../../../src/store/records';

/** Two tabs' change feeds: what one publishes reaches the other as not local. */
function feedPair(): [ChangeFeed, ChangeFeed] {
  const make = (): ChangeFeed & { deliver(change: StoreChange): void } => {
    const listeners = new Listeners<ChangeNotice>();
    return {
      publish(change) {
        listeners.emit({ change, local: true });
        other(this).deliver(change);
      },
      deliver: (change) => listeners.emit({ change, local: false }),
      subscribe: (listener) => listeners.subscribe(listener),
      close() {},
    };
  };
  const a = make();
  const b = make();
  const other = (feed: unknown) => (feed === a ? b : a);
  return [a, b];
}

const node = (id: string, parentId: string | null, content = id): NodeRecord => ({
  id,
  sessionId: 's',
  parentId,
  role: 'user',
  content,
  status: 'complete',
  startedAt: 1,
});

let n = 0;
describe('the Dexie store keeps the nodes it read in memory', () => {
  const stores: CoveStore[] = [];
  afterEach(() => stores.splice(0).forEach((s) => s.close()));

  async function twoTabs() {
    const name = `cove-node-cache-${Date.now()}-${n++}`;
    const [feedA, feedB] = feedPair();
    const a = await openDexieStore({ name, changes: feedA });
    const b = await openDexieStore({ name, changes: feedB });
    stores.push(a, b);
    await a.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
    await a.sessions.insert(
      {
        id: 's',
        workspaceId: 'w',
        title: 'T',
        mode: 'chat',
        leafId: 'q',
        createdAt: 0,
        updatedAt: 0,
        starred: false,
      },
      [node('q', null)],
    );
    return { a, b };
  }

  it('what this tab writes is in what it reads next', async () => {
    const { a } = await twoTabs();
    await a.sessions.nodes('s');
    await a.sessions.append(node('r', 'q', ''), 2);
    await a.sessions.updateNode('r', { content: 'grown', status: 'complete' });
    const rows = await a.sessions.nodes('s');
    expect(rows.map((r) => [r.id, r.content])).toEqual([
      ['q', 'q'],
      ['r', 'grown'],
    ]);
    await a.sessions.removeNodes('s', ['r'], 'q');
    expect((await a.sessions.nodes('s')).map((r) => r.id)).toEqual(['q']);
  });

  it('a list handed out does not change when the store writes later', async () => {
    const { a } = await twoTabs();
    const before = await a.sessions.nodes('s');
    await a.sessions.append(node('r', 'q'), 2);
    expect(before).toHaveLength(1);
  });

  // Invariant 12: one tab writes a session at a time; the others see it live.
  it('another tab’s write is read from the database, not from memory', async () => {
    const { a, b } = await twoTabs();
    expect(await b.sessions.nodes('s')).toHaveLength(1);
    await a.sessions.append(node('from-a', 'q', 'written in tab A'), 3);
    await a.sessions.updateNode('q', { content: 'edited in tab A' });
    const rows = await b.sessions.nodes('s');
    expect(rows.map((r) => r.content).sort()).toEqual(['edited in tab A', 'written in tab A']);
  });
});

describe('a read of the nodes that a write overtakes', () => {
  /** A load the test resolves when it wants: the database answering late. */
  function lateLoad() {
    let resolve!: (rows: NodeRecord[]) => void;
    const rows = new Promise<NodeRecord[]>((r) => (resolve = r));
    return { load: () => rows, answer: resolve };
  }

  // Invariant 12: what a tab reads of a session is what is stored, its own writes included.
  it('is handed to its caller but not kept, so the next read asks the database again', async () => {
    const cache = new NodeCache();
    const late = lateLoad();
    const reading = cache.read('s', late.load);
    // The question is stored while the read (which began before it) is under way.
    cache.added(node('r', 'q'));
    late.answer([node('q', null)]);
    expect((await reading).map((row) => row.id)).toEqual(['q']);
    expect(cache.get('s')).toBeUndefined();
    expect((await cache.read('s', async () => [node('q', null), node('r', 'q')])).length).toBe(2);
    expect(cache.get('s')?.map((row) => row.id)).toEqual(['q', 'r']);
  });

  it('is shared by callers until a write overtakes it; a change elsewhere overtakes all', async () => {
    const cache = new NodeCache();
    const late = lateLoad();
    let loads = 0;
    const first = cache.read('s', () => (loads++, late.load()));
    const joined = cache.read('s', () => (loads++, late.load()));
    expect(cache.pending('s')).toBeDefined();
    // An update of a node this cache does not hold may belong to the session being read.
    cache.changed('unknown', { content: 'grown' });
    expect(cache.pending('s')).toBeUndefined();
    late.answer([node('q', null)]);
    expect(await first).toEqual(await joined);
    expect(loads).toBe(1);
    expect(cache.get('s')).toBeUndefined();
  });

  it('that nothing overtook is kept', async () => {
    const cache = new NodeCache();
    const late = lateLoad();
    const reading = cache.read('s', late.load);
    cache.added({ ...node('x', null), sessionId: 'another' });
    late.answer([node('q', null)]);
    await reading;
    expect(cache.get('s')?.map((row) => row.id)).toEqual(['q']);
  });
});
