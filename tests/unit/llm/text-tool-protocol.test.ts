import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../../src/llm/chat-client';
import type { ChatMessage } from '../../../src/llm/chat-message';
import { makeScriptedChatClient } from '../../../src/llm/scripted-chat-client';
import {
  buildTextProtocolPrompt,
  makeTextToolProtocolClient,
  parseTextProtocolReply,
  toTextProtocolMessages,
} from '../../../src/llm/text-tool-protocol';
import { collect, doneOf, errorOf, reasoningOf, textOf } from './support/events';

const readFile = {
  name: 'read_file',
  description: 'Reads a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

describe('parseTextProtocolReply', () => {
  it('reads a well-formed Thought / Action / Action Input reply', () => {
    const reply = parseTextProtocolReply(
      'Thought: I need to see the parser.\nAction: read_file\nAction Input: {"path": "parser.py"}',
    );
    expect(reply.thought).toBe('I need to see the parser.');
    expect(reply.content).toBe('');
    expect(reply.call).toMatchObject({
      name: 'read_file',
      arguments: '{"path": "parser.py"}',
      parsedArguments: { path: 'parser.py' },
    });
  });

  it('reads an action inside code fences, with prose before and invented text after', () => {
    const reply = parseTextProtocolReply(
      [
        'The test fails on empty input. Let me check.',
        '',
        '```',
        'Thought: read the file',
        'Action: `read_file`',
        'Action Input:',
        '```json',
        '{"path": "src/{weird}.py", "note": "a } in a string"}',
        '```',
        '```',
        'Observation: def parse(): ...',
        'Thought: now I know',
      ].join('\n'),
    );
    expect(reply.content).toBe('The test fails on empty input. Let me check.');
    expect(reply.thought).toBe('read the file');
    expect(reply.call).toMatchObject({
      name: 'read_file',
      parsedArguments: { path: 'src/{weird}.py', note: 'a } in a string' },
    });
  });

  it('accepts Markdown emphasis and arguments on the Action line itself', () => {
    const bold = parseTextProtocolReply('**Action:** read_file\n**Action Input:** {"path": "a"}');
    expect(bold.call).toMatchObject({ name: 'read_file', parsedArguments: { path: 'a' } });
    const inline = parseTextProtocolReply('Action: read_file {"path": "b"} and then I will see');
    expect(inline.call).toMatchObject({ name: 'read_file', parsedArguments: { path: 'b' } });
  });

  it('turns malformed JSON into a call with an argumentsError, keeping what the model wrote', () => {
    const unclosed = parseTextProtocolReply(
      'Action: read_file\nAction Input: {"path": "a.py"\n\nI think that works.',
    );
    expect(unclosed.call?.parsedArguments).toBeUndefined();
    expect(unclosed.call?.argumentsError).toMatch(/not valid JSON/);
    expect(unclosed.call?.arguments).toBe('{"path": "a.py"');
    const single = parseTextProtocolReply("Action: read_file\nAction Input: {'path': 'a.py'}");
    expect(single.call?.argumentsError).toMatch(/not valid JSON/);
    const nameless = parseTextProtocolReply('Action:\nAction Input: {}');
    expect(nameless.call?.argumentsError).toMatch(/names no tool/);
  });

  it('reads a reply without an action as the answer', () => {
    expect(parseTextProtocolReply('The fix is done.')).toEqual({
      content: 'The fix is done.',
      thought: '',
    });
    expect(
      parseTextProtocolReply('Thought: all tests pass\nFinal Answer: Fixed the off-by-one.'),
    ).toEqual({
      content: 'Fixed the off-by-one.',
      thought: 'all tests pass',
    });
    // An "Action Input" mentioned in prose is not an action.
    expect(parseTextProtocolReply('Write the Action Input as JSON.').call).toBeUndefined();
  });
});

describe('toTextProtocolMessages', () => {
  it('puts the tools in the system prompt and turns calls and results into text', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are Cove.' },
      { role: 'user', content: 'Fix it.' },
      {
        role: 'assistant',
        content: 'Looking.',
        toolCalls: [
          { id: 'a', name: 'read_file', arguments: '{"path":"x"}' },
          { id: 'b', name: 'read_file', arguments: '{"path":"y"}' },
        ],
      },
      { role: 'tool', toolCallId: 'a', content: 'X' },
      { role: 'tool', toolCallId: 'b', content: 'Y' },
    ];
    const out = toTextProtocolMessages(messages, [readFile]);
    expect(out[0]!.content).toContain('You are Cove.');
    expect(out[0]!.content).toContain('### read_file');
    expect(out[0]!.content).toContain('"required":["path"]');
    expect(out[2]).toEqual({
      role: 'assistant',
      content:
        'Looking.\n\nAction: read_file\nAction Input: {"path":"x"}\n\nAction: read_file\nAction Input: {"path":"y"}',
    });
    expect(out[3]).toEqual({
      role: 'user',
      content: 'Observation from read_file:\nX\n\nObservation from read_file:\nY',
    });
    expect(out).toHaveLength(4);
    expect(buildTextProtocolPrompt([readFile])).toMatch(/Action Input:/);
  });
});

