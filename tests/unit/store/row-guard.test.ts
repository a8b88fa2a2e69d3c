// Damaged rows are written the way a faulty build or a disk error would leave them: straight
// into IndexedDB, past the store. That needs Dexie, which outside tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalChangeFeed, type ChangeNotice } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { SetAsideRecord } from '../../../src/store/set-aside-store';
import { setAsideWarning } from '../../../src/store/set-aside-store';
import { createV1Database } from './migrations/schema-v1';
import { createV2Database } from './migrations/schema-v2';
import { createV3Database } from './migrations/schema-v3';
import { createV4Database, V4_ROWS } from './migrations/schema-v4';
import { createV5Database } from './migrations/schema-v5';
import { createV7Database } from './migrations/schema-v7';
import { createV8Database } from './migrations/schema-v8';
import { createV9Database } from './migrations/schema-v9';
import { planPathRepairs } from '../../../src/workspace/path-repair';
import { activePath } from '../../../src/agent/session-tree';

let counter = 0;
const opened: { store: CoveStore; name: string }[] = [];

afterEach(async () => {
  for (const { store, name } of opened.splice(0)) {
    store.close();
    await Dexie.delete(name);
  }
});

async function openWith(rows: Record<string, unknown[]>) {
  const name = `cove-guard-${Date.now()}-${counter++}`;
  const changes = new LocalChangeFeed();
  const store = await openDexieStore({ name, changes, now: () => 42 });
  opened.push({ store, name });
  const raw = new Dexie(name);
  await raw.open();
  for (const [table, list] of Object.entries(rows)) await raw.table(table).bulkPut(list);
  raw.close();
  const notices: ChangeNotice[] = [];
  changes.subscribe((notice) => notices.push(notice));
  const warnings: string[] = [];
  store.setAside.subscribe((record) => warnings.push(setAsideWarning(record)));
  return { store, name, notices, warnings };
}

async function rawRows(name: string, table: string): Promise<unknown[]> {
  const raw = new Dexie(name);
  await raw.open();
  try {
    return await raw.table(table).toArray();
  } finally {
    raw.close();
  }
}

const workspace = (id: string) => ({ id, name: id, createdAt: 1, updatedAt: 2 });
const file = (path: string) => ({
  workspaceId: 'w1',
  path,
  kind: 'file',
  content: `# ${path}\n`,
  size: path.length + 3,
  mtime: 2,
  version: 1,
});
const meta = (path: string) => {
  const { content: _content, ...rest } = file(path);
  return { ...rest, binary: false };
};
const session = (id: string) => ({
  id,
  workspaceId: 'w1',
  title: `Chat ${id}`,
  mode: 'chat',
  leafId: null,
  createdAt: 1,
  updatedAt: 2,
  starred: false,
});
const node = (id: string) => ({
  id,
  sessionId: 's1',
  parentId: null,
  role: 'user',
  content: `hello ${id}`,
  status: 'complete',
  startedAt: 1,
});
const deletedBranch = (id: string, nodes: { id: string; [field: string]: unknown }[]) => ({
  kind: 'branch',
  id,
  workspaceId: 'w1',
  sessionId: 's1',
  title: 'Chat s1',
  deletedAt: 5,
  rootId: nodes[0]!.id,
  parentId: null,
  leafId: nodes[0]!.id,
  nodes,
});
const checkpoint = (id: string, seq: number) => ({
  id,
  sessionId: 's1',
  workspaceId: 'w1',
  nodeId: 'n1',
  kind: 'turn',
  createdAt: 1,
  seq,
  files: [{ path: 'a.py', blobHash: null, version: null, binary: false }],
});
const run = (id: string) => ({
  id,
  sessionId: 's1',
  model: 'p/m',
  status: 'done',
  startedAt: 1,
  steps: 0,
  turns: 0,
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
});
const step = (id: string, seq: number) => ({
  kind: 'model',
  id,
  runId: 'r1',
  seq,
  turn: 1,
  startedAt: 1,
  model: 'm',
  retries: 0,
  text: 'hi',
  reasoning: '',
  toolCalls: [],
});
const log = (seq: number) => ({ seq, at: 1, level: 'warn', source: 'app', message: `m${seq}` });

