import { describe, expect, it } from 'vitest';
import {
  buildChatSystem,
  imagesFor as withoutImagesFor,
  MISSING_TOOL_RESULT,
  nodeToMessage,
  pathToMessages,
  type ContextSources,
} from '../../../src/agent/context-builder';
import type { ChatMessage } from '../../../src/llm';
import type { NodeRecord } from '../../../src/store/records';

function node(fields: Partial<NodeRecord> & Pick<NodeRecord, 'id' | 'role'>): NodeRecord {
  return {
    sessionId: 's',
    parentId: null,
    content: '',
    status: 'complete',
    startedAt: 1,
    ...fields,
  };
}

describe('nodes as messages', () => {
  it('a reply that failed before saying anything is left out', () => {
    expect(nodeToMessage(node({ id: 'a', role: 'assistant', status: 'error' }))).toBeUndefined();
    expect(
      nodeToMessage(node({ id: 'a', role: 'assistant', content: 'half', status: 'aborted' })),
    ).toEqual({ role: 'assistant', content: 'half' });
  });

  it('tool calls and tool results go to the model as such', () => {
    const calls = [{ id: 'c1', name: 'read_file', arguments: '{}' }];
    expect(
      nodeToMessage(node({ id: 'a', role: 'assistant', toolCalls: calls, status: 'complete' })),
    ).toEqual({ role: 'assistant', content: '', toolCalls: calls });
    expect(nodeToMessage(node({ id: 't', role: 'tool', toolCallId: 'c1', content: 'ok' }))).toEqual(
      { role: 'tool', toolCallId: 'c1', content: 'ok' },
    );
    expect(nodeToMessage(node({ id: 'x', role: 'compaction', content: 'sum' }))).toBeUndefined();
  });
});

describe('chat context', () => {
  const sources = (overrides: Partial<ContextSources> = {}): ContextSources => ({
    workspaceName: () => 'demo',
    activeDocument: () => ({ path: 'app.py', text: 'def greet():\n    return 1\n' }),
    readFile: async () => undefined,
    ...overrides,
  });
  const path = [
    node({ id: 'u1', role: 'user', content: 'What is 1+1?' }),
    node({ id: 'a1', role: 'assistant', parentId: 'u1', content: '2' }),
    node({ id: 'u2', role: 'user', parentId: 'a1', content: 'Explain the function greet' }),
  ];

  it('a system prompt with the open file, the task and the date; the path as the conversation', async () => {
    const system = await buildChatSystem({
      path,
      settings: { fileContext: true, customSystemPrompt: '' },
      sources: sources(),
      contextWindow: 32_000,
      now: Date.UTC(2026, 11, 2),
    });
    expect(system).toContain('Today is 2026-12-02');
    expect(system).toContain('The open file is app.py');
    expect(system).toContain('The person wants an explanation');
    expect(pathToMessages(path).map((m) => m.content)).toEqual([
      'What is 1+1?',
      '2',
      'Explain the function greet',
    ]);
  });

  it('without file context no file is read or sent', async () => {
    const system = await buildChatSystem({
      path,
      settings: { fileContext: false, customSystemPrompt: 'Be terse.' },
      sources: sources({
        activeDocument: () => {
          throw new Error('the editor was read');
        },
      }),
      contextWindow: 32_000,
      now: 0,
    });
    expect(system).toContain('Be terse.');
    expect(system).not.toContain('app.py');
  });
});

describe('the active path as the request (context rules)', () => {
  const u = (id: string, content: string) => node({ id, role: 'user', content });
  const calls = (...ids: string[]) => ids.map((id) => ({ id, name: 'read_file', arguments: '{}' }));

  it('pairs every call with its result right after it, in call order, wherever results were stored', () => {
    const history = pathToMessages([
      u('q', 'go'),
      node({ id: 'a', role: 'assistant', toolCalls: calls('c1', 'c2') }),
      node({ id: 't2', role: 'tool', toolCallId: 'c2', content: 'two' }),
      // A steering message stored between the results.
      u('s', 'also check README'),
      node({ id: 't1', role: 'tool', toolCallId: 'c1', content: 'one' }),
    ]);
    expect(history.map((m) => [m.role, m.role === 'tool' ? m.toolCallId : m.content])).toEqual([
      ['user', 'go'],
      ['assistant', ''],
      ['tool', 'c1'],
      ['tool', 'c2'],
      ['user', 'also check README'],
    ]);
  });

  it('answers a call without a result with a synthetic "no result" and drops results without a call', () => {
    const history = pathToMessages([
      u('q', 'go'),
      node({ id: 'a', role: 'assistant', status: 'interrupted', toolCalls: calls('c1') }),
      node({ id: 'orphan', role: 'tool', toolCallId: 'gone', content: 'stray' }),
    ]);
    expect(history.slice(1)).toEqual([
      { role: 'assistant', content: '', toolCalls: calls('c1') },
      { role: 'tool', toolCallId: 'c1', content: MISSING_TOOL_RESULT },
    ]);
  });

  it('skips empty nodes: an empty question, a reply that produced nothing, compaction and system nodes', () => {
    const history = pathToMessages([
      u('q', 'hello'),
      node({ id: 'e', role: 'assistant', status: 'error', error: err('boom') }),
      node({ id: 'c', role: 'assistant', status: 'complete' }),
      u('blank', '   '),
      node({ id: 'k', role: 'compaction', content: 'summary' }),
      node({ id: 's', role: 'system', content: 'x' }),
      u('q2', 'again'),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'again' },
    ]);
  });

  it('sends a failed turn back with what it produced and its error', () => {
    const history = pathToMessages([
      u('q', 'go'),
      node({
        id: 'a',
        role: 'assistant',
        content: 'Reading the file',
        status: 'error',
        error: err('The provider closed the connection.'),
        toolCalls: calls('c1'),
      }),
      node({ id: 't', role: 'tool', toolCallId: 'c1', content: 'file text' }),
    ]);
    expect(history[1]).toEqual({
      role: 'assistant',
      content: 'Reading the file\n\n[This reply failed: The provider closed the connection.]',
      toolCalls: calls('c1'),
    });
    expect(history[2]).toEqual({ role: 'tool', toolCallId: 'c1', content: 'file text' });
  });

  it('sends pictures only to a model that can see', () => {
    const picture: ChatMessage = {
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image', url: 'data:image/png;base64,AAAA' },
      ],
    };
    // Pictures reach the history only as messages (the tree keeps text); both paths agree.
    expect(withoutImagesFor(picture, false)).toEqual({
      role: 'user',
      content: 'look\n[Images left out: this model cannot see images.]',
    });
    expect(withoutImagesFor(picture, true)).toEqual(picture);
  });

  it('an agent run starts from the same rules', () => {
    const history = pathToMessages([
      u('q', 'go'),
      node({ id: 'a', role: 'assistant', toolCalls: calls('c1') }),
      node({ id: 'x', role: 'assistant', status: 'error', error: err('nothing came') }),
    ]);
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });
});

function err(message: string) {
  return { code: 'network', message, hint: '' };
}
