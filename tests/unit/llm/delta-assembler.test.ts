import { describe, expect, it } from 'vitest';
import { DeltaAssembler } from '../../../src/llm/delta-assembler';
import type { LlmDeltaEvent } from '../../../src/llm/llm-events';
import { chunk, usageChunk } from './support/sse';

function assemble(chunks: unknown[]) {
  const assembler = new DeltaAssembler();
  const events: LlmDeltaEvent[] = [];
  for (const item of chunks) events.push(...assembler.push(item));
  events.push(...assembler.flush());
  return { events, reply: assembler.result(), produced: assembler.produced };
}

describe('DeltaAssembler', () => {
  it('OpenAI style: role chunk, content deltas, finish, usage chunk with no choices', () => {
    const { events, reply } = assemble([
      chunk({ role: 'assistant', content: '', refusal: null }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({}, 'stop'),
      usageChunk(12, 2),
    ]);
    expect(events).toEqual([
      { type: 'text_delta', delta: 'Hel' },
      { type: 'text_delta', delta: 'lo' },
    ]);
    expect(reply).toMatchObject({
      content: 'Hello',
      reasoning: '',
      finishReason: 'stop',
      rawFinishReason: 'stop',
      model: 'test-model',
      usage: { inputTokens: 12, outputTokens: 2, totalTokens: 14 },
    });
  });

  it('DeepSeek style: reasoning_content with null content, then content', () => {
    const { events, reply } = assemble([
      chunk({ role: 'assistant', content: null, reasoning_content: '' }),
      chunk({ content: null, reasoning_content: 'Think' }),
      chunk({ content: null, reasoning_content: 'ing.' }),
      chunk({ content: 'Answer', reasoning_content: null }),
      chunk({ content: '' }, 'stop'),
    ]);
    expect(events.map((e) => e.type)).toEqual(['reasoning_delta', 'reasoning_delta', 'text_delta']);
    expect(reply).toMatchObject({ reasoning: 'Thinking.', content: 'Answer' });
  });

  it('OpenRouter style: the reasoning field, not doubled when reasoning_content repeats it', () => {
    const { reply } = assemble([
      chunk({ role: 'assistant', content: '', reasoning: 'Plan' }),
      chunk({ content: '', reasoning: ' more', reasoning_content: ' more' }),
      chunk({ content: 'Done' }, 'stop'),
    ]);
    expect(reply).toMatchObject({ reasoning: 'Plan more', content: 'Done' });
  });

  it('<think> tags inside content', () => {
    const { reply } = assemble([
      chunk({ content: '<thi' }),
      chunk({ content: 'nk>hmm</think>\n\nYes' }),
      chunk({}, 'stop'),
    ]);
    expect(reply).toMatchObject({ reasoning: 'hmm', content: 'Yes' });
  });

  it('Mistral style: content as a list of thinking and text parts', () => {
    const { reply } = assemble([
      chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Consider.' }] }] }),
      chunk({ content: [{ type: 'text', text: 'Result.' }] }),
      chunk({}, 'stop'),
    ]);
    expect(reply).toMatchObject({ reasoning: 'Consider.', content: 'Result.' });
  });

  it('Groq style: usage under x_groq', () => {
    const { reply } = assemble([
      chunk({ content: 'x' }),
      chunk({}, 'stop', {
        x_groq: { usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 } },
      }),
    ]);
    expect(reply.usage).toEqual({ inputTokens: 5, outputTokens: 1, totalTokens: 6 });
  });

  it('reads cache and reasoning token details and cost', () => {
    const { reply } = assemble([
      {
        choices: [],
        usage: {
          prompt_tokens: 100,
          completion_tokens: 50,
          total_tokens: 150,
          prompt_tokens_details: { cached_tokens: 80 },
          completion_tokens_details: { reasoning_tokens: 30 },
          cost: 0.0012,
        },
      },
    ]);
    expect(reply.usage).toEqual({
      inputTokens: 100,
      outputTokens: 50,
      totalTokens: 150,
      cachedInputTokens: 80,
      reasoningTokens: 30,
      cost: 0.0012,
    });
  });

  it('tool calls and the legacy function_call', () => {
    const { events, reply } = assemble([
      chunk({
        tool_calls: [
          { index: 0, id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a"' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(events).toEqual([
      { type: 'toolcall_delta', index: 0, id: 'c1', name: 'f', argumentsDelta: '{"a"' },
      { type: 'toolcall_delta', index: 0, id: 'c1', name: 'f', argumentsDelta: ':1}' },
    ]);
    expect(reply.toolCalls[0]).toMatchObject({ id: 'c1', name: 'f', parsedArguments: { a: 1 } });
    expect(reply.finishReason).toBe('tool_calls');

    const legacy = assemble([
      chunk({ function_call: { name: 'g', arguments: '{}' } }),
      chunk({}, 'function_call'),
    ]);
    expect(legacy.reply.toolCalls[0]).toMatchObject({ name: 'g', parsedArguments: {} });
    expect(legacy.reply.finishReason).toBe('tool_calls');
  });

  it('reads only choice 0 and tolerates junk chunks', () => {
    const { reply } = assemble([
      null,
      'text',
      { choices: 'nope' },
      {
        choices: [
          { index: 1, delta: { content: 'other' } },
          { index: 0, delta: { content: 'mine' } },
        ],
      },
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ]);
    expect(reply.content).toBe('mine');
  });

  it('shows a refusal as text and normalizes unusual finish reasons', () => {
    const { reply } = assemble([
      chunk({ refusal: 'I cannot help with that.' }),
      chunk({}, 'eos_token'),
    ]);
    expect(reply).toMatchObject({
      content: 'I cannot help with that.',
      finishReason: 'stop',
      rawFinishReason: 'eos_token',
    });
  });

  it('says whether anything was produced', () => {
    expect(assemble([chunk({ role: 'assistant', content: '' })]).produced).toBe(false);
    expect(assemble([chunk({ content: 'a' })]).produced).toBe(true);
    expect(assemble([chunk({ reasoning_content: 'r' })]).produced).toBe(true);
  });
});
