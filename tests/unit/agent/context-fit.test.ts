import { describe, expect, it } from 'vitest';
import type { RunEndEvent } from '../../../src/agent/agent-events';
import { compactedPath } from '../../../src/agent/compaction';
import type { AgentTool } from '../../../src/agent/tool-catalog';
import { type ChatMessage, type ProviderConfig, type ScriptStep } from '../../../src/llm';
import { makeGate } from '../../fakes/gate';
import { engineHarness, type EngineHarness } from './support/engine-harness';

/** A model nobody described: Cove assumes an 8,192-token window and 4,096 out. */
const unknownModel: ProviderConfig = {
  id: 'p1',
  name: 'Fake',
  presetId: 'custom',
  baseURL: 'http://127.0.0.1:9/v1',
  models: [{ id: 'mystery' }],
};

/** `n` tools whose schemas add up to about `bytes` bytes of JSON, like an MCP server's. */
function schemaHeavyTools(n: number, bytes: number): AgentTool[] {
  const each = Math.floor(bytes / n);
  return Array.from({ length: n }, (_, i) => ({
    name: `mcp_everything_tool_${i}`,
    description: `Tool ${i}. ${'Does a thing with care. '.repeat(Math.floor(each / 2 / 24))}`,
    parameters: {
      type: 'object',
      properties: {
        input: { type: 'string', description: 'x'.repeat(Math.floor(each / 2)) },
      },
    },
    approval: 'read',
    execute: async () => ({ content: 'ok' }),
  }));
}

function setup(
  steps: ScriptStep[],
  options: { tools?: AgentTool[]; systemPrompt?: string; provider?: ProviderConfig } = {},
) {
  const ctx = engineHarness(steps, {
    provider: options.provider ?? unknownModel,
    tools: options.tools ?? [],
    dynamicPrompt: 'Today is 2026-12-05.',
    startsAt: Date.UTC(2026, 11, 5),
    ...(options.systemPrompt ? { systemPrompt: options.systemPrompt } : {}),
  });
  const runEnds = () =>
    ctx.seen.flatMap((e) =>
      e.type === 'agent_event' && e.event.type === 'run_end' ? [e.event as RunEndEvent] : [],
    );
  return { ...ctx, runEnds };
}

const text = (message: ChatMessage) =>
  typeof message.content === 'string' ? message.content : JSON.stringify(message.content);

const pathOf = (ctx: EngineHarness, sessionId: string) => ctx.pathOf(sessionId);

