import { describe, expect, it } from 'vitest';
import {
  buildAgentHistory,
  buildChatContext,
  imagesFor as withoutImagesFor,
  MISSING_TOOL_RESULT,
  nodeToMessage,
  pathToMessages,
  slidingWindow,
  type ContextSources,
} from '../../../src/agent/context-builder';
import type { ChatMessage } from '../../../src/llm';
import type { NodeRecord } from '../../../src/store/records';

const turn = (i: number): ChatMessage[] => [
  { role: 'user', content: `question ${i} ${'x'.repeat(400)}` },
  { role: 'assistant', content: `answer ${i} ${'y'.repeat(400)}` },
];

/** An assistant message calling `n` tools and their results, each about `size` characters. */
const toolRound = (id: string, n: number, size: number): ChatMessage[] => [
  {
    role: 'assistant',
    content: '',
    toolCalls: Array.from({ length: n }, (_, k) => ({
      id: `${id}-${k}`,
      name: 'read_file',
      arguments: `{"path":"f${k}.py"}`,
    })),
  },
  ...Array.from({ length: n }, (_, k): ChatMessage => ({
    role: 'tool',
    toolCallId: `${id}-${k}`,
    content: 'r'.repeat(size),
  })),
];

/** Every tool result in `window` follows the call it answers, and every call has its results. */
function pairsIntact(window: ChatMessage[], history: ChatMessage[]): boolean {
  const calls = new Set<string>();
  for (const message of window) {
    if (message.role === 'assistant') for (const c of message.toolCalls ?? []) calls.add(c.id);
    if (message.role === 'tool' && !calls.has(message.toolCallId)) return false;
  }
  const answered = new Set(window.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])));
  const expected = history.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
  return expected.filter((id) => calls.has(id)).every((id) => answered.has(id));
}

describe('sliding window', () => {
  it('keeps the newest messages that fit and always the last question', () => {
    const history = [
      ...turn(1),
      ...turn(2),
      ...turn(3),
      { role: 'user', content: 'last?' } as ChatMessage,
    ];
    const kept = slidingWindow(history, 250);
    expect(kept[0]!.role).toBe('user');
    expect(kept.at(-1)!.content).toBe('last?');
    expect(kept.length).toBeLessThan(history.length);
    expect(slidingWindow(history, 100_000)).toEqual(history);
  });

  it('keeps a last message even when it alone is over budget', () => {
    const huge: ChatMessage = { role: 'user', content: 'z'.repeat(10_000) };
    expect(slidingWindow([...turn(1), huge], 10)).toEqual([huge]);
  });

  it('never separates a tool call from its results, at any budget', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'fix the tests' },
      ...toolRound('a', 3, 300),
      ...toolRound('b', 2, 800),
      { role: 'assistant', content: 'Found it.' },
      { role: 'user', content: 'go on' },
      ...toolRound('c', 4, 200),
    ];
    for (let budget = 0; budget <= 3000; budget += 25) {
      const kept = slidingWindow(history, budget);
      expect(pairsIntact(kept, history), `budget ${budget}`).toBe(true);
      // The newest tool round is the last unit: it is always kept whole.
      expect(kept.slice(-5)).toEqual(history.slice(-5));
    }
  });

  it('drops a tool round with its results when the budget runs out inside it', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'old question' },
      ...toolRound('a', 2, 2000),
      { role: 'assistant', content: 'done' },
      { role: 'user', content: 'new question' },
    ];
    // Room for the last two messages and one tool result, but not the whole round.
    const kept = slidingWindow(history, 600);
    expect(kept).toEqual([{ role: 'user', content: 'new question' }]);
  });
});

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

  it('a system prompt with the open file and the date, then the conversation', async () => {
    const messages = await buildChatContext({
      path,
      settings: { fileContext: true, customSystemPrompt: '' },
      sources: sources(),
      contextWindow: 32_000,
      maxOutputTokens: 1000,
      now: Date.UTC(2026, 11, 2),
    });
    const system = messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Today is 2026-12-02');
    expect(system.content).toContain('The open file is app.py');
    expect(system.content).toContain('The person wants an explanation');
    expect(messages.slice(1).map((m) => m.content)).toEqual([
      'What is 1+1?',
      '2',
      'Explain the function greet',
    ]);
  });

  it('without file context no file is read or sent', async () => {
    const messages = await buildChatContext({
      path,
      settings: { fileContext: false, customSystemPrompt: 'Be terse.' },
      sources: sources({
        activeDocument: () => {
          throw new Error('the editor was read');
        },
      }),
      contextWindow: 32_000,
      maxOutputTokens: 1000,
      now: 0,
    });
    expect(messages[0]!.content).toContain('Be terse.');
    expect(messages[0]!.content).not.toContain('app.py');
  });

  it('a small window keeps the question and drops older turns whole', async () => {
    const long = 'w'.repeat(4000);
    const messages = await buildChatContext({
      path: [
        node({ id: 'u1', role: 'user', content: long }),
        node({ id: 'a1', role: 'assistant', parentId: 'u1', content: long }),
        node({ id: 'u2', role: 'user', parentId: 'a1', content: 'and now?' }),
      ],
      settings: { fileContext: false, customSystemPrompt: '' },
      sources: sources(),
      contextWindow: 2000,
      maxOutputTokens: 500,
      now: 0,
    });
    expect(messages.slice(1)).toEqual([{ role: 'user', content: 'and now?' }]);
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

  it('the agent history applies the same rules before the budget cut', () => {
    const history = buildAgentHistory(
      [
        u('q', 'go'),
        node({ id: 'a', role: 'assistant', toolCalls: calls('c1') }),
        node({ id: 'x', role: 'assistant', status: 'error', error: err('nothing came') }),
      ],
      10_000,
    );
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });
});

function err(message: string) {
  return { code: 'network', message, hint: '' };
}
