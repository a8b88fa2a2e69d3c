import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { startChat } from '../../fakes/start-chat';
import type { SessionRuntimeDeps } from '../../../src/app/session-runtime';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createMemorySessionLocks } from '../../../src/app/session-locks';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { makeScriptedChatClient, type ScriptStep } from '../../../src/llm';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { fakeProviderService } from '../../fakes/provider-service';
import { waitUntil } from '../support/wait-until';

async function setup(steps: ScriptStep[] = []) {
  const clock = new ManualClock(Date.UTC(2026, 11, 2));
  const store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, clock);
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const client = makeScriptedChatClient(steps, { clock });
  const locks = createMemorySessionLocks();
  const providers = fakeProviderService();
  const chat = startChat({
    store,
    workspaces,
    editor,
    providers,
    client,
    clock,
    locks,
    notices,
  });
  await chat.start();
  return { chat, store, client, clock, notices, locks, editor, workspaces };
}

describe('chat service', () => {
  it('stores the question and the complete reply, and titles the session', async () => {
    const ctx = await setup([{ text: 'Hello there', usage: { inputTokens: 10, outputTokens: 3 } }]);
    expect(await ctx.store.sessions.list(ctx.workspaces.current()!.id)).toEqual([]);
    await ctx.chat.send('Hi');
    const session = ctx.chat.activeSession()!;
    const nodes = await ctx.store.sessions.nodes(session.id);
    expect(nodes.find((n) => n.role === 'user')).toMatchObject({
      content: 'Hi',
      status: 'complete',
    });
    expect(nodes.find((n) => n.role === 'assistant')).toMatchObject({
      content: 'Hello there',
      status: 'complete',
      usage: { inputTokens: 10, outputTokens: 3 },
    });
    expect(session.title).toBe('Hi');
    expect(ctx.chat.messages().map((m) => [m.role, m.content()])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello there'],
    ]);
  });

  it('sends attached files without typed text, titled by their names', async () => {
    const ctx = await setup([{ text: 'A chart.' }]);
    const attachment = { name: 'chart.txt', text: '<document name="chart.txt">x</document>' };
    await ctx.chat.send('  ', { attachments: [attachment] });
    const session = ctx.chat.activeSession()!;
    expect(session.title).toBe('chart.txt');
    const question = (await ctx.store.sessions.nodes(session.id)).find((n) => n.role === 'user');
    expect(question).toMatchObject({ content: '', attachments: [attachment] });
    expect(ctx.client.requests[0]!.messages.at(-1)?.content).toBe(attachment.text);
    // With neither, nothing is sent.
    await ctx.chat.send(' ');
    expect(ctx.client.requests).toHaveLength(1);
  });

  // Invariant 1: a user message is stored before its request starts.
  it('the user message is in the store when the request starts', async () => {
    const ctx = await setup();
    let seen: string[] = [];
    ctx.client.push(() => ({ text: 'ok' }));
    const stream = ctx.client.stream.bind(ctx.client);
    ctx.client.stream = async function* (request) {
      const session = (await ctx.store.sessions.list(ctx.workspaces.current()!.id))[0]!;
      seen = (await ctx.store.sessions.nodes(session.id)).map((n) => `${n.role}:${n.content}`);
      yield* stream(request);
    };
    await ctx.chat.send('Is it saved?');
    expect(seen).toContain('user:Is it saved?');
  });

  it('sends the system prompt with the open file and the conversation', async () => {
    const ctx = await setup([{ text: 'first' }, { text: 'second' }]);
    await ctx.workspaces.files()!.write('app.py', 'def greet():\n    return 1\n');
    await ctx.chat.send('What is 1+1?');
    await ctx.chat.send('Explain the function greet');
    const request = ctx.client.requests[1]!;
    expect(request.messages[0]!.role).toBe('system');
    expect(request.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is 1+1?'],
      ['assistant', 'first'],
      ['user', 'Explain the function greet'],
    ]);
    // The task type is read from the message.
    expect(request.messages[0]!.content).toContain('The person wants an explanation');
  });

  it('a failed reply shows its error inline and Retry asks again as a sibling', async () => {
    const ctx = await setup([
      {
        error: {
          kind: 'auth',
          message: 'The API key was refused.',
          hint: 'Check the key in Settings.',
        },
      },
      { text: 'Now it works' },
    ]);
    await ctx.chat.send('Hello');
    const failed = ctx.chat.messages()[1]!;
    expect(failed.status()).toBe('error');
    expect(failed.error()).toMatchObject({
      code: 'auth',
      message: 'The API key was refused.',
      hint: 'Check the key in Settings.',
    });
    await ctx.chat.regenerate(failed.id);
    const messages = ctx.chat.messages();
    expect(messages.map((m) => m.content())).toEqual(['Hello', 'Now it works']);
    const nodes = await ctx.store.sessions.nodes(ctx.chat.activeSession()!.id);
    const replies = nodes.filter((n) => n.role === 'assistant');
    expect(replies).toHaveLength(2);
    expect(new Set(replies.map((n) => n.parentId)).size).toBe(1);
  });

  it('Stop keeps what arrived and marks the reply aborted', async () => {
    const ctx = await setup([{ text: 'one two three four five six', chunkSize: 4 }]);
    let deltas = 0;
    const stream = ctx.client.stream.bind(ctx.client);
    ctx.client.stream = async function* (request) {
      for await (const event of stream(request)) {
        yield event;
        if (event.type === 'text_delta' && ++deltas === 2) ctx.chat.stop();
      }
    };
    await ctx.chat.send('Count');
    const reply = ctx.chat.messages()[1]!;
    expect(reply.status()).toBe('aborted');
    expect(reply.content()).toBe('one two ');
    const stored = (await ctx.store.sessions.nodes(ctx.chat.activeSession()!.id)).find(
      (n) => n.role === 'assistant',
    );
    expect(stored).toMatchObject({ status: 'aborted', content: 'one two ' });
  });

  // Invariant 2: no reply is left streaming after a fault; what was shown is kept.
  it('a streaming reply is written at least once a second while it grows', async () => {
    const ctx = await setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    ctx.client.stream = async function* () {
      yield { type: 'text_delta', delta: 'partial answer' };
      await gate;
      yield { type: 'text_delta', delta: ' and the rest' };
    } as never;
    const sending = ctx.chat.send('Long question');
    // Wait until the first words are shown, then let a second pass.
    await waitUntil(() => expect(ctx.chat.messages()[1]?.content()).toBe('partial answer'));
    await ctx.clock.advance(1100);
    const session = ctx.chat.activeSession()!;
    const midway = (await ctx.store.sessions.nodes(session.id)).find((n) => n.role === 'assistant');
    expect(midway).toMatchObject({ status: 'streaming', content: 'partial answer' });
    release();
    await sending;
  });

  it('marks replies left streaming by a closed tab as interrupted on start', async () => {
    const ctx = await setup();
    const workspaceId = ctx.workspaces.current()!.id;
    await ctx.store.sessions.put({
      id: 's',
      workspaceId,
      title: 't',
      mode: 'chat',
      leafId: null,
      createdAt: 1,
      updatedAt: 1,
      starred: false,
    });
    await ctx.store.sessions.append(
      {
        id: 'u',
        sessionId: 's',
        parentId: null,
        role: 'user',
        content: 'q',
        status: 'complete',
        startedAt: 1,
      },
      1,
    );
    await ctx.store.sessions.append(
      {
        id: 'a',
        sessionId: 's',
        parentId: 'u',
        role: 'assistant',
        content: 'half',
        status: 'streaming',
        startedAt: 2,
      },
      2,
    );
    await ctx.chat.start();
    expect((await ctx.store.sessions.nodes('s')).find((n) => n.id === 'a')).toMatchObject({
      status: 'interrupted',
      content: 'half',
    });
  });

  // Invariant 12: one tab writes a session at a time; the others see it live.
  it('does not touch a reply that another tab is still streaming', async () => {
    const ctx = await setup();
    const workspaceId = ctx.workspaces.current()!.id;
    await ctx.store.sessions.put({
      id: 's',
      workspaceId,
      title: 't',
      mode: 'chat',
      leafId: null,
      createdAt: 1,
      updatedAt: 1,
      starred: false,
    });
    await ctx.store.sessions.append(
      {
        id: 'a',
        sessionId: 's',
        parentId: null,
        role: 'assistant',
        content: '',
        status: 'streaming',
        startedAt: 2,
      },
      2,
    );
    let finish!: () => void;
    const held = ctx.locks.tryWith('s', () => new Promise<void>((resolve) => (finish = resolve)));
    await ctx.chat.start();
    expect((await ctx.store.sessions.nodes('s'))[0]!.status).toBe('streaming');
    finish();
    await held;
  });

  // Invariant 3: nothing is duplicated by retries, reloads or two tabs.
  it('refuses to answer in a session another tab is answering in', async () => {
    const ctx = await setup([{ text: 'first' }]);
    await ctx.chat.send('one');
    const sessionId = ctx.chat.activeSession()!.id;
    let finish!: () => void;
    const held = ctx.locks.tryWith(
      sessionId,
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    await ctx.chat.send('two');
    expect(ctx.notices.notices().at(-1)?.text).toContain('answering in another tab');
    expect(ctx.client.requests).toHaveLength(1);
    finish();
    await held;
  });

  // Invariant 18: a message goes to the model and provider the picker shows.
  it('a message goes to the model the picker shows for its conversation, chosen at once and kept per conversation', async () => {
    const ctx = await setup([{ text: 'from m1' }, { text: 'from m2' }, { text: 'new chat' }]);
    await ctx.chat.send('first');
    const first = ctx.chat.activeSession()!.id;
    expect(ctx.chat.model()).toBe('p1/m1');
    // The choice shows and counts before its write finishes: Send right away uses it.
    const choosing = ctx.chat.chooseModel('p1/m2');
    expect(ctx.chat.model()).toBe('p1/m2');
    await ctx.chat.send('second');
    await choosing;
    expect(ctx.client.requests.map((r) => r.model)).toEqual(['m1', 'm2']);
    expect(ctx.chat.messages().at(-1)!.model).toBe('p1/m2');
    // The conversation keeps its model across a reload of the list.
    expect((await ctx.store.sessions.get(first))?.model).toBe('p1/m2');
    // A new conversation starts on the default, which is the last choice.
    ctx.chat.newSession();
    expect(ctx.chat.model()).toBe('p1/m2');
    await ctx.chat.send('third');
    expect(ctx.client.requests.at(-1)!.model).toBe('m2');
    // Each conversation shows its own model when opened again.
    await ctx.chat.chooseModel('p1/m1');
    await ctx.chat.openSession(first);
    expect(ctx.chat.model()).toBe('p1/m2');
  });

  it('a new agent conversation is stored once, already in agent mode', async () => {
    const ctx = await setup([{ text: 'ok' }]);
    const put = vi.spyOn(ctx.store.sessions, 'put');
    const update = vi.spyOn(ctx.store.sessions, 'update');
    ctx.chat.newSession('agent');
    await ctx.chat.send('hello');
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]![0]).toMatchObject({ mode: 'agent', model: 'p1/m1' });
    expect(update.mock.calls.filter(([, patch]) => 'mode' in patch)).toEqual([]);
  });

  it('a failing Retry says so instead of failing silently', async () => {
    const ctx = await setup([{ text: 'first' }]);
    await ctx.chat.send('one');
    const reply = ctx.chat.messages()[1]!;
    vi.spyOn(ctx.store.sessions, 'nodes').mockRejectedValueOnce(new Error('The disk is gone.'));
    await ctx.chat.regenerate(reply.id);
    expect(ctx.notices.notices().at(-1)?.text).toContain('The disk is gone.');
  });

  it('deleting a conversation removes it; a new conversation keeps the old one', async () => {
    const ctx = await setup([{ text: 'a' }, { text: 'b' }]);
    await ctx.chat.send('x');
    const id = ctx.chat.activeSession()!.id;
    ctx.chat.newSession();
    expect(ctx.chat.messages()).toEqual([]);
    expect((await ctx.store.sessions.nodes(id)).length).toBe(2);
    await ctx.chat.openSession(id);
    expect(ctx.chat.messages().map((m) => m.content())).toEqual(['x', 'a']);
    await ctx.chat.deleteSession(id);
    expect(ctx.chat.sessions()).toEqual([]);
  });
});

