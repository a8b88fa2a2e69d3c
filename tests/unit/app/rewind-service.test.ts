import { describe, expect, it } from 'vitest';
import type { AgentPython } from '../../../src/app/agent-toolbox';
import { type ScriptStep } from '../../../src/llm';
import type { CoveStore } from '../../../src/store/cove-store';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { PythonToolRunResult } from '../../../src/tools/python/python-tool-runner';
import { FakeBuffers, openChatApp } from '../../fakes/chat-app';
import { waitUntil } from '../support/wait-until';

/** The app over `store` (a second call over the same store is a reload). */
const open = (store: CoveStore, steps: ScriptStep[] = [], python?: AgentPython) =>
  openChatApp(store, steps, python ? { python } : {});

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  toolCalls: [{ id, name, arguments: args }],
});

async function text(app: Awaited<ReturnType<typeof open>>, path: string) {
  const row = await app.workspaces.files()!.find(path);
  return row?.content;
}

/** A Python run that writes `out.txt` back through the files it is given, as the runtime does. */
const writingPython: AgentPython = {
  runner: {
    async run(_request, options) {
      await options.files!.apply([
        { type: 'put', path: 'out.txt', kind: 'file', content: 'from python', expect: 'absent' },
      ]);
      const result: PythonToolRunResult = {
        status: 'ok',
        stdout: '',
        stderr: '',
        outputTruncated: false,
        duration: 1,
        changedFiles: { written: ['out.txt'], deleted: [], conflicts: [], skipped: [] },
        figures: [],
      };
      return result;
    },
  },
  linter: { lint: () => Promise.resolve([]) },
};

