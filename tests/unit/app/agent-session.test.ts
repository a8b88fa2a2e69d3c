import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_SETTINGS, type AgentSettings } from '../../../src/agent/agent-settings';
import { pdfAttachment } from '../../../src/agent/file-attachments';
import { policyKey } from '../../../src/app/agent-service';
import type { AgentPython } from '../../../src/app/agent-toolbox';
import { type ScriptStep } from '../../../src/llm';
import type { CoveStore } from '../../../src/store/cove-store';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { PythonToolRunResult } from '../../../src/tools/python/python-tool-runner';
import { makeGate } from '../../fakes/gate';
import { FakeBuffers, openChatApp, type ChatApp } from '../../fakes/chat-app';
import { waitUntil } from '../support/wait-until';

const okRun = (stdout: string): PythonToolRunResult => ({
  status: 'ok',
  stdout,
  stderr: '',
  outputTruncated: false,
  duration: 5,
  changedFiles: { written: [], deleted: [], conflicts: [], skipped: [] },
  figures: [],
});

/** The app over `store` (a second call over the same store is a reload). */
const open = (
  store: CoveStore,
  steps: ScriptStep[] = [],
  python?: AgentPython,
  agentSettings?: () => AgentSettings,
) =>
  openChatApp(store, steps, {
    ...(python ? { python } : {}),
    ...(agentSettings ? { agentSettings } : {}),
  });

type App = ChatApp;

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  toolCalls: [{ id, name, arguments: args }],
});

/** The conversation as a person reads it: role, text and each tool chip with its status. */
function timeline(app: App) {
  return app.chat.messages().map((m) => ({
    role: m.role,
    content: m.content(),
    tools: m.toolCalls().map((t) => `${t.name}:${t.status()}`),
  }));
}

async function approvalShown(app: App) {
  await waitUntil(() => expect(app.chat.agent.approval()).toBeDefined());
  return app.chat.agent.approval()!;
}

