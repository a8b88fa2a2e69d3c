import { describe, expect, it } from 'vitest';
import {
  contextBudget,
  contextTooSmall,
  fitsBudget,
  frameTokens,
  historyTokens,
  messageTokens,
  replyTokens,
} from '../../../src/agent/context-budget';
import { DEFAULT_CAPABILITIES } from '../../../src/llm/model-capabilities';

const tool = (name: string, size: number) => ({
  name,
  description: 'd'.repeat(size),
  parameters: { type: 'object', properties: {} },
});

describe('the context budget', () => {
  it('counts the tool definitions as sent, not only the system prompt', () => {
    const bare = frameTokens({ system: 'You help.' });
    const withTools = frameTokens({
      system: 'You help.',
      tools: Array.from({ length: 27 }, (_, i) => tool(`t${i}`, 600)),
    });
    // 27 × 600 characters of descriptions is over 4,000 tokens more.
    expect(withTools - bare).toBeGreaterThan(4_000);
  });

  it('keeps the person’s output limit for the reply, else at most a quarter of the window', () => {
    expect(replyTokens(DEFAULT_CAPABILITIES)).toBe(2_048);
    expect(replyTokens(DEFAULT_CAPABILITIES, 1_000)).toBe(1_000);
    // Never more than the model can write.
    expect(replyTokens(DEFAULT_CAPABILITIES, 100_000)).toBe(4_096);
  });

  it('the conversation gets what the reply and the frame leave', () => {
    const budget = contextBudget(DEFAULT_CAPABILITIES, { system: 'x'.repeat(4_000) });
    expect(budget.history).toBe(8_192 - 2_048 - budget.frame);
    const history = [{ role: 'user' as const, content: 'y'.repeat(budget.history * 4) }];
    expect(fitsBudget(history, budget)).toBe(false);
    expect(fitsBudget([{ role: 'user', content: 'short' }], budget)).toBe(true);
  });

  it('counts tool calls and pictures in the history', () => {
    expect(
      messageTokens({
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'c', name: 'write_file', arguments: 'z'.repeat(4_000) }],
      }),
    ).toBeGreaterThan(1_000);
    expect(
      historyTokens([
        { role: 'user', content: [{ type: 'image', url: 'data:image/png;base64,AAAA' }] },
      ]),
    ).toBeGreaterThan(500);
  });

  // Invariant 17: nothing is silently left out of what the model sees.
  it('a refusal says what takes the window and what to change', () => {
    const full = contextBudget(DEFAULT_CAPABILITIES, {
      system: 'You help.',
      tools: Array.from({ length: 27 }, (_, i) => tool(`t${i}`, 900)),
    });
    const tooMany = contextTooSmall(full, 300);
    expect(tooMany.code).toBe('context-too-small');
    expect(tooMany.message).toMatch(
      /^The system prompt and the definitions of 27 tools take about [\d,]+ tokens of this model's 8,192-token window, and 2,048 are kept for the reply/,
    );
    expect(tooMany.hint).toMatch(/^Turn off tools or MCP servers you do not need here/);

    const roomy = contextBudget(DEFAULT_CAPABILITIES, { system: 'You help.' });
    const longQuestion = contextTooSmall(roomy, 9_000);
    expect(longQuestion.message).toMatch(/^Even after compacting, the latest message/);
    expect(longQuestion.message).toContain('the system prompt takes about');
    expect(longQuestion.hint).toMatch(/^Shorten the message or attach less/);
  });
});
