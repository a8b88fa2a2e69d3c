import { afterEach, describe, expect, it } from 'vitest';
import type { CoveStore } from '../../../src/store/cove-store';
import type { NodeRecord, SessionRecord } from '../../../src/store/records';
import type { ModelStepRecord, RunRecord } from '../../../src/store/run-store';
import { storeKinds } from '../../fakes/stores';

const WS = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const session = (id: string, workspaceId: string): SessionRecord => ({
  id,
  workspaceId,
  title: id,
  mode: 'agent',
  leafId: `${id}-a`,
  createdAt: 1,
  updatedAt: 1,
  starred: false,
});

const nodes = (sessionId: string): NodeRecord[] => [
  {
    id: `${sessionId}-q`,
    sessionId,
    parentId: null,
    role: 'user',
    content: 'q',
    status: 'complete',
    startedAt: 1,
  },
  {
    id: `${sessionId}-a`,
    sessionId,
    parentId: `${sessionId}-q`,
    role: 'assistant',
    content: 'a',
    status: 'complete',
    startedAt: 2,
  },
];

const run = (id: string, sessionId: string): RunRecord => ({
  id,
  sessionId,
  model: 'p/m',
  status: 'done',
  startedAt: 1,
  steps: 1,
  turns: 1,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
});

const step = (runId: string): ModelStepRecord => ({
  id: `${runId}-0`,
  runId,
  seq: 0,
  turn: 1,
  startedAt: 1,
  kind: 'model',
  model: 'p/m',
  retries: 0,
  text: 'a',
  reasoning: '',
  toolCalls: [],
});

/** Fills a workspace with a conversation and everything a conversation may own. */
async function fill(store: CoveStore, workspaceId: string, sessionId: string, content: string) {
  await store.workspaces.put({ id: workspaceId, name: workspaceId, createdAt: 1, updatedAt: 1 });
  await store.files.apply(
    workspaceId,
    [{ type: 'put', path: 'main.py', kind: 'file', content: 'print(1)\n' }],
    1,
  );
  await store.sessions.insert(session(sessionId, workspaceId), nodes(sessionId));
  await store.runs.save(run(`${sessionId}-run`, sessionId), [step(`${sessionId}-run`)]);
  await store.checkpoints.record({
    id: `${sessionId}-cp`,
    sessionId,
    workspaceId,
    nodeId: `${sessionId}-a`,
    kind: 'turn',
    createdAt: 1,
    files: [{ path: 'main.py', content, version: 1 }],
  });
  await store.settings.set(`editor.tabs.${workspaceId}`, { paths: ['main.py'] });
  await store.settings.set(`agent.policy.${sessionId}`, 'auto');
}

/** The rows a workspace and its conversation hold, table by table, through the store's API. */
async function rowsOf(store: CoveStore, workspaceId: string, sessionId: string) {
  return {
    workspaces: (await store.workspaces.get(workspaceId)) ? 1 : 0,
    files: (await store.files.list(workspaceId)).length,
    sessions: (await store.sessions.list(workspaceId)).length,
    nodes: (await store.sessions.nodes(sessionId)).length,
    runs: (await store.runs.list()).filter((r) => r.sessionId === sessionId).length,
    runSteps: (await store.runs.get(`${sessionId}-run`))?.steps.length ?? 0,
    checkpoints: (await store.checkpoints.list(sessionId)).length,
    settings:
      ((await store.settings.get(`editor.tabs.${workspaceId}`)) !== undefined ? 1 : 0) +
      ((await store.settings.get(`agent.policy.${sessionId}`)) !== undefined ? 1 : 0),
    trash: (await store.trash.list(workspaceId)).length,
  };
}

const FULL = {
  workspaces: 1,
  files: 1,
  sessions: 1,
  nodes: 2,
  runs: 1,
  runSteps: 1,
  checkpoints: 1,
  settings: 2,
  trash: 0,
};
const NONE = Object.fromEntries(Object.keys(FULL).map((table) => [table, 0]));

