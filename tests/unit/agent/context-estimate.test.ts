import { describe, expect, it } from 'vitest';
import { costOf, estimateContext, piecesOfPath } from '../../../src/agent/context-estimate';
import type { NodeRecord } from '../../../src/store/records';

let seq = 0;
const node = (fields: Partial<NodeRecord> & Pick<NodeRecord, 'role'>): NodeRecord => ({
  id: `n${++seq}`,
  sessionId: 's',
  parentId: null,
  content: '',
  status: 'complete',
  startedAt: 1,
  ...fields,
});

describe('context estimate', () => {
  it('without a real usage estimates everything, plus the overhead', () => {
    const estimate = estimateContext([{ tokens: 10 }, { tokens: 20 }], 500);
    expect(estimate).toEqual({ tokens: 530, anchored: false, estimated: 30 });
  });

  it('anchors on the last reported usage and estimates only what came after', () => {
    const path = [
      node({ role: 'user', content: 'x'.repeat(4000) }),
      node({ role: 'assistant', content: 'ok', usage: { inputTokens: 1200, outputTokens: 30 } }),
      node({ role: 'user', content: 'y'.repeat(400) }),
    ];
    // 1,230 reported, then the new question: 100 tokens and 4 of framing.
    expect(estimateContext(piecesOfPath(path), 500)).toEqual({
      tokens: 1334,
      anchored: true,
      estimated: 104,
    });
  });

  it('a usage from before the last compaction does not anchor: the context shrank since', () => {
    const question = node({ role: 'user', content: 'q'.repeat(400) });
    const path = [
      node({ role: 'user', content: 'old' }),
      node({ role: 'assistant', content: 'a', usage: { inputTokens: 9000, outputTokens: 10 } }),
      question,
      node({
        role: 'compaction',
        content: 's'.repeat(80),
        compaction: { firstKeptId: question.id, automatic: true, tokensBefore: 0, tokensAfter: 0 },
      }),
    ];
    const estimate = estimateContext(piecesOfPath(path), 500);
    expect(estimate.anchored).toBe(false);
    // Summary (20 + 20) and the kept question (100 + 4), plus the overhead.
    expect(estimate.tokens).toBe(644);
  });

  it('costs usages at the model’s prices, cached input at its own price; nothing without prices', () => {
    const usages = [
      { inputTokens: 1_000_000, outputTokens: 100_000, cachedInputTokens: 400_000 },
      { inputTokens: 0, outputTokens: 0 },
    ];
    expect(
      costOf(usages, { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 }),
    ).toBeCloseTo(1.2 + 0.2 + 0.8);
    expect(costOf(usages, undefined)).toBeUndefined();
  });
});