describe('agent mode in the chat service', () => {
  it('reads a file, shows the real diff for approval, edits it, and a reload shows the run', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      call('c1', 'read_file', { path: 'main.py' }),
      call('c2', 'edit_file', {
        path: 'main.py',
        edits: [{ old_text: 'print(1)', new_text: 'print(2)' }],
      }),
      { text: 'Changed the print to 2.', usage: { inputTokens: 30, outputTokens: 5 } },
    ]);
    await app.workspaces.files()!.write('main.py', 'print(1)\n');
    app.chat.newSession('agent');
    const sending = app.chat.send('Make main.py print 2');

    const approval = await approvalShown(app);
    expect(approval).toMatchObject({
      toolName: 'edit_file',
      view: { kind: 'diff', path: 'main.py', before: 'print(1)\n', after: 'print(2)\n' },
    });
    const view = approval.view as { diff: string };
    expect(view.diff).toContain('-print(1)');
    expect(view.diff).toContain('+print(2)');
    // Nothing is written before the person says yes.
    expect((await app.workspaces.files()!.read('main.py')).content).toBe('print(1)\n');
    expect(app.chat.busy()).toBe(true);
    const chipOf = () =>
      app.chat
        .messages()
        .flatMap((m) => m.toolCalls())
        .find((t) => t.id === 'c2');
    await waitUntil(() => expect(chipOf()?.status()).toBe('awaiting_approval'));
    const editChip = chipOf()!;

    app.chat.agent.decide({ kind: 'approve' });
    await sending;

    expect(app.chat.busy()).toBe(false);
    expect((await app.workspaces.files()!.read('main.py')).content).toBe('print(2)\n');
    expect(app.chat.agent.approval()).toBeUndefined();
    expect(editChip.status()).toBe('done');
    expect(editChip.diff()).toContain('+print(2)');
    expect(editChip.changedFiles()).toEqual(['main.py']);
    expect(app.chat.agent.changedFiles().map((f) => f.path)).toEqual(['main.py']);
    expect(app.chat.agent.usage()?.totalTokens).toBe(35);
    expect(app.chat.agent.runEnd()).toBeUndefined();
    const expected = [
      { role: 'user', content: 'Make main.py print 2', tools: [] },
      { role: 'assistant', content: '', tools: ['read_file:done'] },
      { role: 'assistant', content: '', tools: ['edit_file:done'] },
      { role: 'assistant', content: 'Changed the print to 2.', tools: [] },
    ];
    expect(timeline(app)).toEqual(expected);
    // Offered: the file tools and the plan; without a runtime, no Python, bash or web, and
    // with nothing attached to the conversation, no read_attachment.
    const first = app.client.requests[0]!;
    expect(first.tools?.map((t) => t.name)).toEqual([
      'list_files',
      'read_file',
      'search_files',
      'write_file',
      'edit_file',
      'delete_path',
      'move_path',
      'make_dir',
      'todo_write',
    ]);
    // The dynamic prompt: the date from the clock and the workspace tree.
    const system = String(first.messages[0]!.content);
    expect(system).toContain('Today is 2026-12-03.');
    expect(system).toMatch(/main\.py/);
    expect(system).not.toContain('run_python');
    // The model read the file's content as the read_file result.
    const third = app.client.requests[2]!.messages;
    expect(third.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
      expect.stringContaining('print(1)'),
      expect.stringContaining('Edited main.py'),
    ]);

    // A reload (new services over the same store) shows the run with its results.
    const reloaded = await open(store);
    expect(reloaded.chat.activeSession()?.mode).toBe('agent');
    expect(timeline(reloaded)).toEqual(expected);
    const readChip = reloaded.chat.messages()[1]!.toolCalls()[0]!;
    expect(readChip.result()).toContain('print(1)');
    // The edit's diff and the run's changed files outlive the page.
    const reloadedEdit = reloaded.chat.messages()[2]!.toolCalls()[0]!;
    expect(reloadedEdit.diff()).toContain('+print(2)');
    expect(reloadedEdit.changedFiles()).toEqual(['main.py']);
    await waitUntil(() =>
      expect(reloaded.chat.agent.changedFiles()).toEqual([
        expect.objectContaining({ path: 'main.py', diff: expect.stringContaining('-print(1)') }),
      ]),
    );
    const nodes = await store.sessions.nodes(reloaded.chat.activeSession()!.id);
    expect(nodes.filter((n) => n.role === 'tool').map((n) => [n.toolCallId, n.status])).toEqual([
      ['c1', 'complete'],
      ['c2', 'complete'],
    ]);
  });

  it('the plan shows with its conversation: gone for a new one, back when it is opened again', async () => {
    const store = createMemoryStore();
    const plan = [
      { text: 'Read the file', status: 'done' },
      { text: 'Fix the bug', status: 'in_progress' },
    ];
    const app = await open(store, [
      call('t1', 'todo_write', { items: plan }),
      { text: 'Planned.' },
    ]);
    app.chat.newSession('agent');
    await app.chat.send('Make a plan');
    const sessionId = app.chat.activeSession()!.id;
    expect(app.chat.agent.todo()).toEqual(plan);
    app.chat.newSession();
    expect(app.chat.agent.todo()).toEqual([]);
    await app.chat.openSession(sessionId);
    expect(app.chat.agent.todo()).toEqual(plan);
  });

  it('a rejection with feedback reaches the model as the result, and the file stays', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      call('w1', 'write_file', { path: 'notes.txt', content: 'hello' }),
      { text: 'Understood, I will not write it.' },
    ]);
    app.chat.newSession('agent');
    const sending = app.chat.send('Write a note');
    // A new file: empty before, the content after, and the diff of its creation.
    expect(await approvalShown(app)).toMatchObject({
      view: {
        kind: 'diff',
        path: 'notes.txt',
        before: '',
        after: 'hello',
        diff: expect.stringContaining('+hello'),
      },
    });
    app.chat.agent.decide({ kind: 'reject', feedback: 'Call it todo.txt instead' });
    await sending;
    const second = app.client.requests[1]!.messages;
    const result = second.find((m) => m.role === 'tool');
    expect(result?.content).toContain('Call it todo.txt instead');
    expect(await app.workspaces.files()!.find('notes.txt')).toBeUndefined();
    expect(timeline(app).map((m) => m.tools)).toEqual([[], ['write_file:rejected'], []]);
  });

  it('Stop during a running tool ends the run at once and keeps its reply and the call', async () => {
    const store = createMemoryStore();
    const started = makeGate();
    const python: AgentPython = {
      runner: {
        async run(_request, options) {
          // A run that never ends by itself: only Stop (the signal) ends it.
          void started.wait();
          await new Promise((resolve) => options.signal?.addEventListener('abort', resolve));
          return { ...okRun(''), status: 'killed' };
        },
      },
      linter: { lint: () => Promise.resolve([]) },
    };
    const app = await open(store, [], python);
    app.chat.newSession('agent');
    // Chosen in the empty conversation: the session the first message makes runs in auto.
    app.chat.agent.setPolicy('auto');
    app.client.push({
      text: 'Running it.',
      ...call('p2', 'run_python', { code: 'while True: pass' }),
    });
    const sending = app.chat.send('run it');
    await started.reached;
    // The loop runs ahead of what is stored and shown; the chip catches up.
    const chipOf = () =>
      app.chat
        .messages()
        .flatMap((m) => m.toolCalls())
        .find((t) => t.id === 'p2');
    await waitUntil(() => expect(chipOf()?.status()).toBe('running'));
    const chip = chipOf()!;
    app.chat.agent.steer('use a for loop');
    app.chat.agent.queue('then explain');
    app.chat.stop();
    await sending;
    expect(app.chat.busy()).toBe(false);
    // What waited is held for the person, and nothing more was asked of the model.
    expect(app.chat.agent.pending().map((p) => [p.lane, p.text])).toEqual([
      ['held', 'use a for loop'],
      ['held', 'then explain'],
    ]);
    expect(app.client.requests).toHaveLength(1);
    expect(chip.status()).toBe('aborted');
    expect(await store.settings.get(policyKey(app.chat.activeSession()!.id))).toBe('auto');
    expect(app.chat.agent.runEnd()?.reason).toBe('aborted');
    const nodes = await store.sessions.nodes(app.chat.activeSession()!.id);
    const reply = nodes.find((n) => n.toolCalls?.[0]?.id === 'p2');
    expect(reply).toMatchObject({ role: 'assistant', content: 'Running it.', status: 'complete' });
    expect(nodes.find((n) => n.toolCallId === 'p2')).toMatchObject({
      role: 'tool',
      status: 'aborted',
      parentId: reply!.id,
    });
    expect(nodes.every((n) => n.status !== 'streaming')).toBe(true);
    // The next message goes after the stopped result: the model reads that it was stopped,
    // not that the result is missing, and the person's message is not a side branch.
    app.client.push({ text: 'Understood.' });
    await app.chat.send('why did it stop?');
    const asked = app.client.requests.at(-1)!.messages;
    const result = asked.find((m) => m.role === 'tool' && m.toolCallId === 'p2');
    expect(result?.content).toMatch(/^Stopped by the user while run_python was running/);
    const question = (await store.sessions.nodes(app.chat.activeSession()!.id)).find(
      (n) => n.content === 'why did it stop?',
    );
    expect(question?.parentId).toBe(nodes.find((n) => n.toolCallId === 'p2')!.id);
  });

  it('a reload during a tool shows the call interrupted, with Continue, which tells the model to check its effect', async () => {
    const store = createMemoryStore();
    const started = makeGate();
    const python: AgentPython = {
      runner: {
        async run(_request, options) {
          void started.wait();
          await new Promise((resolve) => options.signal?.addEventListener('abort', resolve));
          return { ...okRun(''), status: 'killed' };
        },
      },
      linter: { lint: () => Promise.resolve([]) },
    };
    const app = await open(store, [], python);
    app.chat.newSession('agent');
    app.chat.agent.setPolicy('auto');
    app.client.push({ text: 'Running it.', ...call('p3', 'run_python', { code: 'import time' }) });
    const sending = app.chat.send('run it');
    await started.reached;
    await waitUntil(async () => {
      const nodes = await store.sessions.nodes(app.chat.activeSession()!.id);
      expect(nodes.some((n) => n.toolCalls?.[0]?.id === 'p3' && n.status === 'complete')).toBe(
        true,
      );
    });

    // The page reloads while the tool runs: no run goes on there, and none will answer it.
    const reloaded = await open(store, [{ text: 'It may not have run; checking first.' }]);
    await reloaded.chat.openSession(app.chat.activeSession()!.id);
    expect(timeline(reloaded).at(-1)?.tools).toEqual(['run_python:interrupted']);
    reloaded.chat.agent.continueRun();
    await waitUntil(() => expect(reloaded.client.requests).toHaveLength(1));
    await waitUntil(() => expect(reloaded.chat.busy()).toBe(false));
    const result = reloaded.client.requests[0]!.messages.find(
      (m) => m.role === 'tool' && m.toolCallId === 'p3',
    );
    expect(result?.content).toMatch(/^No result: the run was interrupted/);
    app.chat.stop();
    await sending;
  });

  it('a stream cut mid-call leaves no waiting chip and shows its error once, on the reply', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      {
        text: 'Reading it.',
        ...call('x1', 'read_file', { path: 'main.py' }),
        error: { kind: 'connection', message: 'The connection was cut.', hint: 'Try again.' },
      },
    ]);
    app.chat.newSession('agent');
    await app.chat.send('read main.py');
    const reply = app.chat.messages().at(-1)!;
    expect(reply.error()?.message).toBe('The connection was cut.');
    expect(reply.toolCalls().map((c) => c.status())).toEqual(['not_run']);
    expect(app.chat.agent.runEnd()).toBeUndefined();
    // After a reload the reply keeps its text and error; the call it never finished is
    // not stored (the model is not told of a call that never was).
    const reloaded = await open(store);
    await reloaded.chat.openSession(app.chat.activeSession()!.id);
    expect(timeline(reloaded).at(-1)).toMatchObject({ content: 'Reading it.', tools: [] });
    expect(reloaded.chat.messages().at(-1)!.error()?.message).toBe('The connection was cut.');
  });

  it('auto-edit writes without asking, asks for run_python with its code, and is kept per session', async () => {
    const store = createMemoryStore();
    const ran: string[] = [];
    const python: AgentPython = {
      runner: {
        run(request) {
          ran.push(request.code ?? '');
          return Promise.resolve(okRun('hi\n'));
        },
      },
      linter: { lint: () => Promise.resolve([]) },
    };
    const app = await open(store, [{ text: 'Hello.' }], python);
    app.chat.newSession('agent');
    await app.chat.send('Hello');
    const sessionId = app.chat.activeSession()!.id;
    expect(app.chat.agent.policy()).toBe('ask');
    app.chat.agent.setPolicy('auto-edit');
    await waitUntil(async () =>
      expect(await store.settings.get(policyKey(sessionId))).toBe('auto-edit'),
    );

    app.client.push(
      call('w1', 'write_file', { path: 'hi.py', content: 'print("hi")\n' }),
      call('r1', 'run_python', { path: 'hi.py', code: 'print("hi")' }),
      { text: 'It prints hi.' },
    );
    const sending = app.chat.send('Write hi.py and run it');
    const approval = await approvalShown(app);
    expect(approval).toMatchObject({
      toolName: 'run_python',
      view: { kind: 'code', code: 'print("hi")' },
    });
    // The edit ran without asking.
    expect((await app.workspaces.files()!.read('hi.py')).content).toBe('print("hi")\n');
    expect(ran).toEqual([]);
    app.chat.agent.decide({ kind: 'approve' });
    await sending;
    expect(ran).toEqual(['print("hi")']);
    const offered = app.client.requests.at(-1)!.tools?.map((t) => t.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(['run_python', 'lint_python', 'bash']));
    expect(offered).not.toContain('fetch_url');
    expect(timeline(app).at(-1)?.content).toBe('It prints hi.');

    // The mode belongs to the session: a reload shows it again.
    const reloaded = await open(store);
    await waitUntil(() => expect(reloaded.chat.agent.policy()).toBe('auto-edit'));
  });

  it("Settings → Agent: a tool's override wins over the session's mode, and the step limit applies", async () => {
    const store = createMemoryStore();
    let settings: AgentSettings = {
      ...DEFAULT_AGENT_SETTINGS,
      toolOverrides: { write_file: 'ask', delete_path: 'allow' },
      maxSteps: 2,
    };
    const app = await open(
      store,
      [
        call('d1', 'delete_path', { path: 'old.txt' }),
        // No third reply is scripted: the step limit ends the run before asking for one.
        call('w1', 'write_file', { path: 'new.txt', content: 'new\n' }),
      ],
      undefined,
      () => settings,
    );
    await app.workspaces.files()!.write('old.txt', 'old\n');
    app.chat.newSession('agent');
    const sending = app.chat.send('Replace old.txt with new.txt');
    // The session is in "ask" mode, but delete_path is allowed without asking…
    const approval = await approvalShown(app);
    expect(approval.toolName).toBe('write_file');
    await expect(app.workspaces.files()!.read('old.txt')).rejects.toThrow();
    expect((await app.chat.agent.loadCatalog()).map((t) => t.name)).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'delete_path', 'todo_write']),
    );
    // …and in "auto" mode write_file still asks, because its override says so.
    app.chat.agent.setPolicy('auto');
    app.chat.agent.decide({ kind: 'approve' });
    await sending;
    expect((await app.workspaces.files()!.read('new.txt')).content).toBe('new\n');
    expect(app.chat.agent.runEnd()).toMatchObject({ reason: 'max_steps' });
    expect(app.client.requests).toHaveLength(2);

    settings = { ...settings, toolOverrides: {} };
    app.client.push(call('w2', 'write_file', { path: 'new.txt', content: 'newer\n' }), {
      text: 'Done.',
    });
    settings = { ...settings, maxSteps: 50 };
    await app.chat.send('Write newer');
    expect((await app.workspaces.files()!.read('new.txt')).content).toBe('newer\n');
    expect(app.chat.agent.approval()).toBeUndefined();
  });

  it("an open tab shows the agent's edit at once; a tab with unsaved text is never overwritten", async () => {
    const store = createMemoryStore();
    const app = await open(store, [{ text: 'Ready.' }]);
    const buffers = new FakeBuffers();
    app.editor.attach(buffers);
    await app.workspaces.files()!.write('main.py', 'print(1)\n');
    await app.editor.openFile('main.py');
    buffers.texts.set('main.py', app.editor.tabs()[0]!.savedText);
    app.chat.newSession('agent');
    await app.chat.send('hi');
    app.chat.agent.setPolicy('auto-edit');
    const edit = (id: string, from: string, to: string) =>
      call(id, 'edit_file', { path: 'main.py', edits: [{ old_text: from, new_text: to }] });
    app.client.push(
      call('r1', 'read_file', { path: 'main.py' }),
      edit('e1', 'print(1)', 'print(2)'),
      {
        text: 'Edited.',
      },
    );
    await app.chat.send('Make it print 2');
    await waitUntil(() => expect(buffers.texts.get('main.py')).toBe('print(2)\n'));
    expect(app.editor.tabs()[0]!.dirty()).toBe(false);

    // The person types in the tab (not saved yet); the agent's edit of it is refused.
    buffers.texts.set('main.py', 'print(2)  # mine\n');
    app.editor.markEdited('main.py');
    app.client.push(
      call('r2', 'read_file', { path: 'main.py' }),
      edit('e2', 'print(2)', 'print(3)'),
      {
        text: 'It is open with unsaved changes.',
      },
    );
    await app.chat.send('Make it print 3');
    const chip = app.chat
      .messages()
      .flatMap((m) => m.toolCalls())
      .find((t) => t.id === 'e2')!;
    expect(chip.status()).toBe('error');
    expect(chip.result()).toMatch(/unsaved/i);
    expect(buffers.texts.get('main.py')).toBe('print(2)  # mine\n');
    expect((await app.workspaces.files()!.read('main.py')).content).toBe('print(2)\n');
  });

  // Invariant 19: a message typed during a run is never lost or sent on its own.
  it('a message queued during a run runs after it; the changed files and tokens cover both', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      {
        ...call('w1', 'write_file', { path: 'a.txt', content: 'A\n' }),
        usage: { inputTokens: 10, outputTokens: 1 },
      },
      { text: 'Wrote a.txt.', usage: { inputTokens: 20, outputTokens: 2 } },
      { text: 'You are welcome.', usage: { inputTokens: 30, outputTokens: 3 } },
    ]);
    app.chat.newSession('agent');
    const sending = app.chat.send('Write a.txt');
    await approvalShown(app);
    app.chat.agent.queue('Thanks!');
    expect(app.chat.agent.pending().map((p) => [p.lane, p.text])).toEqual([['queued', 'Thanks!']]);
    app.chat.agent.decide({ kind: 'approve' });
    await sending;
    expect(timeline(app).map((m) => `${m.role}:${m.content}`)).toEqual([
      'user:Write a.txt',
      'assistant:',
      'assistant:Wrote a.txt.',
      'user:Thanks!',
      'assistant:You are welcome.',
    ]);
    expect(app.chat.agent.pending()).toEqual([]);
    expect(app.chat.agent.changedFiles()).toEqual([
      expect.objectContaining({ path: 'a.txt', created: true, deleted: false }),
    ]);
    expect(app.chat.agent.usage()?.totalTokens).toBe(66);
  });

  it('read_attachment reads a page of a PDF attached to an earlier message of the conversation', async () => {
    const store = createMemoryStore();
    const app = await open(store, [
      { text: 'Noted.' },
      call('c1', 'read_attachment', { name: 'story.pdf', pages: '3' }),
      { text: 'Page 3 names Ada Quill.' },
    ]);
    const pdf = pdfAttachment(
      { kind: 'pdf', mime: 'application/pdf', size: 900, hash: 'h' },
      'story.pdf',
      ['The harbour.', 'The storm.', 'The keeper is Ada Quill.'],
    );
    app.chat.newSession('agent');
    await app.chat.send('Here is the story.', { attachments: [pdf] });
    await app.chat.send('Who keeps the lighthouse? Read page 3 again.');
    // With a file attached, read_attachment is offered from the first request on.
    expect(app.client.requests[0]!.tools?.map((t) => t.name)).toContain('read_attachment');
    const result = app.client.requests[2]!.messages.find((m) => m.role === 'tool');
    expect(result).toMatchObject({
      toolCallId: 'c1',
      content: '--- page 3 ---\nThe keeper is Ada Quill.',
    });
  });
});
