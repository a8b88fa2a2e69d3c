import { describe, expect, it } from 'vitest';
import type { ReplyModel } from '../../../src/agent/session-engine';
import { CONTINUE_INSTRUCTION } from '../../../src/agent/chat-reply';
import { type ScriptStep } from '../../../src/llm';
import { engineHarness } from './support/engine-harness';
import type { AgentTool } from '../../../src/agent/tool-catalog';

function setup(
  steps: ScriptStep[] = [],
  options: { model?: ReplyModel | null; activeDocument?: () => undefined } = {},
) {
  return engineHarness(steps, { ...options, fileContext: true });
}

describe('session engine', () => {
  // Invariant 1: a user message is stored before its request starts.
  it('one message goes down in order: stored question, request (while the reply is stored), folded events', async () => {
    const ctx = setup([{ text: 'Hello there', chunkSize: 6 }]);
    const session = await ctx.engine.create('w', 'Hi, who are you?');
    let storedBeforeRequest: string[] = [];
    const stream = ctx.client.stream.bind(ctx.client);
    ctx.client.stream = async function* (request) {
      storedBeforeRequest = (await ctx.store.sessions.nodes(session.id)).map(
        (n) => `${n.role}:${n.status}`,
      );
      yield* stream(request);
    };
    expect(await ctx.engine.send(session.id, undefined, 'Hi, who are you?')).toBe('answered');
    // The question is stored before the model is asked; the reply's node is written while
    // the request travels, and appended (node_appended) before anything is folded into it.
    expect(storedBeforeRequest).toContain('user:complete');
    expect(storedBeforeRequest).not.toContain('assistant:complete');
    expect(
      ctx.seen.map((e) => (e.type === 'node_event' ? `node_event:${e.event.type}` : e.type)),
    ).toEqual([
      'activity',
      'node_appended',
      'context_fitted',
      'node_appended',
      'reply_start',
      'node_event:text_delta',
      'node_event:text_delta',
      'node_event:done',
      'node_event:node_end',
      'activity',
    ]);
    expect(ctx.seen.filter((e) => e.type === 'activity').map((e) => e.activity)).toEqual([
      'answering',
      'idle',
    ]);
    const nodes = await ctx.store.sessions.nodes(session.id);
    expect(nodes.find((n) => n.role === 'assistant')).toMatchObject({
      content: 'Hello there',
      status: 'complete',
      model: 'p1/m1',
    });
    expect((await ctx.store.sessions.get(session.id))?.leafId).toBe(
      nodes.find((n) => n.role === 'assistant')!.id,
    );
    expect(session.title).toBe('Hi, who are you?');
  });

  it('gives the request up when the reply’s node cannot be stored', async () => {
    const ctx = setup([{ text: 'Hello there', chunkSize: 6 }]);
    const session = await ctx.engine.create('w', 'Hi');
    let requestSignal: AbortSignal | undefined;
    const stream = ctx.client.stream.bind(ctx.client);
    ctx.client.stream = (request) => {
      requestSignal = request.signal;
      return stream(request);
    };
    const append = ctx.store.sessions.append.bind(ctx.store.sessions);
    ctx.store.sessions.append = (node, at) =>
      node.role === 'assistant' ? Promise.reject(new Error('disk full')) : append(node, at);
    await expect(ctx.engine.send(session.id, undefined, 'Hi')).rejects.toThrow('disk full');
    expect(requestSignal?.aborted).toBe(true);
    const nodes = await ctx.store.sessions.nodes(session.id);
    expect(nodes.map((n) => `${n.role}:${n.content}`)).toEqual(['user:Hi']);
  });

  it('a session switches to agent mode and back, keeping its nodes, in one list', async () => {
    const ctx = setup([{ text: 'ok' }]);
    const chat = await ctx.engine.create('w', 'first');
    await ctx.engine.send(chat.id, null, 'first');
    const other = await ctx.engine.create('w', 'second');
    await ctx.engine.setMode(chat.id, 'agent');
    const listed = await ctx.engine.list('w');
    expect(listed.map((s) => [s.id, s.mode]).sort()).toEqual(
      [
        [chat.id, 'agent'],
        [other.id, 'chat'],
      ].sort(),
    );
    expect((await ctx.engine.load(chat.id)).path).toHaveLength(2);
    await ctx.engine.setMode(chat.id, 'chat');
    expect((await ctx.store.sessions.get(chat.id))?.mode).toBe('chat');
  });

  it('Continue goes on after a cut-off reply: a new reply under it, asked to continue, the partial kept', async () => {
    const ctx = setup([{ text: ' and the end.' }]);
    const session = await ctx.engine.create('w', 'Tell me');
    await ctx.store.sessions.append(
      {
        id: 'q',
        sessionId: session.id,
        parentId: null,
        role: 'user',
        content: 'Tell me',
        status: 'complete',
        startedAt: 1,
      },
      1,
    );
    await ctx.store.sessions.append(
      {
        id: 'cut',
        sessionId: session.id,
        parentId: 'q',
        role: 'assistant',
        content: 'The beginning',
        status: 'interrupted',
        startedAt: 2,
      },
      2,
    );
    expect(await ctx.engine.continueReply(session.id, 'q')).toBeUndefined();
    expect(await ctx.engine.continueReply(session.id, 'cut')).toBe('answered');
    const sent = ctx.client.requests[0]!.messages;
    expect(sent.slice(-3)).toEqual([
      { role: 'user', content: expect.stringContaining('Tell me') },
      { role: 'assistant', content: 'The beginning' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    const nodes = await ctx.store.sessions.nodes(session.id);
    const next = nodes.find((n) => n.parentId === 'cut')!;
    expect(next).toMatchObject({ role: 'assistant', content: ' and the end.', status: 'complete' });
    expect(nodes.find((n) => n.id === 'cut')).toMatchObject({
      content: 'The beginning',
      status: 'interrupted',
    });
    expect((await ctx.store.sessions.get(session.id))?.leafId).toBe(next.id);
    // Only the cut-off reply's text is stored: the instruction belonged to that request.
    expect(nodes.some((n) => n.content === CONTINUE_INSTRUCTION)).toBe(false);
    // A finished reply has nothing to continue.
    expect(await ctx.engine.continueReply(session.id, next.id)).toBeUndefined();
  });

  it('without a model nothing is stored or asked, and the draft stays', async () => {
    const ctx = setup([{ text: 'never' }], { model: null });
    const session = await ctx.engine.create('w', 'q');
    let stored = false;
    expect(await ctx.engine.send(session.id, null, 'q', () => (stored = true))).toBe('no_model');
    expect(stored).toBe(false);
    expect(ctx.client.requests).toHaveLength(0);
    expect(await ctx.store.sessions.nodes(session.id)).toEqual([]);
  });

  // Invariant 12: one tab writes a session at a time; the others see it live.
  it('while another tab holds the lock the question is not stored and the leaf stays (the lock comes first)', async () => {
    const ctx = setup([{ text: 'first answer' }, { text: 'never' }]);
    const session = await ctx.engine.create('w', 'q');
    await ctx.engine.send(session.id, undefined, 'first');
    const leafBefore = (await ctx.store.sessions.get(session.id))!.leafId;
    let finish!: () => void;
    const held = ctx.locks.tryWith(session.id, () => new Promise<void>((r) => (finish = r)));
    let stored = false;
    expect(await ctx.engine.send(session.id, undefined, 'second', () => (stored = true))).toBe(
      'locked',
    );
    // The draft is not cleared (onStored never ran) and the tree did not move.
    expect(stored).toBe(false);
    expect(ctx.client.requests).toHaveLength(1);
    expect((await ctx.store.sessions.nodes(session.id)).map((n) => n.content)).toEqual([
      'first',
      'first answer',
    ]);
    expect((await ctx.store.sessions.get(session.id))!.leafId).toBe(leafBefore);
    finish();
    await held;
  });

  // Invariant 3: nothing is duplicated by retries, reloads or two tabs.
  it('a second send in the same tab while a reply streams is `busy`, and nothing is stored for it', async () => {
    const ctx = setup([{ text: 'slow answer', chunkSize: 1 }]);
    const session = await ctx.engine.create('w', 'q');
    const first = ctx.engine.send(session.id, undefined, 'first');
    expect(await ctx.engine.send(session.id, undefined, 'second')).toBe('busy');
    expect(await first).toBe('answered');
    expect((await ctx.store.sessions.nodes(session.id)).map((n) => n.content)).toEqual([
      'first',
      'slow answer',
    ]);
  });

  it('a failure while building the request ends the reply with an error, stored', async () => {
    const ctx = setup([{ text: 'never' }], {
      activeDocument: () => {
        throw new Error('the editor is gone');
      },
    });
    const session = await ctx.engine.create('w', 'q');
    expect(await ctx.engine.send(session.id, null, 'q')).toBe('answered');
    expect(ctx.client.requests).toHaveLength(0);
    const reply = (await ctx.store.sessions.nodes(session.id)).find((n) => n.role === 'assistant');
    expect(reply).toMatchObject({ status: 'error', error: { code: 'internal' } });
    expect(reply?.error?.message).toContain('the editor is gone');
    expect(ctx.engine.streaming()).toBeUndefined();
  });

  it('a listener that throws does not stop the reply', async () => {
    const ctx = setup([{ text: 'fine' }]);
    ctx.engine.subscribe(() => {
      throw new Error('a broken view');
    });
    const session = await ctx.engine.create('w', 'q');
    expect(await ctx.engine.send(session.id, null, 'q')).toBe('answered');
    const reply = (await ctx.store.sessions.nodes(session.id)).find((n) => n.role === 'assistant');
    expect(reply).toMatchObject({ status: 'complete', content: 'fine' });
    expect(ctx.listenerErrors.length).toBeGreaterThan(0);
    expect(ctx.listenerErrors.every((e) => String(e).includes('a broken view'))).toBe(true);
  });

  it('a chat reply with tools for chat (memory) runs them through the loop, with the chat prompt', async () => {
    const saved: unknown[] = [];
    const remember: AgentTool = {
      name: 'memory_write',
      description: 'Saves a note.',
      parameters: { type: 'object', properties: { text: { type: 'string' } } },
      approval: 'edit',
      promptHint: 'Save what the user asks you to remember with memory_write.',
      async execute(args) {
        saved.push(args);
        return { content: 'Saved.' };
      },
    };
    const ctx = engineHarness(
      [
        { toolCalls: [{ id: 'c1', name: 'memory_write', arguments: { text: 'tabs' } }] },
        { text: 'Noted: tabs.' },
      ],
      { chatTools: [remember] },
    );
    const session = await ctx.engine.create('w', 'Remember that I use tabs');
    expect(session.mode).toBe('chat');
    expect(await ctx.engine.send(session.id, undefined, 'Remember that I use tabs')).toBe(
      'answered',
    );
    expect(saved).toEqual([{ text: 'tabs' }]);
    const path = await ctx.pathOf(session.id);
    expect(path.map((n) => n.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(path.at(-1)?.content).toBe('Noted: tabs.');
    const request = ctx.client.requests[0]!;
    expect(request.tools?.map((tool) => tool.name)).toEqual(['memory_write']);
    const system = String(request.messages[0]?.content);
    // The chat prompt, not the agent's, with the tool named and the dynamic part (the index).
    expect(system).toContain('Tools: memory_write.');
    expect(system).toContain('Save what the user asks you to remember');
    expect(system).toContain('Notes you saved: none yet.');
    expect(system).not.toContain('edit_file');
  });

  it('a chat reply without tools for chat stays a plain reply with no tools offered', async () => {
    const ctx = setup([{ text: 'Hello.' }]);
    const session = await ctx.engine.create('w', 'Hi');
    expect(await ctx.engine.send(session.id, undefined, 'Hi')).toBe('answered');
    expect(ctx.client.requests[0]?.tools).toBeUndefined();
    expect((await ctx.pathOf(session.id)).map((n) => n.role)).toEqual(['user', 'assistant']);
  });
});
