import { describe, expect, it } from 'vitest';
import { MISSING_TOOL_RESULT, pathToMessages } from '../../../src/agent/context-builder';
import type { AgentTool } from '../../../src/agent/tool-catalog';
import { type ProviderConfig, type ScriptStep } from '../../../src/llm';
import type { NodeRecord } from '../../../src/store/records';
import { makeGate, type Gate } from '../../fakes/gate';
import { engineHarness } from './support/engine-harness';

const provider: ProviderConfig = {
  id: 'p1',
  name: 'Fake',
  presetId: 'custom',
  baseURL: 'http://127.0.0.1:9/v1',
  models: [{ id: 'm1', capabilities: { contextWindow: 32_000, maxOutputTokens: 1000 } }],
};

/** A read-only tool that waits at `gate` (when given) and answers "waited". */
function waitTool(gate?: Gate): AgentTool {
  return {
    name: 'wait',
    description: 'Waits.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    approval: 'read',
    async execute() {
      await gate?.wait();
      return { content: 'waited' };
    },
  };
}

async function setup(steps: ScriptStep[], options: { gate?: Gate; maxSteps?: number } = {}) {
  const { engine, store, client, pathOf } = engineHarness(steps, {
    provider,
    tools: [waitTool(options.gate)],
    dynamicPrompt: 'Today.',
    startsAt: Date.UTC(2026, 11, 3),
    ...(options.maxSteps ? { maxSteps: options.maxSteps } : {}),
  });
  const session = await engine.create('w1', 'task');
  await engine.setMode(session.id, 'agent');
  const path = () => pathOf(session.id);
  const shape = async () =>
    (await path()).map((n) =>
      n.role === 'tool'
        ? `tool:${n.content}`
        : `${n.role}:${n.content}${n.toolCalls?.length ? '+call' : ''}`,
    );
  return { engine, store, client, session, path, shape };
}

const waitCall = (id: string) => ({ toolCalls: [{ id, name: 'wait', arguments: {} }] });

describe('agent runs in the session engine', () => {
  it('stores each reply, tool result and delivered steering as nodes in order; queued follow-ups run after', async () => {
    const gate = makeGate();
    const ctx = await setup([waitCall('a'), { text: 'Steered.' }, { text: 'Follow-up done.' }], {
      gate,
    });
    const running = ctx.engine.send(ctx.session.id, undefined, 'start');
    await gate.reached;
    ctx.engine.inbox.steer('also check b');
    ctx.engine.inbox.queue('then do c');
    gate.open();
    expect(await running).toBe('answered');
    expect(await ctx.shape()).toEqual([
      'user:start',
      'assistant:+call',
      'tool:waited',
      'user:also check b',
      'assistant:Steered.',
      'user:then do c',
      'assistant:Follow-up done.',
    ]);
    // The steering reached the model in the second request, after the tool result.
    const second = ctx.client.requests[1]!.messages.map((m) => m.role);
    expect(second.slice(-3)).toEqual(['assistant', 'tool', 'user']);
    expect((await ctx.path()).every((n) => n.status === 'complete')).toBe(true);
  });

  // Invariant 2: no reply is left streaming after a fault; what was shown is kept.
  it('Stop during a stream keeps the partial reply as aborted and stores nothing as streaming', async () => {
    const gate = makeGate();
    const ctx = await setup([
      { text: 'half of it', chunkSize: 5, pause: { afterChunks: 1, until: () => gate.wait() } },
    ]);
    const running = ctx.engine.send(ctx.session.id, undefined, 'start');
    await gate.reached;
    ctx.engine.stop();
    await running;
    const nodes = await ctx.path();
    expect(nodes.at(-1)).toMatchObject({ role: 'assistant', content: 'half ', status: 'aborted' });
    expect(nodes.every((n) => n.status !== 'streaming')).toBe(true);
    expect(ctx.engine.streaming()).toBeUndefined();
  });

  it('a run that hit its step limit goes on from the leaf with continueRun', async () => {
    const ctx = await setup([waitCall('a'), { text: 'Finished.' }], { maxSteps: 1 });
    await ctx.engine.send(ctx.session.id, undefined, 'start');
    expect(await ctx.shape()).toEqual(['user:start', 'assistant:+call', 'tool:waited']);
    expect(await ctx.engine.continueRun(ctx.session.id)).toBe('answered');
    expect(await ctx.shape()).toEqual([
      'user:start',
      'assistant:+call',
      'tool:waited',
      'assistant:Finished.',
    ]);
  });
});

describe('agent history', () => {
  const node = (over: Partial<NodeRecord>): NodeRecord => ({
    id: 'x',
    sessionId: 's',
    parentId: null,
    role: 'user',
    content: '',
    status: 'complete',
    startedAt: 0,
    ...over,
  });

  it('a tool call left without a result (the tab closed) gets a note, so the API accepts it', () => {
    const history = pathToMessages([
      node({ id: 'u', content: 'go' }),
      node({
        id: 'a',
        role: 'assistant',
        status: 'interrupted',
        toolCalls: [
          { id: 'c1', name: 'wait', arguments: '{}' },
          { id: 'c2', name: 'wait', arguments: '{}' },
        ],
      }),
      node({ id: 't', role: 'tool', toolCallId: 'c1', content: 'waited' }),
    ]);
    // In call order, right after the call.
    expect(history.filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', toolCallId: 'c1', content: 'waited' },
      { role: 'tool', toolCallId: 'c2', content: MISSING_TOOL_RESULT },
    ]);
  });
});
