import { describe, expect, it } from 'vitest';
import type { SessionEngineEvent } from '../../../src/agent/session-engine';
import type { SessionEvent } from '../../../src/agent/session-events';
import { createMemorySessionLocks } from '../../../src/agent/session-locks';
import { createSessionPersister, STREAM_PERSIST_MS } from '../../../src/agent/session-persister';
import { draftOf, reduceNode, type NodeDraft } from '../../../src/agent/session-reducer';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import type { NodeRecord } from '../../../src/store/records';

const session = {
  id: 's',
  workspaceId: 'w',
  title: 't',
  mode: 'chat' as const,
  leafId: null,
  createdAt: 1,
  updatedAt: 1,
  starred: false,
};

function streamingReply(id = 'a', sessionId = 's'): NodeRecord {
  return {
    id,
    sessionId,
    parentId: null,
    role: 'assistant',
    content: '',
    status: 'streaming',
    startedAt: 1,
  };
}

async function setup(options: { pageHide?: boolean } = {}) {
  const clock = new ManualClock(10_000);
  const store = createMemoryStore();
  const locks = createMemorySessionLocks();
  await store.sessions.put(session);
  await store.sessions.append(streamingReply(), 1);
  const errors: string[] = [];
  let pageHide: (() => void) | undefined;
  const persister = createSessionPersister({
    sessions: store.sessions,
    clock,
    locks,
    onError: (_error, what) => errors.push(what),
    ...(options.pageHide
      ? {
          onPageHide: (listener: () => void) => {
            pageHide = listener;
            return () => (pageHide = undefined);
          },
        }
      : {}),
  });
  let draft: NodeDraft = draftOf(streamingReply());
  /** Folds `event` as the engine would and hands it to the persister. */
  const feed = (event: SessionEvent) => {
    draft = reduceNode(draft, event, clock.now());
    const published: SessionEngineEvent = {
      type: 'node_event',
      sessionId: 's',
      nodeId: 'a',
      event,
      draft,
      at: clock.now(),
    };
    return persister.handle(published);
  };
  const stored = async () => (await store.sessions.nodes('s')).find((n) => n.id === 'a')!;
  return { clock, store, locks, persister, feed, stored, errors, hidePage: () => pageHide?.() };
}

describe('session persister', () => {
  it('writes a growing reply once a second, not per delta', async () => {
    const ctx = await setup();
    let writes = 0;
    const updateNode = ctx.store.sessions.updateNode.bind(ctx.store.sessions);
    ctx.store.sessions.updateNode = async (id, patch) => {
      writes++;
      await updateNode(id, patch);
    };
    ctx.feed({ type: 'text_delta', delta: 'one ' });
    await ctx.clock.advance(STREAM_PERSIST_MS / 2);
    ctx.feed({ type: 'text_delta', delta: 'two ' });
    expect(writes).toBe(0);
    expect((await ctx.stored()).content).toBe('');
    await ctx.clock.advance(STREAM_PERSIST_MS / 2);
    // The write a second after the first delta holds everything that arrived until then.
    expect(writes).toBe(1);
    expect(await ctx.stored()).toMatchObject({ content: 'one two ', status: 'streaming' });
    ctx.feed({ type: 'text_delta', delta: 'three' });
    await ctx.clock.advance(STREAM_PERSIST_MS - 1);
    expect(writes).toBe(1);
    await ctx.clock.advance(1);
    expect(writes).toBe(2);
    expect((await ctx.stored()).content).toBe('one two three');
    // Nothing grew since: no timer is left, nothing more is written.
    await ctx.clock.advance(5 * STREAM_PERSIST_MS);
    expect(writes).toBe(2);
    expect(ctx.clock.pending).toBe(0);
  });

  it('events that add no text schedule no write', async () => {
    const ctx = await setup();
    ctx.feed({ type: 'stream_options_unsupported' });
    expect(ctx.clock.pending).toBe(0);
  });

  // Invariant 2: no reply is left streaming after a fault; what was shown is kept.
  it('the page going away writes the growing reply at once', async () => {
    const ctx = await setup({ pageHide: true });
    ctx.feed({ type: 'reasoning_delta', delta: 'hmm' });
    ctx.feed({ type: 'text_delta', delta: 'partial' });
    ctx.hidePage();
    // No clock time passed: the write was started by the page hiding, not by the timer.
    await Promise.resolve();
    expect(await ctx.stored()).toMatchObject({
      content: 'partial',
      reasoning: 'hmm',
      status: 'streaming',
    });
    expect(ctx.clock.pending).toBe(0);
  });

  it('the end writes the final state, cancels the pending write, and is awaited', async () => {
    const ctx = await setup();
    ctx.feed({ type: 'text_delta', delta: 'almost' });
    const ended = ctx.feed({ type: 'node_end' });
    expect(ended).toBeInstanceOf(Promise);
    await ended;
    expect(await ctx.stored()).toMatchObject({
      content: 'almost',
      status: 'interrupted',
      finishedAt: 10_000,
    });
    expect(ctx.clock.pending).toBe(0);
  });

  it('a failed write is reported, not thrown', async () => {
    const ctx = await setup();
    ctx.store.sessions.updateNode = async () => {
      throw new Error('disk full');
    };
    await ctx.feed({ type: 'node_end' });
    ctx.feed({ type: 'text_delta', delta: 'x' });
    ctx.persister.flush();
    await Promise.resolve();
    expect(ctx.errors).toEqual([
      'Could not save the reply',
      'Could not save the reply as it streamed',
    ]);
  });

  it('dispose stops listening for the page and cancels pending writes', async () => {
    const ctx = await setup({ pageHide: true });
    ctx.feed({ type: 'text_delta', delta: 'x' });
    ctx.persister.dispose();
    expect(ctx.clock.pending).toBe(0);
    ctx.hidePage();
    await ctx.clock.advance(2 * STREAM_PERSIST_MS);
    expect((await ctx.stored()).content).toBe('');
  });
});

describe('session recovery', () => {
  // Invariant 2: no reply is left streaming after a fault; what was shown is kept.
  it('marks replies a closed tab left streaming as interrupted, keeping their text', async () => {
    const ctx = await setup();
    await ctx.store.sessions.updateNode('a', { content: 'half an answer' });
    expect(await ctx.persister.recover()).toEqual(['a']);
    expect(await ctx.stored()).toMatchObject({
      status: 'interrupted',
      content: 'half an answer',
      finishedAt: 10_000,
    });
    // Nothing is left streaming, so a second start changes nothing.
    expect(await ctx.persister.recover()).toEqual([]);
  });

  it('leaves a reply alone while another tab holds its session lock', async () => {
    const ctx = await setup();
    let finish!: () => void;
    const held = ctx.locks.tryWith('s', () => new Promise<void>((resolve) => (finish = resolve)));
    expect(await ctx.persister.recover()).toEqual([]);
    expect((await ctx.stored()).status).toBe('streaming');
    finish();
    await held;
    expect(await ctx.persister.recover()).toEqual(['a']);
  });
});
