import { describe, expect, it } from 'vitest';
import { compactedPath } from '../../../src/agent/compaction';
import { type ProviderConfig, type ScriptStep } from '../../../src/llm';
import { engineHarness, type EngineHarness } from './support/engine-harness';

/** A small window, so a few long replies fill it: the limit is 1,400 tokens. */
const provider: ProviderConfig = {
  id: 'p1',
  name: 'Fake',
  presetId: 'custom',
  baseURL: 'http://127.0.0.1:9/v1',
  models: [{ id: 'm1', capabilities: { contextWindow: 2000, maxOutputTokens: 400 } }],
};

/** A system prompt of about 500 tokens: with it, the frame takes close to 40 % of the window. */
const SYSTEM_PROMPT = 'Answer briefly. '.repeat(125);

function setup(steps: ScriptStep[]) {
  return engineHarness(steps, {
    provider,
    systemPrompt: SYSTEM_PROMPT,
    startsAt: Date.UTC(2026, 11, 3),
  });
}

const long = (word: string) => `${word} `.repeat(250);
const text = (content: unknown) => (typeof content === 'string' ? content : '');

const pathOf = (ctx: EngineHarness, sessionId: string) => ctx.pathOf(sessionId);

describe('compaction in the session engine', () => {
  it('compacts on its own when the context passes the limit; the question and the tail stay verbatim, nothing is deleted', async () => {
    const ctx = setup([
      { text: long('alpha') },
      { text: long('beta') },
      { text: '## Goal\nTalk about greek letters.\n## Next steps\nAnswer the third.' },
      { text: 'Gamma it is.' },
    ]);
    const session = await ctx.engine.create('w', 'first');
    await ctx.engine.send(session.id, undefined, 'first question');
    await ctx.engine.send(session.id, undefined, 'second question');
    expect(ctx.client.requests).toHaveLength(2);
    await ctx.engine.send(session.id, undefined, 'third question');

    // The third send asked for a summary first, then answered.
    expect(ctx.client.requests).toHaveLength(4);
    const summaryRequest = ctx.client.requests[2]!;
    expect(text(summaryRequest.messages[0]!.content)).toContain('## Files touched');
    expect(text(summaryRequest.messages[1]!.content)).toContain('USER: first question');

    const path = await pathOf(ctx, session.id);
    const marker = path.find((n) => n.role === 'compaction')!;
    expect(marker.content).toContain('Talk about greek letters.');
    expect(marker.compaction).toMatchObject({ automatic: true });
    // Both figures are estimated the same way, so the marker shows the context shrink.
    expect(marker.compaction!.tokensAfter).toBeLessThan(marker.compaction!.tokensBefore);
    // The question asked is kept verbatim, right before the marker; the reply follows it.
    const question = path.find((n) => n.content === 'third question')!;
    expect(marker.parentId).toBe(question.id);
    expect(path.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'Gamma it is.',
      parentId: marker.id,
    });
    const context = compactedPath(path);
    expect(context.nodes.map((n) => n.content)).toContain('third question');
    expect(context.outside.size).toBeGreaterThan(0);
    // The reply's request: the summary first, the old long replies out.
    const answer = ctx.client.requests[3]!.messages.map((m) => text(m.content));
    expect(answer[1]).toContain('Talk about greek letters.');
    expect(answer.join('\n')).not.toContain('alpha alpha');
    expect(answer.at(-1)).toBe('third question');
    // Nothing was deleted: the six messages and the marker are all in the tree.
    expect(await ctx.store.sessions.nodes(session.id)).toHaveLength(7);
  });

  it('a reply the provider says overflowed compacts once and is asked again; the failed reply stays as a branch', async () => {
    const ctx = setup([
      { text: 'one' },
      {
        error: {
          kind: 'context-overflow',
          message: 'The conversation is longer than the model accepts.',
          hint: '',
        },
      },
      { text: '## Goal\nSecond question pending.' },
      { text: 'Answered after compacting.' },
    ]);
    const session = await ctx.engine.create('w', 'first');
    await ctx.engine.send(session.id, undefined, 'q1');
    await ctx.engine.send(session.id, undefined, 'q2');
    expect(ctx.client.requests).toHaveLength(4);
    const path = await pathOf(ctx, session.id);
    expect(path.map((n) => `${n.role}:${n.content}`)).toEqual([
      'user:q1',
      'assistant:one',
      'user:q2',
      'compaction:## Goal\nSecond question pending.',
      'assistant:Answered after compacting.',
    ]);
    const retried = ctx.client.requests[3]!.messages.map((m) => text(m.content));
    expect(retried[1]).toContain('Second question pending.');
    expect(retried.at(-1)).toBe('q2');
    const failed = (await ctx.store.sessions.nodes(session.id)).find((n) => n.status === 'error');
    expect(failed).toMatchObject({ role: 'assistant', parentId: path[2]!.id });
  });

  it('/compact with a focus summarizes now; a failed summary changes nothing', async () => {
    const ctx = setup([
      { text: 'one' },
      { text: 'two' },
      { error: { kind: 'server-error', message: 'The server failed (500).', hint: '' } },
      { text: '## Goal\nFocus kept.' },
    ]);
    const session = await ctx.engine.create('w', 'first');
    await ctx.engine.send(session.id, undefined, 'q1');
    await ctx.engine.send(session.id, undefined, 'q2');
    const before = await ctx.store.sessions.nodes(session.id);

    const failed = await ctx.engine.compact(session.id, 'the tests');
    expect(failed).toMatchObject({ outcome: 'failed', error: { code: 'compaction-failed' } });
    expect(await ctx.store.sessions.nodes(session.id)).toEqual(before);
    expect((await ctx.store.sessions.get(session.id))!.leafId).toBe(before.at(-1)!.id);

    const done = await ctx.engine.compact(session.id, 'the tests');
    expect(done.outcome).toBe('compacted');
    expect(text(ctx.client.requests[3]!.messages[1]!.content)).toContain(
      'Focus the summary on: the tests',
    );
    const path = await pathOf(ctx, session.id);
    expect(path.at(-1)).toMatchObject({
      role: 'compaction',
      content: '## Goal\nFocus kept.',
      compaction: { focus: 'the tests', automatic: false },
    });
  });
});