/**
 * One case per table: sound rows and one damaged row as stored, how Cove reads the table,
 * the ids that read must return (the damaged one left out), and the problem it must report.
 */
const cases: {
  table: string;
  rows: Record<string, unknown[]>;
  read: (store: CoveStore) => Promise<unknown[]>;
  expected: unknown[];
  /** What a later read returns, when the move repaired something (default: `expected`). */
  expectedAfter?: unknown[];
  key: unknown;
  problem: RegExp;
}[] = [
  {
    table: 'workspaces',
    rows: {
      workspaces: [
        workspace('w1'),
        { id: 'w2', name: 'Bad', createdAt: 'yesterday', updatedAt: 3 },
      ],
    },
    read: async (store) => (await store.workspaces.list()).map((w) => w.id),
    expected: ['w1'],
    key: 'w2',
    problem: /createdAt/,
  },
  {
    table: 'files',
    rows: {
      workspaces: [workspace('w1')],
      files: [file('a.py'), { ...file('b.py'), size: undefined }],
      fileMeta: [meta('a.py'), meta('b.py')],
    },
    read: async (store) => (await store.files.listWithContent('w1')).map((f) => f.path),
    expected: ['a.py'],
    key: ['w1', 'b.py'],
    problem: /size/,
  },
  {
    table: 'fileMeta',
    rows: {
      workspaces: [workspace('w1')],
      files: [file('a.py'), file('b.py')],
      fileMeta: [meta('a.py'), { ...meta('b.py'), kind: 7 }],
    },
    read: async (store) => (await store.files.list('w1')).map((f) => f.path),
    expected: ['a.py'],
    expectedAfter: ['a.py', 'b.py'],
    key: ['w1', 'b.py'],
    problem: /kind/,
  },
  {
    table: 'settings',
    rows: {
      settings: [
        { key: 'ui.preferences', value: { theme: 'dark' } },
        { key: 'editor.tabs.w1', value: { active: 'a.py' } },
      ],
    },
    read: async (store) => [
      await store.settings.get('ui.preferences'),
      await store.settings.get('editor.tabs.w1'),
    ],
    expected: [{ theme: 'dark' }, undefined],
    key: 'editor.tabs.w1',
    problem: /at value\.paths/,
  },
  {
    table: 'sessions',
    rows: { sessions: [session('s1'), { ...session('s2'), mode: 'shout' }] },
    read: async (store) => (await store.sessions.list('w1')).map((s) => s.id),
    expected: ['s1'],
    key: 's2',
    problem: /mode/,
  },
  {
    table: 'nodes',
    rows: {
      sessions: [session('s1')],
      nodes: [node('n1'), { ...node('n2'), content: { text: 'not a string' } }],
    },
    read: async (store) => (await store.sessions.nodes('s1')).map((n) => n.id),
    expected: ['n1'],
    key: 'n2',
    problem: /content/,
  },
  {
    table: 'checkpoints',
    rows: { checkpoints: [checkpoint('c1', 1), { ...checkpoint('c2', 2), files: 'all' }] },
    read: async (store) => (await store.checkpoints.list('s1')).map((c) => c.id),
    expected: ['c1'],
    key: 'c2',
    problem: /files/,
  },
  {
    table: 'blobs',
    rows: {
      blobs: [
        { hash: 'h1', content: 'one' },
        { hash: 'h2', content: 12 },
      ],
    },
    read: async (store) => [
      ...(await store.checkpoints.blobs(['h1'])).keys(),
      await store.checkpoints.blobs(['h2']).catch(() => 'missing'),
    ],
    expected: ['h1', 'missing'],
    key: 'h2',
    problem: /content/,
  },
  {
    table: 'runs',
    rows: { runs: [run('r1'), { ...run('r2'), usage: null }] },
    read: async (store) => (await store.runs.list()).map((r) => r.id),
    expected: ['r1'],
    key: 'r2',
    problem: /usage/,
  },
  {
    table: 'runSteps',
    rows: { runs: [run('r1')], runSteps: [step('r1:0', 0), { ...step('r1:1', 1), toolCalls: 3 }] },
    read: async (store) => (await store.runs.get('r1'))!.steps.map((s) => s.id),
    expected: ['r1:0'],
    key: 'r1:1',
    problem: /toolCalls/,
  },
  {
    table: 'trash',
    rows: {
      trash: [
        deletedBranch('t1', [node('n1')]),
        deletedBranch('t2', [{ ...node('n2'), role: 'robot' }]),
      ],
    },
    read: async (store) => (await store.trash.list('w1')).map((entry) => entry.id),
    expected: ['t1'],
    key: 't2',
    problem: /role/,
  },
  {
    table: 'logs',
    rows: { logs: [log(1), { ...log(2), level: 'loud' }] },
    read: async (store) => (await store.logs.list()).map((entry) => entry.seq),
    expected: [1],
    key: 2,
    problem: /level/,
  },
];

