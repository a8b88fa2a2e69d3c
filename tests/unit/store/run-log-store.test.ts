// The migration test reads IndexedDB as a disk copy would: it needs Dexie, which outside
// tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoveStore } from '../../../src/store/cove-store';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import { CoveDatabase, SCHEMA_VERSION } from '../../../src/store/dexie-database';
import { createDexieLogStore } from '../../../src/store/dexie-log-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { LogRecord, LogStore } from '../../../src/store/log-store';
import { createMemoryLogStore } from '../../../src/store/memory-log-store';
import type { RunRecord, RunStepRecord } from '../../../src/store/run-store';
import { storeKinds } from '../../fakes/stores';
import { createV3Database, V3_ROWS } from './migrations/schema-v3';

const run = (id: string, extra: Partial<RunRecord> = {}): RunRecord => ({
  id,
  sessionId: 's1',
  model: 'p/m',
  status: 'running',
  startedAt: 100,
  steps: 0,
  turns: 0,
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  ...extra,
});

const modelStep = (runId: string, seq: number): RunStepRecord => ({
  kind: 'model',
  id: `${runId}:${seq}`,
  runId,
  seq,
  turn: 1,
  startedAt: 100 + seq,
  model: 'm',
  retries: 0,
  text: `reply ${seq}`,
  reasoning: '',
  toolCalls: [],
});

const entry = (i: number, level: LogRecord['level'] = 'error'): LogRecord => ({
  at: 1000 + i,
  level,
  source: 'provider',
  message: `failure ${i}`,
});

/** A store holding conversation s1, which the runs here belong to (a run needs its conversation). */
async function openWithConversation(open: () => Promise<CoveStore>): Promise<CoveStore> {
  const store = await open();
  await store.sessions.put({
    id: 's1',
    workspaceId: 'w1',
    title: 'Runs',
    mode: 'agent',
    leafId: null,
    createdAt: 0,
    updatedAt: 0,
    starred: false,
  });
  return store;
}

describe.each(storeKinds)('run store over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  it('saves a run with its steps and lists runs newest first', async () => {
    store = await openWithConversation(open);
    await store.runs.save(run('a', { startedAt: 1 }), [modelStep('a', 1), modelStep('a', 0)]);
    await store.runs.save(run('b', { startedAt: 5 }), []);
    // Writing a step again replaces it; the run row is updated in the same write.
    await store.runs.save(run('a', { startedAt: 1, status: 'done', steps: 2 }), [
      { ...modelStep('a', 1), text: 'final' } as RunStepRecord,
    ]);
    expect((await store.runs.list()).map((r) => r.id)).toEqual(['b', 'a']);
    const trace = await store.runs.get('a');
    expect(trace?.run).toMatchObject({ status: 'done', steps: 2 });
    expect(trace?.steps.map((s) => [s.seq, s.kind === 'model' ? s.text : ''])).toEqual([
      [0, 'reply 0'],
      [1, 'final'],
    ]);
    expect(await store.runs.get('nope')).toBeUndefined();
  });

  it('marks only the given runs that are still running as interrupted', async () => {
    store = await openWithConversation(open);
    await store.runs.save(run('live'), []);
    await store.runs.save(run('orphan'), []);
    await store.runs.save(run('over', { status: 'done', finishedAt: 7 }), []);
    expect((await store.runs.listRunning()).map((r) => r.id).sort()).toEqual(['live', 'orphan']);
    expect(await store.runs.markInterrupted(['orphan', 'over'], 999)).toBe(1);
    expect((await store.runs.get('orphan'))?.run).toMatchObject({
      status: 'interrupted',
      finishedAt: 999,
    });
    expect((await store.runs.get('over'))?.run).toMatchObject({ status: 'done', finishedAt: 7 });
    expect((await store.runs.get('live'))?.run.status).toBe('running');
  });

  it('prunes the oldest finished runs with their steps, keeping running ones', async () => {
    store = await openWithConversation(open);
    await store.runs.save(run('oldest', { startedAt: 1, status: 'done' }), [
      modelStep('oldest', 0),
    ]);
    await store.runs.save(run('old-running', { startedAt: 2 }), []);
    await store.runs.save(run('mid', { startedAt: 3, status: 'error' }), []);
    await store.runs.save(run('new', { startedAt: 4, status: 'done' }), []);
    expect(await store.runs.prune(1)).toBe(2);
    expect((await store.runs.list()).map((r) => r.id)).toEqual(['new', 'old-running']);
    expect(await store.runs.get('oldest')).toBeUndefined();
  });

  it('deletes a run with its steps', async () => {
    store = await openWithConversation(open);
    await store.runs.save(run('a'), [modelStep('a', 0)]);
    await store.runs.delete('a');
    expect(await store.runs.get('a')).toBeUndefined();
    expect(await store.runs.list()).toEqual([]);
  });

  it('keeps log entries in order with increasing seq, and clears them', async () => {
    store = await openWithConversation(open);
    const stored = await store.logs.append([entry(1), entry(2, 'warn')]);
    expect(stored.map((e) => e.seq)).toEqual([stored[0]!.seq, stored[0]!.seq! + 1]);
    await store.logs.append([entry(3)]);
    expect((await store.logs.list()).map((e) => [e.message, e.level])).toEqual([
      ['failure 1', 'error'],
      ['failure 2', 'warn'],
      ['failure 3', 'error'],
    ]);
    await store.logs.clear();
    expect(await store.logs.list()).toEqual([]);
  });
});

