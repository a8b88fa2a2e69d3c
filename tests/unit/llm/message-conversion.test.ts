import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/llm/chat-message';
import { MISSING_TOOL_RESULT, toWireMessages } from '../../../src/llm/message-conversion';

const plain = { sendReasoningBack: false, vision: false };

describe('toWireMessages', () => {
  it('converts a conversation with tool calls and results', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are Cove.' },
      { role: 'user', content: 'Read main.py' },
      {
        role: 'assistant',
        content: '',
        reasoning: 'Need the file.',
        toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"main.py"}' }],
      },
      { role: 'tool', toolCallId: 'c1', content: 'print(1)' },
      { role: 'assistant', content: 'It prints 1.' },
    ];
    expect(toWireMessages(messages, plain)).toEqual([
      { role: 'system', content: 'You are Cove.' },
      { role: 'user', content: 'Read main.py' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"main.py"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'print(1)' },
      { role: 'assistant', content: 'It prints 1.' },
    ]);
  });

  it('sends reasoning back as reasoning_content only when asked', () => {
    const messages: ChatMessage[] = [{ role: 'assistant', content: 'a', reasoning: 'r' }];
    expect(toWireMessages(messages, { ...plain, sendReasoningBack: true })).toEqual([
      { role: 'assistant', content: 'a', reasoning_content: 'r' },
    ]);
    expect(toWireMessages(messages, plain)).toEqual([{ role: 'assistant', content: 'a' }]);
  });

  it('answers tool calls whose results never came, in the calls’ order', () => {
    const messages: ChatMessage[] = [
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: 'f', arguments: '{}' },
          { id: 'b', name: 'g', arguments: '{}' },
        ],
      },
      { role: 'tool', toolCallId: 'b', content: 'B done' },
      { role: 'user', content: 'stop' },
    ];
    expect(toWireMessages(messages, plain).slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: MISSING_TOOL_RESULT },
      { role: 'tool', tool_call_id: 'b', content: 'B done' },
      { role: 'user', content: 'stop' },
    ]);
  });

  it('drops tool results that answer no call, and empty assistant messages', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'tool', toolCallId: 'ghost', content: 'orphan' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'again' },
    ];
    expect(toWireMessages(messages, plain)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'again' },
    ]);
  });

  it('sends {} for arguments that are not a JSON object', () => {
    const messages: ChatMessage[] = [
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'x', name: 'f', arguments: '{"broken' }],
      },
      { role: 'tool', toolCallId: 'x', content: 'error: invalid JSON' },
    ];
    const [assistant] = toWireMessages(messages, plain);
    expect(assistant).toMatchObject({ tool_calls: [{ function: { arguments: '{}' } }] });
  });

  it('sends images only to vision models', () => {
    const messages: ChatMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', url: 'data:image/png;base64,AAAA', detail: 'low' },
        ],
      },
    ];
    expect(toWireMessages(messages, { ...plain, vision: true })[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } },
      ],
    });
    const blind = toWireMessages(messages, plain)[0] as {
      content: { type: string; text?: string }[];
    };
    expect(blind.content.map((part) => part.type)).toEqual(['text', 'text']);
    expect(blind.content[1]!.text).toMatch(/cannot see images/);
  });
});