describe('the row guard (Dexie store)', () => {
  for (const testCase of cases) {
    it(`sets a damaged row of ${testCase.table} aside and returns the others`, async () => {
      const { store, name, notices, warnings } = await openWith(testCase.rows);
      expect(await testCase.read(store)).toEqual(testCase.expected);
      const aside = await store.setAside.list();
      expect(aside).toHaveLength(1);
      const [record] = aside as [SetAsideRecord];
      expect(record).toMatchObject({ table: testCase.table, key: testCase.key, setAsideAt: 42 });
      expect(record.problem).toMatch(testCase.problem);
      // Kept exactly as stored, and gone from its table.
      const damaged = testCase.rows[testCase.table]!.at(-1);
      expect(record.row).toEqual(damaged);
      // A damaged metadata row is rebuilt from its sound file row (see the test below).
      const rebuilt = testCase.table === 'fileMeta' ? 1 : 0;
      expect(await rawRows(name, testCase.table)).toHaveLength(
        testCase.rows[testCase.table]!.length - 1 + rebuilt,
      );
      expect(warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Cove set aside a damaged row of ${testCase.table} \\(.+\\): .+ It is kept in Settings → Storage\\.$`,
          ),
        ),
      ]);
      expect(notices.map((notice) => notice.change)).toContainEqual({ type: 'setAside' });
      // Read again: the same answer, nothing more set aside.
      expect(await testCase.read(store)).toEqual(testCase.expectedAfter ?? testCase.expected);
      expect(await store.setAside.list()).toHaveLength(1);
      await store.setAside.delete([record.id!]);
      expect(await store.setAside.list()).toEqual([]);
    });
  }

  it('keeps a file listed when only its metadata row was damaged', async () => {
    const { store, name } = await openWith(cases.find((c) => c.table === 'fileMeta')!.rows);
    await store.files.list('w1');
    await store.setAside.list();
    expect((await store.files.list('w1')).map((f) => f.path)).toEqual(['a.py', 'b.py']);
    expect(await rawRows(name, 'fileMeta')).toHaveLength(2);
  });

  it('drops the metadata of a file row it sets aside, so the tree does not list it', async () => {
    const { store, name } = await openWith(cases.find((c) => c.table === 'files')!.rows);
    expect(await store.files.get('w1', 'b.py')).toBeUndefined();
    await store.setAside.list();
    expect((await store.files.list('w1')).map((f) => f.path)).toEqual(['a.py']);
    expect(await rawRows(name, 'fileMeta')).toHaveLength(1);
  });

  it('checks rows met by a cursor (a search over messages)', async () => {
    const { store } = await openWith(cases.find((c) => c.table === 'nodes')!.rows);
    // No message matches, so the cursor meets every row, the damaged one included.
    expect(await store.sessions.search('w1', 'nowhere')).toEqual([]);
    expect((await store.setAside.list()).map((r) => r.key)).toEqual(['n2']);
  });

  it('leaves damaged rows out of a backup snapshot and sets them aside', async () => {
    const { store } = await openWith({
      workspaces: [workspace('w1')],
      files: [file('a.py'), { ...file('b.py'), content: 5 }],
      sessions: [session('s1'), { ...session('s2'), leafId: 3 }],
    });
    const snapshot = await store.snapshot();
    expect(snapshot.files.map((f) => f.path)).toEqual(['a.py']);
    expect(snapshot.sessions.map((s) => s.id)).toEqual(['s1']);
    expect((await store.setAside.list()).map((r) => r.table).sort()).toEqual(['files', 'sessions']);
  });
});

describe('set-aside rows in the memory store', () => {
  it('lists, tells and deletes what was added', async () => {
    const store = createMemoryStore();
    const heard: SetAsideRecord[] = [];
    store.setAside.subscribe((record) => heard.push(record));
    expect(await store.setAside.list()).toEqual([]);
    const record = store.setAside.add({
      table: 'settings',
      key: 'editor.tabs.w1',
      row: { key: 'editor.tabs.w1', value: {} },
      problem: 'at value.paths: Invalid input',
      setAsideAt: 1,
    });
    expect(heard).toEqual([record]);
    expect(await store.setAside.list()).toEqual([record]);
    await store.setAside.delete([record.id!]);
    expect(await store.setAside.list()).toEqual([]);
  });
});

describe('migration to the current schema (frozen fixtures)', () => {
  const fixtures = [
    { version: 1, create: createV1Database },
    { version: 2, create: createV2Database },
    { version: 3, create: createV3Database },
    { version: 4, create: createV4Database },
    { version: 5, create: createV5Database },
    { version: 7, create: createV7Database },
    { version: 8, create: createV8Database },
    { version: 9, create: createV9Database },
  ];
  for (const { version, create } of fixtures) {
    it(`from schema ${version}: every row an older Cove wrote passes the guard`, async () => {
      const name = `cove-guard-v${version}-${Date.now()}-${counter++}`;
      await create(name);
      const store = await openDexieStore({
        name,
        changes: new LocalChangeFeed(),
        now: () => 1,
        planPathRenames: planPathRepairs,
      });
      opened.push({ store, name });
      const snapshot = await store.snapshot();
      for (const workspace of snapshot.workspaces) await store.files.list(workspace.id);
      for (const session of snapshot.sessions) {
        // No outline is stored yet: opening builds it from the nodes.
        const first = await store.sessions.open(session.id);
        const nodes = await store.sessions.nodes(session.id);
        expect(first.path).toEqual(activePath(nodes, session.leafId));
        expect(first.outline.map((n) => n.id).sort()).toEqual(nodes.map((n) => n.id).sort());
        await store.checkpoints.list(session.id);
      }
      const runs = await store.runs.list();
      for (const { id } of runs) await store.runs.get(id);
      await store.checkpoints.blobs(version >= 4 ? ['hash-app'] : []);
      await store.logs.list();
      // Version 5's fixture holds one row set aside before the upgrade; nothing else joins it.
      expect((await store.setAside.list()).map((row) => row.table)).toEqual(
        version === 5 ? ['files'] : [],
      );
      if (version >= 4) {
        expect(snapshot.nodes.map((n) => n.id).sort()).toEqual(
          version >= 9
            ? ['a1', 'a2', 'n1', 'n2', 'n3', 'n4', 'n5']
            : version >= 7
              ? ['n1', 'n2', 'n3', 'n4', 'n5']
              : ['n1', 'n2', 'n3'],
        );
        expect(runs.map((r) => r.id).sort()).toEqual(['run-done', 'run-old']);
        expect((await store.runs.get('run-done'))!.steps).toHaveLength(2);
        expect(await store.settings.get('editor.tabs.w1')).toEqual(
          V4_ROWS.settings.find((row) => row.key === 'editor.tabs.w1')!.value,
        );
      }
      if (version >= 7) {
        // The knowledge tables of schema 9 start empty.
        expect(await store.knowledge.sources('w1')).toEqual([]);
        expect((await store.sessions.open('s1')).path.map((n) => n.id)).toEqual(
          version >= 9 ? ['n4', 'n5', 'a1', 'a2'] : ['n4', 'n5'],
        );
        // A conversation deleted before the upgrade comes back from the trash, whole.
        expect((await store.trash.list('w1')).map((entry) => entry.id)).toEqual(['t1']);
        await store.trash.restore('t1');
        expect((await store.sessions.open('s2')).path.map((n) => n.content)).toEqual([
          'What is 2 + 2?',
          '4',
        ]);
      }
    });
  }
});