let dbCounter = 0;
const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});
const freshName = () => {
  const name = `cove-runlog-${Date.now()}-${dbCounter++}`;
  names.push(name);
  return name;
};

describe.each([
  {
    name: 'memory',
    make: (): { logs: LogStore; close(): void } => ({ logs: createMemoryLogStore(5), close() {} }),
  },
  {
    name: 'dexie (fake-indexeddb)',
    make: () => {
      const db = new CoveDatabase(freshName());
      return { logs: createDexieLogStore(db, 5), close: () => db.close() };
    },
  },
])('the log ring buffer ($name)', ({ make }) => {
  it('drops the oldest entries past its capacity, in one append or over many', async () => {
    const { logs, close } = make();
    await logs.append([1, 2, 3].map((i) => entry(i)));
    await logs.append([4, 5, 6, 7].map((i) => entry(i)));
    expect((await logs.list()).map((e) => e.message)).toEqual([
      'failure 3',
      'failure 4',
      'failure 5',
      'failure 6',
      'failure 7',
    ]);
    await logs.append([8, 9, 10, 11, 12, 13].map((i) => entry(i)));
    expect((await logs.list()).map((e) => e.message)).toEqual([
      'failure 9',
      'failure 10',
      'failure 11',
      'failure 12',
      'failure 13',
    ]);
    close();
  });
});

describe('migration to schema 4 (frozen fixture)', () => {
  it('from schema 3: adds the log table and the runs status index, keeping every row', async () => {
    const name = freshName();
    await createV3Database(name);
    const store = await openDexieStore({ name, changes: new LocalChangeFeed(), now: () => 1 });
    try {
      const raw = new Dexie(name);
      await raw.open();
      expect(raw.verno).toBe(SCHEMA_VERSION);
      expect(raw.tables.map((t) => t.name)).toContain('logs');
      expect(raw.table('runs').schema.indexes.map((i) => i.name)).toContain('status');
      raw.close();
      expect((await store.files.list('w1')).map((f) => f.path)).toEqual([
        'README.md',
        'data.bin',
        'src',
        'src/app.py',
      ]);
      expect((await store.files.get('w1', 'data.bin'))?.content).toEqual(
        new Uint8Array([0, 1, 2, 255]),
      );
      expect(await store.settings.get('ui.theme')).toBe('light');
      expect((await store.sessions.get('s1'))?.title).toBe(V3_ROWS.sessions[0]!.title);
      // The old run is found by the new index and can be marked interrupted.
      expect((await store.runs.listRunning()).map((r) => r.id)).toEqual(['run-old']);
      await store.logs.append([entry(1)]);
      expect(await store.logs.list()).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});
