// A damaged row is written past the store, as a faulty build would leave it: that needs
// Dexie, which outside tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { CoveStore } from '../../../src/store/cove-store';
import type { NodeRecord } from '../../../src/store/records';
import type { RunRecord, RunStepRecord } from '../../../src/store/run-store';
import { storeKinds } from '../../fakes/stores';

const workspace = (id: string, name: string) => ({ id, name, createdAt: 1, updatedAt: 1 });
const session = (id: string, workspaceId: string, title: string) => ({
  id,
  workspaceId,
  title,
  mode: 'chat' as const,
  leafId: null,
  createdAt: 1,
  updatedAt: 1,
  starred: false,
});
const node = (id: string, sessionId: string, content: string): NodeRecord => ({
  id,
  sessionId,
  parentId: null,
  role: 'user',
  content,
  status: 'complete',
  startedAt: 1,
});
const run = (id: string, sessionId: string): RunRecord => ({
  id,
  sessionId,
  model: 'p/m',
  status: 'done',
  startedAt: 1,
  steps: 1,
  turns: 1,
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
});
const step = (runId: string, text: string): RunStepRecord => ({
  kind: 'model',
  id: `${runId}:0`,
  runId,
  seq: 0,
  turn: 1,
  startedAt: 1,
  model: 'm',
  retries: 0,
  text,
  reasoning: '',
  toolCalls: [],
});

/** Two workspaces: "Big" with a file, two conversations, a run and a checkpoint; "Small". */
async function fill(store: CoveStore) {
  await store.workspaces.put(workspace('w1', 'Big'));
  await store.workspaces.put(workspace('w2', 'Small'));
  await store.files.apply(
    'w1',
    [
      { type: 'put', path: 'data.csv', kind: 'file', content: 'a,b\n'.repeat(500) },
      { type: 'put', path: 'src', kind: 'folder', content: '' },
    ],
    1,
  );
  await store.files.apply('w2', [{ type: 'put', path: 'x.py', kind: 'file', content: 'x' }], 1);
  await store.sessions.insert(session('s1', 'w1', 'Long talk'), [
    node('n1', 's1', 'é'.repeat(400)),
    { ...node('n2', 's1', 'ok'), parentId: 'n1' },
  ]);
  await store.sessions.insert(session('s2', 'w1', 'Short talk'), [node('n3', 's2', 'hello')]);
  await store.runs.save(run('r1', 's2'), [step('r1', 'z'.repeat(1000))]);
  await store.checkpoints.record({
    id: 'c1',
    sessionId: 's2',
    workspaceId: 'w1',
    nodeId: 'n3',
    kind: 'turn',
    createdAt: 1,
    files: [{ path: 'data.csv', content: 'old text', version: 1 }],
  });
}

describe.each(storeKinds)('usage() over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  it('tells what each workspace and conversation holds, biggest first', async () => {
    store = await open();
    await fill(store);
    const { workspaces, unreferencedBlobs } = await store.usage.usage();
    expect(workspaces.map((w) => w.name)).toEqual(['Big', 'Small']);
    const [big, small] = workspaces;
    expect(big).toMatchObject({
      files: { count: 2, bytes: 2000 },
      conversations: { count: 2, bytes: 800 + 2 + 5 },
      runs: { count: 1, bytes: 1000 },
      checkpoints: 1,
      blobs: { count: 1, bytes: 8 },
      bytes: 2000 + 807 + 1000 + 8,
    });
    expect(
      big!.sessions.map((s) => [s.title, s.messages.count, s.messages.bytes, s.runs.count]),
    ).toEqual([
      ['Short talk', 1, 5, 1],
      ['Long talk', 2, 802, 0],
    ]);
    expect(small).toMatchObject({ files: { count: 1, bytes: 1 }, sessions: [] });
    expect(unreferencedBlobs).toEqual({ count: 0, bytes: 0 });
  });

  it('follows a deleted conversation and a deleted workspace', async () => {
    store = await open();
    await fill(store);
    await store.sessions.delete('s2');
    let big = (await store.usage.usage()).workspaces[0]!;
    expect(big.sessions.map((s) => s.title)).toEqual(['Long talk']);
    expect(big.runs).toEqual({ count: 0, bytes: 0 });
    // Its checkpoints stay until the Undo of the delete expires, then go with their blobs.
    await store.checkpoints.deleteSession('s2');
    big = (await store.usage.usage()).workspaces[0]!;
    expect([big.checkpoints, big.blobs.count]).toEqual([0, 0]);
    await store.workspaces.delete('w1');
    expect((await store.usage.usage()).workspaces.map((w) => w.name)).toEqual(['Small']);
  });

  it('stays quick over a workspace of 10,000 messages (and reads past a page of files)', async () => {
    store = await open();
    await store.workspaces.put(workspace('w1', 'Busy'));
    const files = Array.from({ length: 1_200 }, (_, i) => ({
      type: 'put' as const,
      path: `f${i}.txt`,
      kind: 'file' as const,
      content: 'abc',
    }));
    await store.files.apply('w1', files, 1);
    const nodes = Array.from({ length: 10_000 }, (_, i) =>
      node(`n${i}`, 's1', `message ${i} `.repeat(20)),
    );
    await store.sessions.insert(session('s1', 'w1', 'Long'), nodes);
    const started = performance.now();
    const usage = await store.usage.usage();
    const ms = performance.now() - started;
    expect(usage.workspaces[0]!.sessions[0]!.messages.count).toBe(10_000);
    expect(usage.workspaces[0]!.files).toEqual({ count: 1_200, bytes: 3_600 });
    // Generous on a shared 2-core machine; measured figures are in docs/ARCHITECTURE.md.
    expect(ms).toBeLessThan(5_000);
  });
});

describe('usage() over the Dexie store with a damaged row', () => {
  it('leaves the damaged message out and still counts every page after it', async () => {
    const name = `cove-usage-damaged-${Date.now()}`;
    const store = await openDexieStore({ name, changes: new LocalChangeFeed() });
    try {
      await store.workspaces.put(workspace('w1', 'Busy'));
      const nodes = Array.from({ length: 1_200 }, (_, i) =>
        node(`n${String(i).padStart(5, '0')}`, 's1', 'ab'),
      );
      await store.sessions.insert(session('s1', 'w1', 'Long'), nodes);
      // The last row of the first page loses its content, as a faulty write would leave it.
      const raw = new Dexie(name);
      await raw.open();
      await raw.table('nodes').update('n00499', { content: 42 });
      raw.close();
      const usage = await store.usage.usage();
      expect(usage.workspaces[0]!.sessions[0]!.messages).toEqual({ count: 1_199, bytes: 2_398 });
    } finally {
      store.close();
      await Dexie.delete(name);
    }
  });
});
