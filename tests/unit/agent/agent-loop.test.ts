import { describe, expect, it } from 'vitest';
import { AgentInbox } from '../../../src/agent/agent-inbox';
import { runAgent } from '../../../src/agent/agent-loop';
import { ManualClock } from '../../../src/base/clock';
import { LlmError } from '../../../src/llm/llm-error';
import { makeScriptedChatClient, type ScriptedReply } from '../../../src/llm/scripted-chat-client';
import { makeGate } from '../../fakes/gate';
import {
  approvals,
  calls,
  fakeTool,
  ofType,
  provider,
  startRun,
  toolResults,
  type ToolLog,
} from './support/agent-kit';

describe('runAgent: turns', () => {
  it('answers in one turn when the model calls no tools, with events in the documented order', async () => {
    const run = startRun([
      { text: 'All good.', reasoning: 'Easy.', usage: { inputTokens: 5, outputTokens: 2 } },
    ]);
    const end = await run.done;
    expect(run.events.map((e) => e.type)).toEqual([
      'run_start',
      'turn_start',
      'message_start',
      'reasoning_delta',
      'text_delta',
      'message_end',
      'turn_end',
      'run_end',
    ]);
    expect(end).toMatchObject({
      reason: 'done',
      turns: 1,
      messages: [{ role: 'assistant', content: 'All good.', reasoning: 'Easy.' }],
      usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7 },
    });
  });

  it('runs the tools the model asks for, sends their results back and goes on', async () => {
    const read = fakeTool('read_file', {
      reply: (args) => ({ content: `text of ${String(args['path'])}` }),
    });
    const run = startRun([calls(['read_file', { path: 'a.py' }]), { text: 'Done.' }], {
      tools: [read],
    });
    const end = await run.done;
    expect(end.reason).toBe('done');
    expect(read.calls).toEqual([{ path: 'a.py' }]);
    const second = run.client.requests[1]!;
    expect(toolResults(second.messages)).toEqual({ c0: 'text of a.py' });
    expect(second.tools?.map((t) => t.name)).toEqual(['read_file']);
    expect(end.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
  });

  it('rebuilds the dynamic prompt for every request and names only offered tools', async () => {
    let calls_ = 0;
    const read = fakeTool('read_file');
    const run = startRun([calls(['read_file', { path: 'a' }]), { text: 'ok' }], {
      tools: [read],
      dynamicPrompt: () => `Open file: v${++calls_}.py`,
    });
    await run.done;
    const systems = run.client.requests.map((r) => r.messages[0]!);
    expect(systems.map((m) => m.role)).toEqual(['system', 'system']);
    expect(systems[0]!.content).toContain('Open file: v1.py');
    expect(systems[1]!.content).toContain('Open file: v2.py');
    expect(systems[0]!.content).toContain('read_file');
    for (const absent of ['edit_file', 'run_python', 'bash', 'write_file']) {
      expect(systems[0]!.content).not.toContain(absent);
    }
  });

  it('stops with a clear message on a context overflow', async () => {
    const run = startRun([
      {
        error: {
          kind: 'context-overflow',
          message: 'The request is longer than the model allows.',
          hint: 'Shorten it.',
        },
      },
    ]);
    const end = await run.done;
    expect(end.reason).toBe('error');
    expect(end.error?.code).toBe('context-overflow');
    expect(end.error?.message).toMatch(/no longer fits in the model’s context window/);
    expect(end.error?.hint).toMatch(/new session/);
  });

  it('ends with an error a person can act on when the request fails for good', async () => {
    const run = startRun([
      { error: { kind: 'auth', message: 'The key was refused.', hint: 'Check the key.' } },
    ]);
    const end = await run.done;
    expect(end).toMatchObject({
      reason: 'error',
      error: { code: 'llm', message: 'The key was refused.', hint: 'Check the key.' },
    });
  });

  it("passes the client's retry notices on, with the error as plain data", async () => {
    const scripted = makeScriptedChatClient([{ text: 'Back.' }]);
    const client = {
      async *stream(request: Parameters<typeof scripted.stream>[0]) {
        const error = LlmError.fromJSON({
          kind: 'rate-limit',
          message: 'Too many requests.',
          hint: 'Wait.',
        });
        yield { type: 'retry_scheduled' as const, attempt: 1, delayMs: 2_000, error };
        yield* scripted.stream(request);
      },
    };
    const run = startRun([], { client });
    expect((await run.done).reason).toBe('done');
    expect(ofType(run.events, 'retry_scheduled')).toEqual([
      {
        type: 'retry_scheduled',
        turn: 1,
        attempt: 1,
        delayMs: 2_000,
        error: { kind: 'rate-limit', message: 'Too many requests.', hint: 'Wait.' },
      },
    ]);
  });

  it('gives calls with missing or repeated ids ids of their own', async () => {
    const read = fakeTool('read_file');
    const run = startRun(
      [
        {
          toolCalls: [
            { id: 'same', name: 'read_file', arguments: { path: 'a' } },
            { id: 'same', name: 'read_file', arguments: { path: 'b' } },
          ],
        },
        { text: 'ok' },
      ],
      { tools: [read] },
    );
    await run.done;
    const ids = Object.keys(toolResults(run.client.requests[1]!.messages));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('runAgent: arguments are checked before a tool runs', () => {
  it('turns an unknown tool, unparsable JSON and schema violations into error results the model reads', async () => {
    const read = fakeTool('read_file');
    const run = startRun(
      [
        {
          toolCalls: [
            { id: 'unknown', name: 'delete_everything', arguments: {} },
            { id: 'json', name: 'read_file', arguments: '{"path": "a.py"' },
            { id: 'missing', name: 'read_file', arguments: {} },
            { id: 'type', name: 'read_file', arguments: { path: 3 } },
            { id: 'extra', name: 'read_file', arguments: { path: 'a', mode: 'x' } },
            { id: 'good', name: 'read_file', arguments: { path: 'ok.py' } },
          ],
        },
        { text: 'Sorry.' },
      ],
      { tools: [read] },
    );
    const end = await run.done;
    expect(end.reason).toBe('done');
    expect(read.calls).toEqual([{ path: 'ok.py' }]);
    const results = toolResults(run.client.requests[1]!.messages);
    expect(results['unknown']).toMatch(/no tool named "delete_everything".*read_file/);
    expect(results['json']).toMatch(/not valid JSON/);
    expect(results['missing']).toMatch(/`path` is required/);
    expect(results['type']).toMatch(/`path` must be of type string/);
    expect(results['extra']).toMatch(/`mode` is not a known argument/);
    expect(results['good']).toBe('read_file ok');
    const outcomes = ofType(run.events, 'tool_end').map((e) => [e.callId, e.outcome]);
    expect(outcomes).toEqual([
      ['unknown', 'invalid'],
      ['json', 'invalid'],
      ['missing', 'invalid'],
      ['type', 'invalid'],
      ['extra', 'invalid'],
      ['good', 'ok'],
    ]);
    // Invalid calls never start.
    expect(ofType(run.events, 'tool_start').map((e) => e.callId)).toEqual(['good']);
  });

  it('tells the model when its call broke because the reply hit the output limit', async () => {
    const write = fakeTool('write_file', { approval: 'edit' });
    const run = startRun(
      [
        {
          toolCalls: [
            { id: 'cut', name: 'write_file', arguments: '{"path": "big.py", "content": "def' },
          ],
          finishReason: 'length',
        },
        { text: 'ok' },
      ],
      { tools: [write] },
    );
    await run.done;
    expect(write.calls).toEqual([]);
    expect(toolResults(run.client.requests[1]!.messages)['cut']).toMatch(
      /not valid JSON[\s\S]*reached the output limit/,
    );
  });

  it('turns a tool that throws into an error result, not a crashed run', async () => {
    const broken = fakeTool('read_file', {
      reply: () => {
        throw new Error('disk on fire');
      },
    });
    const run = startRun([calls(['read_file', { path: 'a' }]), { text: 'ok' }], {
      tools: [broken],
    });
    expect((await run.done).reason).toBe('done');
    expect(toolResults(run.client.requests[1]!.messages)['c0']).toMatch(
      /read_file failed: disk on fire/,
    );
  });
});

describe('runAgent: execution order', () => {
  it('runs consecutive read-only calls at the same time', async () => {
    const gates = [makeGate(), makeGate()];
    const log: ToolLog = [];
    const a = fakeTool('list_files', { gates: [gates[0]!], log });
    const b = fakeTool('read_file', { gates: [gates[1]!], log });
    const run = startRun(
      [calls(['list_files', { path: '.' }], ['read_file', { path: 'a' }]), { text: 'ok' }],
      {
        tools: [a, b],
      },
    );
    // Both are waiting at their gates together: neither waited for the other to end.
    await Promise.all([gates[0]!.reached, gates[1]!.reached]);
    expect(log).toEqual(['start:list_files', 'start:read_file']);
    // Ending the second first is fine; the results still go back in call order.
    gates[1]!.open();
    await run.next('tool_end', (e) => e.toolName === 'read_file');
    gates[0]!.open();
    await run.done;
    expect(log).toEqual(['start:list_files', 'start:read_file', 'end:read_file', 'end:list_files']);
    const tools = run.client.requests[1]!.messages.filter((m) => m.role === 'tool');
    expect(tools.map((m) => m.role === 'tool' && m.toolCallId)).toEqual(['c0', 'c1']);
  });

  it('runs writes one at a time, in the order the model gave them', async () => {
    const gates = [makeGate(), makeGate()];
    const log: ToolLog = [];
    const write = fakeTool('write_file', { approval: 'edit', gates, log });
    const read = fakeTool('read_file', { log });
    const run = startRun(
      [
        calls(
          ['write_file', { path: 'first' }],
          ['write_file', { path: 'second' }],
          ['read_file', { path: 'first' }],
        ),
        { text: 'ok' },
      ],
      { tools: [write, read] },
    );
    await gates[0]!.reached;
    // The second write has not started while the first is running.
    expect(log).toEqual(['start:write_file']);
    expect(gates[1]!.isReached).toBe(false);
    gates[0]!.open();
    await gates[1]!.reached;
    expect(log).toEqual(['start:write_file', 'end:write_file', 'start:write_file']);
    expect(write.calls).toEqual([{ path: 'first' }, { path: 'second' }]);
    gates[1]!.open();
    await run.done;
    // The read after the writes waited for them.
    expect(log).toEqual([
      'start:write_file',
      'end:write_file',
      'start:write_file',
      'end:write_file',
      'start:read_file',
      'end:read_file',
    ]);
  });
});

describe('runAgent: approval', () => {
  // Invariant 10: no side-effecting tool runs without approval or a rule.
  it('asks before a write in ask mode and never before a read', async () => {
    const write = fakeTool('write_file', { approval: 'edit' });
    const read = fakeTool('read_file');
    const answers = approvals({ type: 'approve' });
    const run = startRun(
      [calls(['read_file', { path: 'a' }], ['write_file', { path: 'a' }]), { text: 'ok' }],
      {
        tools: [write, read],
        policy: { mode: 'ask' },
        approve: answers.approve,
      },
    );
    await run.done;
    expect(answers.asked.map((r) => [r.toolName, r.kind, r.args])).toEqual([
      ['write_file', 'edit', { path: 'a' }],
    ]);
    const requestIndex = run.events.findIndex((e) => e.type === 'approval_request');
    const startIndex = run.events.findIndex(
      (e) => e.type === 'tool_start' && e.toolName === 'write_file',
    );
    expect(requestIndex).toBeGreaterThan(-1);
    expect(startIndex).toBeGreaterThan(requestIndex);
    expect(write.calls).toHaveLength(1);
  });

  it('sends the feedback of a rejection back as the result, skips the rest of the batch, and the agent re-plans', async () => {
    const write = fakeTool('write_file', { approval: 'edit' });
    const answers = approvals({ type: 'reject', feedback: 'Use tabs, not spaces.' });
    const run = startRun(
      [
        calls(['write_file', { path: 'a.py' }], ['write_file', { path: 'b.py' }]),
        (request) => ({
          text: toolResults(request.messages)['c0']!.includes('tabs')
            ? 'Redone with tabs.'
            : 'Ignored you.',
        }),
      ],
      { tools: [write], policy: { mode: 'ask' }, approve: answers.approve },
    );
    const end = await run.done;
    expect(write.calls).toEqual([]);
    expect(answers.asked).toHaveLength(1);
    const results = toolResults(run.client.requests[1]!.messages);
    expect(results['c0']).toBe('The user rejected this call and said: Use tabs, not spaces.');
    expect(results['c1']).toMatch(/Not run: the user rejected the earlier write_file call/);
    expect(ofType(run.events, 'tool_end').map((e) => e.outcome)).toEqual(['rejected', 'rejected']);
    expect(end.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Redone with tabs.' });
  });

  it('stops asking about a tool approved for the session', async () => {
    const run_ = fakeTool('run_python', { approval: 'code', parameters: { type: 'object' } });
    const answers = approvals({ type: 'approve_session' });
    const sessionApproved = new Set<string>();
    const run = startRun([calls(['run_python', {}]), calls(['run_python', {}]), { text: 'ok' }], {
      tools: [run_],
      policy: { mode: 'auto-edit' },
      approve: answers.approve,
      sessionApproved,
    });
    await run.done;
    expect(answers.asked).toHaveLength(1);
    expect(run_.calls).toHaveLength(2);
    expect([...sessionApproved]).toEqual(['run_python']);
  });

  it('ends the run when the user answers stop', async () => {
    const write = fakeTool('write_file', { approval: 'edit' });
    const run = startRun([calls(['write_file', { path: 'a' }])], {
      tools: [write],
      policy: { mode: 'ask' },
      approve: approvals({ type: 'stop' }).approve,
    });
    const end = await run.done;
    expect(end.reason).toBe('aborted');
    expect(write.calls).toEqual([]);
    expect(end.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
  });
});

describe('runAgent: Stop', () => {
  it('stops at once during a tool, aborts its signal and keeps what was produced', async () => {
    const gate = makeGate();
    const controller = new AbortController();
    // This tool streams some output and then ignores Stop: the run must not wait for it.
    const python = fakeTool('run_python', {
      approval: 'code',
      parameters: { type: 'object' },
      gates: [gate],
      reply: () => ({ content: 'late' }),
    });
    const slow = {
      ...python,
      async execute(args: never, context: Parameters<typeof python.execute>[1]) {
        context.update({ stream: 'stdout', text: 'step 1\n' });
        return python.execute(args, context);
      },
    };
    const run = startRun([{ text: 'Running it.', ...calls(['run_python', {}]) }], {
      tools: [slow],
      signal: controller.signal,
    });
    await gate.reached;
    controller.abort();
    const end = await run.done;
    expect(end.reason).toBe('aborted');
    expect(python.signals[0]!.aborted).toBe(true);
    expect(end.messages[0]).toMatchObject({ role: 'assistant', content: 'Running it.' });
    expect(end.messages[1]).toMatchObject({ role: 'tool', toolCallId: 'c0' });
    expect((end.messages[1] as { content: string }).content).toMatch(
      /Stopped by the user while run_python was running\.\nOutput so far:\nstep 1/,
    );
    expect(ofType(run.events, 'tool_update').map((e) => e.text)).toEqual(['step 1\n']);
    expect(ofType(run.events, 'tool_end').map((e) => e.outcome)).toEqual(['aborted']);
    // Nothing comes after run_end, even when the tool finishes later.
    gate.open();
    await Promise.resolve();
    expect(run.events.at(-1)?.type).toBe('run_end');
  });

  it('stops during a stream and keeps the text that arrived', async () => {
    const gate = makeGate();
    const controller = new AbortController();
    const run = startRun(
      [
        {
          text: 'Let me look at the parser first.',
          chunkSize: 8,
          pause: { afterChunks: 2, until: gate.wait },
        },
      ],
      {
        signal: controller.signal,
      },
    );
    await gate.reached;
    controller.abort();
    const end = await run.done;
    expect(end.reason).toBe('aborted');
    expect(end.messages).toEqual([{ role: 'assistant', content: 'Let me look at t' }]);
    expect(ofType(run.events, 'message_end')[0]!.stopReason).toBe('aborted');
  });

  it('stops while an approval is pending and takes the request down', async () => {
    const controller = new AbortController();
    const write = fakeTool('write_file', { approval: 'edit' });
    let requestSignal: AbortSignal | undefined;
    const run = startRun([calls(['write_file', { path: 'a' }])], {
      tools: [write],
      policy: { mode: 'ask' },
      signal: controller.signal,
      // The user never answers.
      approve: (request) => {
        requestSignal = request.signal;
        return new Promise(() => {});
      },
    });
    await run.next('approval_request');
    controller.abort();
    const end = await run.done;
    expect(end.reason).toBe('aborted');
    expect(requestSignal?.aborted).toBe(true);
    expect(write.calls).toEqual([]);
    expect(ofType(run.events, 'tool_end').map((e) => e.outcome)).toEqual(['aborted']);
  });

  it('stops when the reader stops reading', async () => {
    const gate = makeGate();
    const python = fakeTool('run_python', {
      approval: 'code',
      parameters: { type: 'object' },
      gates: [gate],
    });
    const run = runAgent({
      client: makeScriptedChatClient([calls(['run_python', {}])]),
      provider,
      model: 'm',
      tools: [python],
      messages: [{ role: 'user', content: 'go' }],
      policy: { mode: 'auto' },
      approve: async () => ({ type: 'approve' }),
      clock: new ManualClock(),
    });
    for await (const event of run) if (event.type === 'tool_start') break;
    expect(python.signals[0]!.aborted).toBe(true);
  });
});

describe('runAgent: limits', () => {
  it('ends with max_steps at the step limit, and a new run with the messages goes on', async () => {
    const read = fakeTool('read_file');
    const loop = () => calls(['read_file', { path: `f${Math.random()}` }]);
    const run = startRun([loop(), loop(), loop()], { tools: [read], maxSteps: 2 });
    const end = await run.done;
    expect(end).toMatchObject({ reason: 'max_steps', turns: 2 });
    expect(run.client.requests).toHaveLength(2);
    expect(end.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);

    const more = startRun([{ text: 'Finished.' }], {
      tools: [read],
      messages: [{ role: 'user', content: 'Fix the tests.' }, ...end.messages],
    });
    expect((await more.done).reason).toBe('done');
    expect(more.client.requests[0]!.messages).toHaveLength(6);
  });

  it('stops and asks when the same call fails three times in a row', async () => {
    const edit = fakeTool('edit_file', {
      approval: 'edit',
      reply: () => ({ content: 'old_text not found', isError: true }),
    });
    const read = fakeTool('read_file');
    const same = () => calls(['edit_file', { path: 'a.py' }]);
    const run = startRun(
      [same(), calls(['read_file', { path: 'a.py' }]), same(), same(), { text: 'never asked' }],
      { tools: [edit, read] },
    );
    const end = await run.done;
    expect(end.reason).toBe('repeated_failure');
    expect(end.repeatedCall).toEqual({
      toolName: 'edit_file',
      arguments: '{"path":"a.py"}',
      lastError: 'old_text not found',
    });
    expect(run.client.requests).toHaveLength(4);
    expect(edit.calls).toHaveLength(3);
  });

  it('does not count failures of different calls, or failures before a success of the call', async () => {
    let fail = true;
    const edit = fakeTool('edit_file', {
      approval: 'edit',
      reply: () => ({ content: fail ? 'not found' : 'edited', isError: fail }),
    });
    const a = () => calls(['edit_file', { path: 'a.py' }]);
    const b = () => calls(['edit_file', { path: 'b.py' }]);
    const setFail = (value: boolean, step: ScriptedReply) => () => ((fail = value), step);
    const run = startRun(
      [a(), a(), b(), b(), setFail(false, a()), setFail(true, a()), a(), { text: 'ok' }],
      { tools: [edit] },
    );
    const end = await run.done;
    expect(end.reason).toBe('done');
    expect(edit.calls).toHaveLength(7);
  });

  it('cuts long results with a marker that says how much is left and how to read it', async () => {
    const big = 'x'.repeat(30_000);
    const read = {
      ...fakeTool('peek', { reply: () => ({ content: big }) }),
      readsRest: 'call peek with a range',
    };
    const grep = { ...fakeTool('grep'), readsRest: 'search with grep' };
    const run = startRun([calls(['peek', { path: 'big.txt' }]), { text: 'ok' }], {
      tools: [read, grep, fakeTool('other')],
      toolResultCap: 1_000,
    });
    await run.done;
    const result = toolResults(run.client.requests[1]!.messages)['c0']!;
    expect(result.length).toBeLessThan(1_200);
    // The marker names the ways the offered tools declare, and only those.
    expect(result).toMatch(
      /\[… 29,000 more characters cut; call peek with a range, or search with grep to see the part you need …\]/,
    );
    expect(ofType(run.events, 'tool_end')[0]!.truncatedChars).toBe(29_000);
  });
});

describe('runAgent: steering and queueing', () => {
  // Invariant 19: a message typed during a run is never lost or sent on its own.
  it('delivers a steering message after the current tool batch, before the next request', async () => {
    const gate = makeGate();
    const inbox = new AgentInbox();
    const read = fakeTool('read_file', { gates: [gate] });
    const run = startRun([calls(['read_file', { path: 'a' }]), { text: 'Using pytest.' }], {
      tools: [read],
      steering: inbox,
    });
    await gate.reached;
    inbox.steer('Use pytest, not unittest.');
    gate.open();
    const end = await run.done;
    expect(end.reason).toBe('done');
    const second = run.client.requests[1]!.messages;
    expect(second.slice(-2)).toEqual([
      { role: 'tool', toolCallId: 'c0', content: 'read_file ok' },
      { role: 'user', content: 'Use pytest, not unittest.' },
    ]);
    const types = run.events.map((e) => e.type);
    expect(types.indexOf('user_message')).toBeGreaterThan(types.indexOf('tool_end'));
    expect(inbox.pending).toEqual([]);
  });

  it('takes a steering message that came with a final answer as a reason to go on', async () => {
    const gate = makeGate();
    const inbox = new AgentInbox();
    const run = startRun(
      [
        { text: 'Done.', pause: { afterChunks: 1, until: gate.wait } },
        { text: 'Also renamed it.' },
      ],
      {
        steering: inbox,
      },
    );
    await gate.reached;
    inbox.steer('Rename it too.');
    gate.open();
    const end = await run.done;
    expect(end).toMatchObject({ reason: 'done', turns: 2 });
    expect(run.client.requests[1]!.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Rename it too.',
    });
  });

  // Invariant 19: a message typed during a run is never lost or sent on its own.
  it('keeps a queued message out of the run, for the next one', async () => {
    const gate = makeGate();
    const inbox = new AgentInbox();
    const read = fakeTool('read_file', { gates: [gate] });
    const run = startRun([calls(['read_file', { path: 'a' }]), { text: 'ok' }], {
      tools: [read],
      steering: inbox,
    });
    await gate.reached;
    const queued = inbox.queue('Now write the docs.');
    gate.open();
    await run.done;
    const sent = run.client.requests.flatMap((r) => r.messages);
    expect(sent.some((m) => m.role === 'user' && m.content === 'Now write the docs.')).toBe(false);
    expect(inbox.takeQueued()).toBe(queued);
  });
});

describe('runAgent: models without native tool calling', () => {
  it('offers the tools through the text protocol and runs the calls the model writes', async () => {
    const read = fakeTool('read_file', { reply: () => ({ content: 'def parse(): pass' }) });
    const run = startRun(
      [
        {
          text: 'Thought: look first\nAction: read_file\nAction Input: ```json\n{"path": "parser.py"}\n```',
        },
        { text: "Action: read_file\nAction Input: {'path': 'parser.py'}" },
        { text: 'Final Answer: parse() is empty.' },
      ],
      { tools: [read], toolCalling: 'text' },
    );
    const end = await run.done;
    expect(end.reason).toBe('done');
    expect(read.calls).toEqual([{ path: 'parser.py' }]);
    const [first, second, third] = run.client.requests;
    expect(first!.tools).toBeUndefined();
    expect(first!.messages[0]!.content).toContain('### read_file');
    expect(second!.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Observation from read_file:\ndef parse(): pass',
    });
    // Malformed JSON reaches the model as an error result, in the protocol's words.
    expect(third!.messages.at(-1)!.content).toMatch(
      /^Observation from read_file:\nError: The arguments are not valid JSON/,
    );
    expect(end.messages.at(-1)).toEqual({ role: 'assistant', content: 'parse() is empty.' });
  });
});

describe('runAgent: figures', () => {
  const plot = () =>
    fakeTool('run_python', {
      approval: 'read',
      parameters: { type: 'object', properties: { code: { type: 'string' } } },
      reply: () => ({
        content: 'status: ok\nFigures: 1 (attached as images).',
        images: [{ url: 'data:image/png;base64,iVBORw0KGgo=', alt: 'Figure 1' }],
      }),
    });

  it("sends a tool's figures to a model that can see, after the results, as image parts", async () => {
    const run = startRun([calls(['run_python', { code: 'plot()' }]), { text: 'A line.' }], {
      tools: [plot()],
      seesImages: true,
    });
    await run.done;
    const second = run.client.requests[1]!.messages;
    expect(second.map((m) => m.role).slice(-3)).toEqual(['assistant', 'tool', 'user']);
    expect(second.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Images returned by run_python (call c0): Figure 1' },
        { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' },
      ],
    });
  });

  it('sends only the text to a model that cannot see', async () => {
    const run = startRun([calls(['run_python', { code: 'plot()' }]), { text: 'Ok.' }], {
      tools: [plot()],
    });
    await run.done;
    const second = run.client.requests[1]!.messages;
    expect(second.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining('Figures: 1'),
    });
  });
});
