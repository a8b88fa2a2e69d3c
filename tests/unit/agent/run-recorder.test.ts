import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/agent-events';
import type { ApprovalDecision } from '../../../src/agent/approval-policy';
import { runAgent } from '../../../src/agent/agent-loop';
import { createRunRecorder, type RunRecorder } from '../../../src/agent/run-recorder';
import type { ApprovalRequest } from '../../../src/agent/tool-batch';
import { ManualClock } from '../../../src/base/clock';
import { LlmError } from '../../../src/llm/llm-error';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';
import type { ModelStepRecord, ToolStepRecord } from '../../../src/store/run-store';
import { STEP_TEXT_CAP } from '../../../src/store/run-store';
import { calls, fakeTool, provider, startRun } from './support/agent-kit';

/** Folds every event of a finished run into a fresh recorder. */
function record(events: AgentEvent[], clock: ManualClock, price = false): RunRecorder {
  const recorder = createRunRecorder({
    runId: 'r1',
    sessionId: 's1',
    sessionTitle: 'Fix tests',
    model: 'p/scripted',
    ...(price ? { price: { inputPerMillion: 2, outputPerMillion: 10 } } : {}),
    now: () => clock.now(),
  });
  for (const event of events) recorder.apply(event);
  return recorder;
}

describe('run recorder', () => {
  it('records each model call and tool call in order, with tokens, cost and the run’s end', async () => {
    const clock = new ManualClock(1_000);
    const read = fakeTool('read_file', {
      reply: async (args) => {
        await clock.advance(40);
        return { content: `text of ${String(args['path'])}` };
      },
    });
    const run = startRun(
      [
        {
          ...calls(['read_file', { path: 'a.py' }]),
          usage: { inputTokens: 100, outputTokens: 20 },
        },
        { text: 'Done.', usage: { inputTokens: 150, outputTokens: 10 } },
      ],
      { tools: [read], clock },
    );
    await run.done;
    const recorder = record(run.events, clock, true);
    const steps = recorder.steps();
    expect(steps.map((s) => `${s.kind}:${s.turn}`)).toEqual(['model:1', 'tool:1', 'model:2']);
    expect(steps.map((s) => s.seq)).toEqual([0, 1, 2]);
    const [first, tool, last] = steps as [ModelStepRecord, ToolStepRecord, ModelStepRecord];
    expect(first).toMatchObject({
      model: 'p/scripted',
      stopReason: 'tool_calls',
      retries: 0,
      usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
      toolCalls: [{ id: 'c0', name: 'read_file', arguments: '{"path":"a.py"}' }],
    });
    expect(first.latencyMs).toBeGreaterThanOrEqual(0);
    expect(first.usage?.cost).toBeCloseTo((100 * 2 + 20 * 10) / 1e6);
    expect(tool).toMatchObject({
      toolName: 'read_file',
      callId: 'c0',
      args: { path: 'a.py' },
      outcome: 'ok',
      isError: false,
      result: 'text of a.py',
      durationMs: 40,
    });
    expect(tool.approval).toBeUndefined();
    expect(last).toMatchObject({ text: 'Done.', stopReason: 'stop' });
    expect(recorder.run()).toMatchObject({
      id: 'r1',
      sessionId: 's1',
      sessionTitle: 'Fix tests',
      status: 'done',
      steps: 3,
      turns: 2,
      usage: { inputTokens: 250, outputTokens: 30, totalTokens: 280 },
    });
    expect(recorder.run().usage.cost).toBeCloseTo((250 * 2 + 30 * 10) / 1e6);
    expect(recorder.ended()).toBe(true);
  });

  it('shows tokens without a cost when no price is set', async () => {
    const clock = new ManualClock(1_000);
    const run = startRun([{ text: 'Hi.', usage: { inputTokens: 5, outputTokens: 2 } }], { clock });
    await run.done;
    const recorder = record(run.events, clock);
    expect(recorder.run().usage).toEqual({ inputTokens: 5, outputTokens: 2, totalTokens: 7 });
    expect((recorder.steps()[0] as ModelStepRecord).usage?.cost).toBeUndefined();
  });

  it('records the approval decision and how long the person took', async () => {
    const clock = new ManualClock(1_000);
    const write = fakeTool('write_file', { approval: 'edit' });
    const answers: ApprovalDecision[] = [
      { type: 'approve_session' },
      { type: 'reject', feedback: 'Use tabs.' },
    ];
    const recorder = createRunRecorder({
      runId: 'r2',
      sessionId: 's1',
      model: 'p/m',
      now: () => clock.now(),
    });
    const approve = async (request: ApprovalRequest) => {
      await clock.advance(2_500);
      const decision = answers.shift()!;
      recorder.noteDecision(request.callId, decision, 2_500);
      return decision;
    };
    // Folded live, as the persister does, so approval requests are stamped when they come.
    for await (const event of runAgent({
      client: makeScriptedChatClient([
        calls(['write_file', { path: 'a.py' }]),
        // Another tool, so the approval for the session does not cover it.
        { toolCalls: [{ id: 'd0', name: 'edit_file', arguments: { path: 'b.py' } }] },
        { text: 'ok' },
      ]),
      provider,
      model: 'scripted',
      tools: [write, fakeTool('edit_file', { approval: 'edit' })],
      messages: [{ role: 'user', content: 'Go.' }],
      policy: { mode: 'ask' },
      approve,
      clock,
    })) {
      recorder.apply(event);
    }
    const tools = recorder.steps().filter((s): s is ToolStepRecord => s.kind === 'tool');
    expect(tools.map((t) => [t.toolName, t.outcome, t.approval?.decision])).toEqual([
      ['write_file', 'ok', 'approved_for_session'],
      ['edit_file', 'rejected', 'rejected'],
    ]);
    expect(tools[0]!.approval!.waitMs).toBe(2_500);
    expect(tools[1]!.approval).toMatchObject({ waitMs: 2_500, feedback: 'Use tabs.' });
  });

  it('counts retries and keeps a failed call’s error', async () => {
    const clock = new ManualClock(1_000);
    const scripted = makeScriptedChatClient([
      { error: { kind: 'server-error', message: 'Bad gateway.', hint: 'Later.' } },
    ]);
    const client = {
      async *stream(request: Parameters<typeof scripted.stream>[0]) {
        const error = LlmError.fromJSON({
          kind: 'rate-limit',
          message: 'Slow down.',
          hint: 'Wait.',
        });
        yield { type: 'retry_scheduled' as const, attempt: 1, delayMs: 1_000, error };
        yield { type: 'retry_scheduled' as const, attempt: 2, delayMs: 2_000, error };
        yield* scripted.stream(request);
      },
    };
    const run = startRun([], { client, clock });
    await run.done;
    const recorder = record(run.events, clock);
    expect(recorder.steps()[0]).toMatchObject({
      kind: 'model',
      retries: 2,
      stopReason: 'error',
      error: { kind: 'server-error', message: 'Bad gateway.' },
    });
    expect(recorder.run()).toMatchObject({ status: 'error', error: { code: 'llm' } });
  });

  it('records a run stopped by the repeat guard with a kebab-case error code', () => {
    const clock = new ManualClock(1_000);
    const recorder = record(
      [
        { type: 'run_start', at: 1_000, maxSteps: 50 },
        {
          type: 'run_end',
          reason: 'repeated_failure',
          turns: 3,
          at: 2_000,
          messages: [],
          usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
          repeatedCall: { toolName: 'bash', arguments: '{}', lastError: 'exit 1' },
        },
      ],
      clock,
    );
    expect(recorder.run()).toMatchObject({
      status: 'repeated_failure',
      error: { code: 'repeated-failure', message: 'bash failed three times: exit 1' },
    });
  });

  it('caps long results and never keeps a key that appears in arguments or results', async () => {
    const clock = new ManualClock(1_000);
    const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz';
    const fetch = fakeTool('fetch_url', {
      parameters: { type: 'object' },
      reply: () => ({ content: `Authorization: Bearer ${key}\n${'x'.repeat(STEP_TEXT_CAP + 50)}` }),
    });
    const run = startRun(
      [
        calls(['fetch_url', { url: 'https://h/?key=AIzaSyA1234567890abcdefghijk', token: key }]),
        { text: 'ok' },
      ],
      { tools: [fetch], clock, toolResultCap: STEP_TEXT_CAP * 2 },
    );
    await run.done;
    const recorder = record(run.events, clock);
    const dump = JSON.stringify(recorder.steps());
    expect(dump).not.toContain(key);
    expect(dump).not.toContain('AIzaSyA1234567890');
    const tool = recorder.steps()[1] as ToolStepRecord;
    expect(tool.result.length).toBe(STEP_TEXT_CAP);
    expect(tool.truncatedChars).toBeGreaterThan(0);
    expect(tool.result).toMatch(/^Authorization: Bearer \[redacted\]/);
  });

  it('hands over only what changed since the last take', async () => {
    const clock = new ManualClock(1_000);
    const run = startRun([calls(['read_file', { path: 'a' }]), { text: 'ok' }], {
      tools: [fakeTool('read_file')],
      clock,
    });
    await run.done;
    const recorder = createRunRecorder({ runId: 'r', sessionId: 's', model: 'm', now: () => 0 });
    const [start, turn, messageStart, ...rest] = run.events;
    recorder.apply(start!);
    recorder.apply(turn!);
    recorder.apply(messageStart!);
    expect(recorder.takeChanges()?.steps.map((s) => s.seq)).toEqual([0]);
    expect(recorder.takeChanges()).toBeUndefined();
    for (const event of rest) recorder.apply(event);
    const changes = recorder.takeChanges()!;
    expect(changes.steps.map((s) => s.seq)).toEqual([0, 1, 2]);
    expect(changes.run.status).toBe('done');
  });
});