describe('makeTextToolProtocolClient', () => {
  const request = (): ChatRequest => ({
    provider: { id: 'p', name: 'P', presetId: 'custom', baseURL: 'http://x' },
    model: 'old-model',
    messages: [
      { role: 'system', content: 'Sys.' },
      { role: 'user', content: 'hi' },
    ],
    tools: [readFile],
    toolChoice: 'auto',
  });

  it('sends no tools field and turns the reply into ordinary tool calls', async () => {
    const inner = makeScriptedChatClient([
      {
        text: 'Checking first.\nThought: need the file\nAction: read_file\nAction Input: {"path": "a.py"}\nObservation: made up',
        chunkSize: 5,
      },
    ]);
    const events = await collect(makeTextToolProtocolClient(inner).stream(request()));
    const sent = inner.requests[0]!;
    expect(sent.tools).toBeUndefined();
    expect(sent.toolChoice).toBeUndefined();
    expect(sent.messages[0]!.content).toContain('### read_file');
    // Streamed: prose as text, the thought as reasoning, the action held back.
    expect(textOf(events)).toBe('Checking first.\n');
    expect(reasoningOf(events)).toBe('need the file\n');
    const done = doneOf(events);
    expect(done.message).toMatchObject({
      content: 'Checking first.',
      reasoning: 'need the file',
      stopReason: 'tool_calls',
      toolCalls: [{ name: 'read_file', parsedArguments: { path: 'a.py' } }],
    });
    const deltas = events.filter((e) => e.type === 'toolcall_delta');
    expect(deltas).toHaveLength(1);
  });

  it('passes a plain answer through, streamed as text', async () => {
    const inner = makeScriptedChatClient([{ text: 'All done: the tests pass.', chunkSize: 3 }]);
    const events = await collect(makeTextToolProtocolClient(inner).stream(request()));
    expect(textOf(events)).toBe('All done: the tests pass.');
    expect(doneOf(events).message).toMatchObject({
      content: 'All done: the tests pass.',
      toolCalls: [],
      stopReason: 'stop',
    });
  });

  it('sends text it held back (it might have become a marker) when the reply ends', async () => {
    const inner = makeScriptedChatClient([{ text: 'Tests pass.\nAct', chunkSize: 4 }]);
    const events = await collect(makeTextToolProtocolClient(inner).stream(request()));
    expect(textOf(events)).toBe('Tests pass.\nAct');
  });

  it('drops a half-written action from a reply that failed, keeping its prose and thought', async () => {
    const inner = makeScriptedChatClient([
      {
        text: 'Let me check.\nThought: read it\nAction: read_file\nAction Input: {"pa',
        error: { kind: 'connection', message: 'The connection broke.', hint: 'Try again.' },
      },
    ]);
    const events = await collect(makeTextToolProtocolClient(inner).stream(request()));
    const error = errorOf(events);
    expect(error.message).toMatchObject({
      content: 'Let me check.',
      reasoning: 'read it',
      toolCalls: [],
    });
  });
});