describe('chat and agent modes', () => {
  it('a conversation switches to agent mode and back, stays in the one list with its messages', async () => {
    const ctx = await setup([{ text: 'a' }]);
    await ctx.chat.send('x');
    const id = ctx.chat.activeSession()!.id;
    expect(ctx.chat.activeSession()?.mode).toBe('chat');
    await ctx.chat.setMode(id, 'agent');
    expect(ctx.chat.sessions().map((s) => [s.id, s.mode])).toEqual([[id, 'agent']]);
    expect((await ctx.store.sessions.get(id))?.mode).toBe('agent');
    expect(ctx.chat.messages().map((m) => m.content())).toEqual(['x', 'a']);
    await ctx.chat.setMode(id, 'chat');
    expect((await ctx.store.sessions.get(id))?.mode).toBe('chat');
  });
});

describe('chat branches', () => {
  const contents = (ctx: Awaited<ReturnType<typeof setup>>) =>
    ctx.chat.messages().map((m) => m.content());
  const branchOf = (ctx: Awaited<ReturnType<typeof setup>>, id: string) => {
    const branch = ctx.chat
      .messages()
      .find((m) => m.id === id)
      ?.branch();
    return branch && `${branch.index + 1} / ${branch.count}`;
  };

  it('regenerating an earlier reply keeps the later question and answer on the old branch', async () => {
    const ctx = await setup([{ text: 'A1' }, { text: 'A2' }, { text: 'A1 again' }]);
    await ctx.chat.send('Q1');
    await ctx.clock.advance(1000);
    await ctx.chat.send('Q2');
    const first = ctx.chat.messages()[1]!;
    await ctx.clock.advance(1000);
    await ctx.chat.regenerate(first.id);
    expect(contents(ctx)).toEqual(['Q1', 'A1 again']);
    const regenerated = ctx.chat.messages()[1]!;
    expect(branchOf(ctx, regenerated.id)).toBe('2 / 2');
    // Nothing was deleted: all five messages are stored.
    const sessionId = ctx.chat.activeSession()!.id;
    expect((await ctx.store.sessions.nodes(sessionId)).map((n) => n.content).sort()).toEqual(
      ['A1', 'A1 again', 'A2', 'Q1', 'Q2'].sort(),
    );
    // The previous branch brings back its whole conversation, and the leaf is stored.
    await ctx.chat.switchBranch(regenerated.id, 'previous');
    expect(contents(ctx)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    expect(branchOf(ctx, first.id)).toBe('1 / 2');
    const stored = await ctx.store.sessions.get(sessionId);
    expect(stored?.leafId).toBe(ctx.chat.messages()[3]!.id);
    // The first message's view was kept, not redrawn.
    await ctx.chat.switchBranch(first.id, 'next');
    expect(contents(ctx)).toEqual(['Q1', 'A1 again']);
    // Reopening the session shows the branch last chosen.
    ctx.chat.newSession();
    await ctx.chat.openSession(sessionId);
    expect(contents(ctx)).toEqual(['Q1', 'A1 again']);
    expect(branchOf(ctx, ctx.chat.messages()[1]!.id)).toBe('2 / 2');
  });

  it('a follow-up after switching branches continues the branch shown', async () => {
    const ctx = await setup([{ text: 'A1' }, { text: 'A1b' }, { text: 'A2' }]);
    await ctx.chat.send('Q1');
    const first = ctx.chat.messages()[1]!;
    await ctx.clock.advance(1000);
    await ctx.chat.regenerate(first.id);
    await ctx.chat.switchBranch(ctx.chat.messages()[1]!.id, 'previous');
    await ctx.chat.send('Q2');
    expect(contents(ctx)).toEqual(['Q1', 'A1', 'Q2', 'A2']);
    const request = ctx.client.requests.at(-1)!;
    expect(request.messages.slice(1).map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2']);
  });

  it('editing a question sends it as a sibling and keeps the original with its reply', async () => {
    const ctx = await setup([{ text: 'A1' }, { text: 'A2' }, { text: 'A edited' }]);
    await ctx.chat.send('Q1');
    await ctx.clock.advance(1000);
    await ctx.chat.send('Q2 with a typo');
    const original = ctx.chat.messages()[2]!;
    await ctx.clock.advance(1000);
    await ctx.chat.editMessage(original.id, 'Q2 fixed');
    expect(contents(ctx)).toEqual(['Q1', 'A1', 'Q2 fixed', 'A edited']);
    const edited = ctx.chat.messages()[2]!;
    expect(branchOf(ctx, edited.id)).toBe('2 / 2');
    // The edited question went to the model with the history before it, not the old question.
    const request = ctx.client.requests.at(-1)!;
    expect(request.messages.slice(1).map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2 fixed']);
    await ctx.chat.switchBranch(edited.id, 'previous');
    expect(contents(ctx)).toEqual(['Q1', 'A1', 'Q2 with a typo', 'A2']);
  });

  it('editing the first question makes a second root; an empty edit does nothing', async () => {
    const ctx = await setup([{ text: 'A1' }, { text: 'A1 edited' }]);
    await ctx.chat.send('Q1');
    const question = ctx.chat.messages()[0]!;
    await ctx.chat.editMessage(question.id, '   ');
    expect(ctx.client.requests).toHaveLength(1);
    await ctx.clock.advance(1000);
    await ctx.chat.editMessage(question.id, 'Q1 edited');
    expect(contents(ctx)).toEqual(['Q1 edited', 'A1 edited']);
    expect(branchOf(ctx, ctx.chat.messages()[0]!.id)).toBe('2 / 2');
    await ctx.chat.switchBranch(ctx.chat.messages()[0]!.id, 'previous');
    expect(contents(ctx)).toEqual(['Q1', 'A1']);
  });

  // Invariant 4: writes that belong together are one transaction.
  it('a regenerated reply and the leaf move to it are stored together', async () => {
    const ctx = await setup([{ text: 'A1' }, { text: 'A1b' }]);
    await ctx.chat.send('Q1');
    const sessionId = ctx.chat.activeSession()!.id;
    const appended: string[] = [];
    const append = ctx.store.sessions.append.bind(ctx.store.sessions);
    const update = ctx.store.sessions.update.bind(ctx.store.sessions);
    ctx.store.sessions.append = async (node, at) => {
      appended.push(node.id);
      await append(node, at);
    };
    ctx.store.sessions.update = async (id, patch) => {
      if ('leafId' in patch) throw new Error('the leaf moved outside the append');
      await update(id, patch);
    };
    await ctx.clock.advance(1000);
    await ctx.chat.regenerate(ctx.chat.messages()[1]!.id);
    expect((await ctx.store.sessions.get(sessionId))?.leafId).toBe(appended[0]);
  });
});

describe('chat context from a traceback', () => {
  const traceback = [
    'Running `main.py` failed with ZeroDivisionError: division by zero',
    '',
    '```text',
    'Traceback (most recent call last):',
    '  File "/workspace/main.py", line 7, in <module>',
    '    outer()',
    '  File "/workspace/main.py", line 5, in outer',
    '    inner()',
    '  File "/workspace/main.py", line 2, in inner',
    '    return 1 / 0',
    'ZeroDivisionError: division by zero',
    '```',
  ].join('\n');
  const source = 'def inner():\n    return 1 / 0\n\ndef outer():\n    inner()\n\nouter()\n';

  it('sends the innermost function of the workspace where the error is', async () => {
    const ctx = await setup([{ text: 'fixed' }]);
    const asked: [string, number | undefined][] = [];
    await setLocator(ctx, async (text, name, line) => {
      asked.push([name, line]);
      const lines = text.split('\n');
      const start = lines.findIndex((l) => l.startsWith(`def ${name}(`));
      if (start < 0) return undefined;
      return {
        name,
        kind: 'function',
        startLine: start + 1,
        endLine: start + 2,
        source: lines.slice(start, start + 2).join('\n'),
      };
    });
    await ctx.workspaces.files()!.write('main.py', source);
    await ctx.chat.send(traceback);
    expect(asked).toEqual([['inner', 2]]);
    const system = ctx.client.requests[0]!.messages[0]!.content as string;
    expect(system).toContain('The file is main.py. The error in the traceback is raised at line 2');
    expect(system).toContain('the function `inner` (lines 1–2)');
    expect(system).not.toContain('def outer');
  });
});

/** Rebuilds the chat service of `ctx` with a symbol locator (setup has none). */
async function setLocator(
  ctx: Awaited<ReturnType<typeof setup>>,
  locateSymbol: NonNullable<SessionRuntimeDeps['locateSymbol']>,
) {
  ctx.chat = startChat({
    store: ctx.store,
    workspaces: ctx.workspaces,
    editor: ctx.editor,
    providers: fakeProviderService(),
    client: ctx.client,
    clock: ctx.clock,
    locks: ctx.locks,
    notices: ctx.notices,
    locateSymbol,
  });
  await ctx.chat.start();
}

describe('chat session titles', () => {
  it('a title leaves out the code a first message quotes', async () => {
    const ctx = await setup([{ text: 'ok' }]);
    await ctx.chat.send(
      'Here is my code:\n```python\ndef f(x):\n    return x / 0\n```\nWhy does it fail?',
    );
    expect(ctx.chat.activeSession()?.title).toBe('Here is my code: Why does it fail?');
  });
});