describe('the context budget in the session engine', () => {
  // Invariant 17: nothing is silently left out of what the model sees.
  it('an agent follow-up beside 27 tool schemas compacts first: every earlier turn is in the summary or sent, none silently dropped', async () => {
    // 27 tools with about 16 KB of schemas (MCP's server-everything) leave room for a short
    // conversation only.
    const attachment = `Resource file.txt:\n${'line of the attached resource\n'.repeat(60)}`;
    const ctx = setup(
      [
        { text: 'I read the resource.' },
        { text: '## Goal\nDiscuss the attached resource.\n## Next steps\nAnswer the follow-up.' },
        { text: 'Here is the follow-up answer.' },
      ],
      { tools: schemaHeavyTools(27, 16_000) },
    );
    const session = await ctx.engine.create('w', 'agent');
    await ctx.engine.setMode(session.id, 'agent');
    expect(await ctx.engine.send(session.id, undefined, attachment)).toBe('answered');
    expect(await ctx.engine.send(session.id, undefined, 'and what does it say?')).toBe('answered');

    // The follow-up asked for a summary first (the conversation did not fit beside the
    // tools), then answered with the summary and the follow-up.
    expect(ctx.client.requests).toHaveLength(3);
    const summaryAsk = ctx.client.requests[1]!.messages.map(text).join('\n');
    expect(summaryAsk).toContain('line of the attached resource');
    const answer = ctx.client.requests[2]!;
    expect(answer.tools).toHaveLength(27);
    const sent = answer.messages.map(text);
    expect(sent.join('\n')).toContain('Discuss the attached resource.');
    expect(sent.at(-1)).toBe('and what does it say?');
    // The tree marks what left the context, and nothing was deleted.
    const path = await pathOf(ctx, session.id);
    expect(compactedPath(path).outside.size).toBeGreaterThan(0);
    expect(path.find((n) => n.role === 'compaction')?.compaction?.automatic).toBe(true);
    expect(ctx.runEnds().map((end) => end.reason)).toEqual(['done', 'done']);
  });

  // Invariant 17: nothing is silently left out of what the model sees.
  it('when the tools alone fill the window, the run is refused with what to change, and nothing is asked', async () => {
    const ctx = setup([{ text: 'never' }], { tools: schemaHeavyTools(27, 24_000) });
    const session = await ctx.engine.create('w', 'agent');
    await ctx.engine.setMode(session.id, 'agent');
    expect(await ctx.engine.send(session.id, undefined, 'hello')).toBe('answered');
    expect(ctx.client.requests).toHaveLength(0);
    const [end] = ctx.runEnds();
    expect(end?.reason).toBe('error');
    expect(end?.error?.code).toBe('context-too-small');
    expect(end?.error?.message).toContain('27 tools');
    expect(end?.error?.message).toContain('8,192-token window');
    expect(end?.error?.hint).toMatch(/Turn off tools or MCP servers/);
    expect(end?.error?.hint).toMatch(/Settings → Models/);
    // The question is kept: nothing a person typed is lost.
    const nodes = await ctx.store.sessions.nodes(session.id);
    expect(nodes.map((n) => n.content)).toContain('hello');
  });

  // Invariant 17: nothing is silently left out of what the model sees.
  it('a chat question too long for the window even after compacting is refused on the reply, not cut', async () => {
    const huge = 'word '.repeat(9_000);
    const ctx = setup([{ text: 'first answer' }, { text: '## Goal\nEarlier talk.' }]);
    const session = await ctx.engine.create('w', 'chat');
    await ctx.engine.send(session.id, undefined, 'short first question');
    expect(await ctx.engine.send(session.id, undefined, huge)).toBe('answered');
    // It tried to make room (a summary of the earlier turn), then refused: no reply request.
    expect(ctx.client.requests).toHaveLength(2);
    const path = await pathOf(ctx, session.id);
    const reply = path.at(-1)!;
    expect(reply).toMatchObject({ role: 'assistant', status: 'error', content: '' });
    expect(reply.error?.code).toBe('context-too-small');
    expect(reply.error?.message).toMatch(/Nothing was sent/);
    expect(reply.error?.hint).toMatch(/Shorten the message/);
    expect(path.some((n) => n.content === huge)).toBe(true);
  });

  // Invariant 17: nothing is silently left out of what the model sees.
  it('a chat that fits is sent whole, every turn, in order', async () => {
    const ctx = setup([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    const session = await ctx.engine.create('w', 'chat');
    for (const question of ['q1', 'q2', 'q3']) {
      await ctx.engine.send(session.id, undefined, question);
    }
    expect(ctx.client.requests[2]!.messages.slice(1).map(text)).toEqual([
      'q1',
      'one',
      'q2',
      'two',
      'q3',
    ]);
  });

  it('a failed automatic compaction is logged; a conversation that still fits is sent whole', async () => {
    // Big enough to pass the automatic limit, small enough to fit the window.
    const ctx = setup(
      [
        { text: 'r '.repeat(9_000) },
        { error: { kind: 'server-error', message: 'The server failed (500).', hint: '' } },
        { text: 'answered anyway' },
      ],
      { systemPrompt: 'Be brief. '.repeat(300) },
    );
    const session = await ctx.engine.create('w', 'chat');
    await ctx.engine.send(session.id, undefined, 'q1');
    await ctx.engine.send(session.id, undefined, 'q2');
    expect(ctx.problems).toEqual([
      'The automatic compaction failed; the conversation was sent whole',
    ]);
    expect(ctx.client.requests.at(-1)!.messages.slice(1).map(text)).toEqual([
      'q1',
      'r '.repeat(9_000),
      'q2',
    ]);
    const path = await pathOf(ctx, session.id);
    expect(path.at(-1)).toMatchObject({ content: 'answered anyway', status: 'complete' });
  });

  it('Stop ends an automatic compaction: no summary is stored, the reply ends stopped, Send works again', async () => {
    const gate = makeGate();
    const ctx = setup(
      [
        { text: 'first answer' },
        { text: '## Goal\nnever stored', pause: { afterChunks: 0, until: () => gate.wait() } },
        { text: 'after stop' },
      ],
      { tools: schemaHeavyTools(27, 16_000) },
    );
    const session = await ctx.engine.create('w', 'agent');
    await ctx.engine.setMode(session.id, 'agent');
    await ctx.engine.send(session.id, undefined, `big ${'resource line\n'.repeat(100)}`);
    const compacting = new Promise<void>((resolve) => {
      ctx.engine.subscribe((event) => {
        if (event.type === 'activity' && event.activity === 'compacting') resolve();
      });
    });
    const sending = ctx.engine.send(session.id, undefined, 'follow-up');
    await compacting;
    // A second Send in this tab during the compaction is not "another tab".
    expect(await ctx.engine.send(session.id, undefined, 'again')).toBe('busy');
    ctx.engine.stop();
    expect(await sending).toBe('answered');
    const nodes = await ctx.store.sessions.nodes(session.id);
    expect(nodes.some((n) => n.role === 'compaction')).toBe(false);
    expect(ctx.runEnds().at(-1)?.reason).toBe('aborted');
    expect(ctx.engine.streaming()).toBeUndefined();
    expect(ctx.seen.at(-1)).toMatchObject({ type: 'activity', activity: 'idle' });
    // The follow-up is kept, and the next Send runs (and may compact again).
    expect(nodes.map((n) => n.content)).toContain('follow-up');
    gate.open();
  });

  it('Stop ends /compact: nothing is changed and the outcome says it was stopped', async () => {
    const gate = makeGate();
    const ctx = setup([
      { text: 'one' },
      { text: 'two' },
      { text: '## Goal\nnever', pause: { afterChunks: 0, until: () => gate.wait() } },
    ]);
    const session = await ctx.engine.create('w', 'chat');
    await ctx.engine.send(session.id, undefined, 'q1');
    await ctx.engine.send(session.id, undefined, 'q2');
    const before = await ctx.store.sessions.nodes(session.id);
    const started = new Promise<void>((resolve) =>
      ctx.engine.subscribe((e) => {
        if (e.type === 'activity' && e.activity === 'compacting') resolve();
      }),
    );
    const compacting = ctx.engine.compact(session.id);
    await started;
    ctx.engine.stop();
    expect(await compacting).toEqual({ outcome: 'stopped' });
    expect(await ctx.store.sessions.nodes(session.id)).toEqual(before);
    gate.open();
  });
});