describe('checkpoints of agent runs and rewinds from the chat panel', () => {
  it('records every write of a run against its turn, and rewinds files then undoes it', async () => {
    const store = createMemoryStore();
    const app = await open(
      store,
      [
        call('c1', 'read_file', { path: 'main.py' }),
        {
          text: 'Editing.',
          toolCalls: [
            {
              id: 'c2',
              name: 'edit_file',
              arguments: {
                path: 'main.py',
                edits: [{ old_text: 'print(1)', new_text: 'print(2)' }],
              },
            },
            { id: 'c3', name: 'write_file', arguments: { path: 'src/new.py', content: 'x = 1\n' } },
            { id: 'c4', name: 'delete_path', arguments: { path: 'old.txt' } },
          ],
        },
        call('c5', 'run_python', { code: 'open("out.txt","w").write("from python")' }),
        { text: 'Done.' },
      ],
      writingPython,
    );
    const files = app.workspaces.files()!;
    await files.write('main.py', 'print(1)\n');
    await files.write('old.txt', 'old');
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Change things');
    expect(await text(app, 'main.py')).toBe('print(2)\n');
    expect(await text(app, 'old.txt')).toBeUndefined();
    expect(await text(app, 'out.txt')).toBe('from python');

    const sessionId = app.chat.activeSession()!.id;
    const checkpoints = await store.checkpoints.list(sessionId);
    const nodes = await store.sessions.nodes(sessionId);
    const editTurn = nodes.find((n) => n.toolCalls?.some((c) => c.id === 'c2'))!;
    const pythonTurn = nodes.find((n) => n.toolCalls?.some((c) => c.id === 'c5'))!;
    // One checkpoint per turn that wrote, against its assistant node, settled when it ended.
    expect(checkpoints.map((c) => [c.nodeId, c.files.map((f) => f.path)])).toEqual([
      [editTurn.id, ['main.py', 'src/new.py', 'old.txt']],
      [pythonTurn.id, ['out.txt']],
    ]);
    expect(checkpoints.every((c) => c.settledAt !== undefined)).toBe(true);

    const [question] = app.chat.messages();
    expect(app.chat.rewind.available(question!.id)).toBe(true);
    expect(app.chat.rewind.available(app.chat.messages().at(-1)!.id)).toBe(false);

    // A hand edit after the run is flagged before it is overwritten.
    await files.write('src/new.py', 'x = 2  # mine\n');
    await app.chat.rewind.preview(question!.id, false);
    expect(app.chat.rewind.pending()?.files).toEqual([
      { path: 'main.py', action: 'restore', changedByHand: 'no', unsaved: false },
      { path: 'old.txt', action: 'recreate', changedByHand: 'no', unsaved: false },
      { path: 'out.txt', action: 'delete', changedByHand: 'no', unsaved: false },
      { path: 'src/new.py', action: 'delete', changedByHand: 'yes', unsaved: false },
    ]);
    await app.chat.rewind.confirm();
    expect(app.chat.rewind.pending()).toBeUndefined();
    expect(await text(app, 'main.py')).toBe('print(1)\n');
    expect(await text(app, 'old.txt')).toBe('old');
    expect(await text(app, 'src/new.py')).toBeUndefined();
    expect(await text(app, 'out.txt')).toBeUndefined();

    const notice = app.notices.notices().at(-1)!;
    expect(notice.text).toBe('Rewound 4 files.');
    notice.action!.run();
    await waitUntil(async () => expect(await text(app, 'main.py')).toBe('print(2)\n'));
    expect(await text(app, 'src/new.py')).toBe('x = 2  # mine\n');
    expect(await text(app, 'old.txt')).toBeUndefined();
    expect(await text(app, 'out.txt')).toBe('from python');
  });

  it('reviews the last run by change: one change undone, then the whole file, each recorded and undoable', async () => {
    const store = createMemoryStore();
    const before = 'a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\ng = 7\nh = 8\ni = 9\nj = 10\n';
    const app = await open(store, [
      call('c1', 'read_file', { path: 'nums.py' }),
      call('c2', 'edit_file', {
        path: 'nums.py',
        edits: [
          { old_text: 'a = 1', new_text: 'a = 100' },
          { old_text: 'j = 10', new_text: 'j = 1000' },
        ],
      }),
      call('c3', 'write_file', { path: 'made.py', content: 'new\n' }),
      { text: 'Done.' },
    ]);
    const files = app.workspaces.files()!;
    await files.write('nums.py', before);
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Make the first and last bigger');
    const after = before.replace('a = 1\n', 'a = 100\n').replace('j = 10\n', 'j = 1000\n');
    expect(await text(app, 'nums.py')).toBe(after);

    expect(await app.chat.rewind.reviewBase('nums.py')).toEqual({ path: 'nums.py', before, after });
    expect(await app.chat.rewind.reviewBase('made.py')).toEqual({
      path: 'made.py',
      before: null,
      after: 'new\n',
    });

    // The person undoes the first change only (the review hands over the text it leaves).
    const firstUndone = after.replace('a = 100\n', 'a = 1\n');
    expect(await app.chat.rewind.undoChange('nums.py', firstUndone)).toBe(true);
    expect(await text(app, 'nums.py')).toBe(firstUndone);
    const undone = app.notices.notices().at(-1)!;
    expect(undone.text).toBe('Undid a change to nums.py.');
    // The review still compares with the file before the run.
    expect((await app.chat.rewind.reviewBase('nums.py'))?.before).toBe(before);
    // Its Undo brings the change back.
    undone.action!.run();
    await waitUntil(async () => expect(await text(app, 'nums.py')).toBe(after));

    // Undo all of a file the run created removes it.
    expect(await app.chat.rewind.undoChange('made.py')).toBe(true);
    expect(await text(app, 'made.py')).toBeUndefined();
    expect(app.notices.notices().at(-1)!.text).toBe('Put made.py back as it was before the run.');

    // A rewind to before the run afterwards knows these changes: nothing counts as a hand edit.
    const question = app.chat.messages().find((m) => m.role === 'user')!;
    await app.chat.rewind.preview(question.id, false);
    expect(app.chat.rewind.pending()?.files).toEqual([
      { path: 'nums.py', action: 'restore', changedByHand: 'no', unsaved: false },
    ]);
  });

  it('remembers what the person kept in the review, across a reload, until the whole change is put back', async () => {
    const store = createMemoryStore();
    const before = 'a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\ng = 7\nh = 8\ni = 9\nj = 10\n';
    const app = await open(store, [
      call('c1', 'read_file', { path: 'nums.py' }),
      call('c2', 'edit_file', {
        path: 'nums.py',
        edits: [
          { old_text: 'a = 1', new_text: 'a = 100' },
          { old_text: 'j = 10', new_text: 'j = 1000' },
        ],
      }),
      { text: 'Done.' },
    ]);
    await app.workspaces.files()!.write('nums.py', before);
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Make the first and last bigger');
    const after = before.replace('a = 1\n', 'a = 100\n').replace('j = 10\n', 'j = 1000\n');
    expect(await text(app, 'nums.py')).toBe(after);

    // The first change is kept: the review compares with the original that has it.
    const firstKept = before.replace('a = 1\n', 'a = 100\n');
    await app.chat.rewind.keepChange('nums.py', firstKept);
    expect(await app.chat.rewind.reviewBase('nums.py')).toEqual({
      path: 'nums.py',
      before: firstKept,
      after,
    });

    // A reload keeps it.
    const reloaded = await open(store);
    expect((await reloaded.chat.rewind.reviewBase('nums.py'))?.before).toBe(firstKept);

    // Undo all puts the whole file back and forgets what was kept of it.
    expect(await reloaded.chat.rewind.undoChange('nums.py')).toBe(true);
    expect(await text(reloaded, 'nums.py')).toBe(before);
    expect((await reloaded.chat.rewind.reviewBase('nums.py'))?.before).toBe(before);
  });

  it('rewinds the conversation too: back to before the question, its text in the composer, the rest stays in the tree', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      call('c1', 'write_file', { path: 'a.txt', content: 'agent' }),
      { text: 'Wrote a.txt.' },
    ]);
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Write a.txt');
    const sessionId = app.chat.activeSession()!.id;
    const before = (await store.sessions.nodes(sessionId)).length;
    const [question] = app.chat.messages();
    const oldLeaf = app.chat.activeSession()!.leafId;

    await app.chat.rewind.preview(question!.id, true);
    expect(app.chat.rewind.pending()).toMatchObject({
      conversation: true,
      files: [{ path: 'a.txt', action: 'delete' }],
    });
    await app.chat.rewind.confirm();
    expect(await text(app, 'a.txt')).toBeUndefined();
    expect(app.chat.messages()).toEqual([]);
    expect(app.chat.draft()).toBe('Write a.txt');
    expect((await store.sessions.nodes(sessionId)).length).toBe(before);

    app.notices.notices().at(-1)!.action!.run();
    await waitUntil(() => expect(app.chat.activeSession()!.leafId).toBe(oldLeaf));
    expect(await text(app, 'a.txt')).toBe('agent');
    expect(app.chat.messages().length).toBe(3);
  });

  it('records what bash writes and removes, so a rewind undoes a shell command too', async () => {
    const store = createMemoryStore();
    const app = await open(
      store,
      [call('b1', 'bash', { command: 'echo made > made.txt && rm gone.txt' }), { text: 'ok' }],
      writingPython,
    );
    await app.workspaces.files()!.write('gone.txt', 'keep me');
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Use the shell');
    expect(await text(app, 'made.txt')).toBe('made\n');
    expect(await text(app, 'gone.txt')).toBeUndefined();
    const [checkpoint] = await store.checkpoints.list(app.chat.activeSession()!.id);
    expect(checkpoint!.files.map((f) => f.path).sort()).toEqual(['gone.txt', 'made.txt']);

    await app.chat.rewind.preview(app.chat.messages()[0]!.id, false);
    expect(app.chat.rewind.pending()?.files.map((f) => `${f.path}:${f.action}`)).toEqual([
      'gone.txt:recreate',
      'made.txt:delete',
    ]);
    await app.chat.rewind.confirm();
    expect(await text(app, 'gone.txt')).toBe('keep me');
    expect(await text(app, 'made.txt')).toBeUndefined();
  });

  it('a folder the agent moved comes back, and the moved copy goes', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      call('m', 'move_path', { from: 'lib', to: 'pkg/lib' }),
      { text: 'Moved.' },
    ]);
    await app.workspaces.files()!.write('lib/a.py', 'a = 1\n');
    await app.workspaces.files()!.write('lib/sub/b.py', 'b = 2\n');
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Move lib into pkg');
    expect(await text(app, 'pkg/lib/sub/b.py')).toBe('b = 2\n');
    expect(await text(app, 'lib/a.py')).toBeUndefined();

    await app.chat.rewind.preview(app.chat.messages()[0]!.id, false);
    expect(app.chat.rewind.pending()?.files.map((f) => `${f.path}:${f.action}`)).toEqual([
      'lib/a.py:recreate',
      'lib/sub/b.py:recreate',
      'pkg/lib/a.py:delete',
      'pkg/lib/sub/b.py:delete',
    ]);
    await app.chat.rewind.confirm();
    expect(await text(app, 'lib/a.py')).toBe('a = 1\n');
    expect(await text(app, 'lib/sub/b.py')).toBe('b = 2\n');
    expect(await text(app, 'pkg/lib/a.py')).toBeUndefined();
    expect(await text(app, 'pkg/lib/sub/b.py')).toBeUndefined();
  });

  it('flags a file open with unsaved text in the editor', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      call('r', 'read_file', { path: 'a.txt' }),
      call('w', 'write_file', { path: 'a.txt', content: 'agent' }),
      { text: 'ok' },
    ]);
    await app.workspaces.files()!.write('a.txt', 'mine');
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Write a.txt');
    const buffers = new FakeBuffers();
    app.editor.attach(buffers);
    await app.editor.openFile('a.txt');
    buffers.texts.set('a.txt', 'agent, then typed');
    app.editor.markEdited('a.txt');
    await app.chat.rewind.preview(app.chat.messages()[0]!.id, false);
    expect(app.chat.rewind.pending()?.files).toEqual([
      { path: 'a.txt', action: 'restore', changedByHand: 'no', unsaved: true },
    ]);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('keeps the checkpoints while the session is recently deleted, and deletes them with it', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      call('c0', 'read_file', { path: 'a.txt' }),
      call('c1', 'write_file', { path: 'a.txt', content: 'agent' }),
      { text: 'ok' },
    ]);
    await app.workspaces.files()!.write('a.txt', 'mine');
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    await app.chat.send('Write a.txt');
    const sessionId = app.chat.activeSession()!.id;
    expect((await store.checkpoints.list(sessionId)).length).toBe(1);
    expect(await store.checkpoints.blobCount()).toBe(1);
    const entry = await app.chat.deleteSession(sessionId);
    // A restore brings back the rewinds too.
    expect((await store.checkpoints.list(sessionId)).length).toBe(1);
    await store.trash.delete([entry!.id]);
    expect(await store.checkpoints.list(sessionId)).toEqual([]);
    expect(await store.checkpoints.blobCount()).toBe(0);
  });
});