describe.each(storeKinds)('what a delete takes with it, over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('deleting a workspace removes every row it owned, its unshared blobs, and nothing of another', async () => {
    store = await open();
    const s1 = '33333333-3333-4333-8333-333333333333';
    const s2 = '44444444-4444-4444-8444-444444444444';
    await fill(store, WS, s1, 'only here\n');
    await fill(store, OTHER, s2, 'elsewhere\n');
    expect(await rowsOf(store, WS, s1)).toEqual(FULL);
    expect(await store.checkpoints.blobCount()).toBe(2);

    await store.workspaces.delete(WS);
    expect(await rowsOf(store, WS, s1)).toEqual(NONE);
    expect(await store.checkpoints.blobCount()).toBe(1);
    expect(await rowsOf(store, OTHER, s2)).toEqual(FULL);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('deleting a conversation removes its nodes, runs and settings; its checkpoints wait for Undo', async () => {
    store = await open();
    const s1 = '55555555-5555-4555-8555-555555555555';
    await fill(store, WS, s1, 'kept for undo\n');
    await store.sessions.delete(s1);
    expect(await rowsOf(store, WS, s1)).toEqual({
      ...NONE,
      workspaces: 1,
      files: 1,
      checkpoints: 1,
      // The workspace's own settings stay.
      settings: 1,
    });
    await store.checkpoints.deleteSession(s1);
    expect((await rowsOf(store, WS, s1)).checkpoints).toBe(0);
    expect(await store.checkpoints.blobCount()).toBe(0);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('a conversation moved to Recently deleted holds all it owned; restore gives back every row', async () => {
    store = await open();
    const s1 = '66666666-6666-4666-8666-666666666666';
    await fill(store, WS, s1, 'kept while deleted\n');
    const before = {
      session: await store.sessions.get(s1),
      nodes: await store.sessions.nodes(s1),
      run: await store.runs.get(`${s1}-run`),
    };
    const entry = await store.trash.moveSession('e1', s1, 10);
    expect(entry).toMatchObject({ kind: 'session', sessionId: s1, title: s1, messages: 2 });
    expect(await rowsOf(store, WS, s1)).toEqual({
      ...NONE,
      workspaces: 1,
      files: 1,
      checkpoints: 1,
      settings: 1,
      trash: 1,
    });
    await store.trash.restore('e1');
    expect(await rowsOf(store, WS, s1)).toEqual(FULL);
    expect(await store.sessions.get(s1)).toEqual(before.session);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect((await store.sessions.nodes(s1)).sort(byId)).toEqual(before.nodes.sort(byId));
    expect(await store.runs.get(`${s1}-run`)).toEqual(before.run);
    expect(await store.settings.get(`agent.policy.${s1}`)).toBe('auto');
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('a run that goes on after its conversation was deleted writes no trace rows; Undo gives back the trace as it was', async () => {
    store = await open();
    const s1 = '88888888-8888-4888-8888-888888888888';
    await fill(store, WS, s1, 'deleted mid-run\n');
    const before = await store.runs.get(`${s1}-run`);
    await store.trash.moveSession('e1', s1, 10);
    const later = { ...run(`${s1}-run`, s1), status: 'running' as const, steps: 2 };
    expect(
      await store.runs.save(later, [{ ...step(`${s1}-run`), id: `${s1}-run-1`, seq: 1 }]),
    ).toBe(false);
    expect(await store.runs.save(run(`${s1}-late`, s1), [])).toBe(false);
    expect((await rowsOf(store, WS, s1)).runs).toBe(0);
    expect((await store.runs.list()).filter((r) => r.sessionId === s1)).toEqual([]);
    await store.trash.restore('e1');
    expect(await store.runs.get(`${s1}-run`)).toEqual(before);
    // Stored again, the conversation's runs are written as before.
    expect(await store.runs.save(run(`${s1}-late`, s1), [])).toBe(true);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('a deleted branch keeps its checkpoints for Undo; deleted for good, they and their unshared blobs go', async () => {
    store = await open();
    const s1 = '99999999-9999-4999-8999-999999999999';
    await fill(store, WS, s1, 'of the reply\n');
    await store.checkpoints.record({
      id: `${s1}-cp-q`,
      sessionId: s1,
      workspaceId: WS,
      nodeId: `${s1}-q`,
      kind: 'turn',
      createdAt: 1,
      files: [{ path: 'main.py', content: 'of the question\n', version: 1 }],
    });
    const removal = {
      sessionId: s1,
      rootId: `${s1}-a`,
      nodeIds: [`${s1}-a`],
      leafAfter: `${s1}-q`,
      leafOnRestore: `${s1}-a`,
      deletedAt: 10,
    };
    await store.trash.moveBranch({ ...removal, id: 'b1' });
    expect((await store.checkpoints.list(s1)).map((c) => c.id).sort()).toEqual([
      `${s1}-cp`,
      `${s1}-cp-q`,
    ]);
    await store.trash.restore('b1');
    expect(await store.checkpoints.ofNode(`${s1}-a`)).toHaveLength(1);

    await store.trash.moveBranch({ ...removal, id: 'b2' });
    await store.trash.delete(['b2']);
    expect((await store.checkpoints.list(s1)).map((c) => c.id)).toEqual([`${s1}-cp-q`]);
    expect(await store.checkpoints.blobCount()).toBe(1);
    expect((await rowsOf(store, WS, s1)).nodes).toBe(1);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('deleting a conversation for good removes its entry, checkpoints and unshared blobs', async () => {
    store = await open();
    const s1 = '77777777-7777-4777-8777-777777777777';
    await fill(store, WS, s1, 'gone for good\n');
    await store.trash.moveSession('e1', s1, 10);
    await store.trash.delete(['e1']);
    expect(await rowsOf(store, WS, s1)).toEqual({
      ...NONE,
      workspaces: 1,
      files: 1,
      settings: 1,
    });
    expect(await store.checkpoints.blobCount()).toBe(0);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('deleting a workspace removes its recently deleted entries and their checkpoints, only those', async () => {
    store = await open();
    const s1 = '88888888-8888-4888-8888-888888888888';
    const s2 = '99999999-9999-4999-8999-999999999999';
    await fill(store, WS, s1, 'deleted, then its workspace\n');
    await fill(store, OTHER, s2, 'deleted elsewhere\n');
    await store.trash.moveSession('e1', s1, 10);
    await store.trash.moveSession('e2', s2, 10);
    expect(await store.checkpoints.blobCount()).toBe(2);
    await store.workspaces.delete(WS);
    expect(await rowsOf(store, WS, s1)).toEqual(NONE);
    expect(await store.checkpoints.blobCount()).toBe(1);
    expect(await rowsOf(store, OTHER, s2)).toEqual({
      ...NONE,
      workspaces: 1,
      files: 1,
      checkpoints: 1,
      settings: 1,
      trash: 1,
    });
  });
});
