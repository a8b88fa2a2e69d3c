import { describe, expect, it } from 'vitest';
import { cosine, fuseRankings } from '../../../../src/workspace/knowledge/rank-fusion';

describe('reciprocal rank fusion', () => {
  it('puts first what both rankings place high', () => {
    const fused = fuseRankings([
      ['a', 'b', 'c'],
      ['b', 'c', 'd'],
    ]);
    expect(fused.map((item) => item.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61);
  });

  it('is the ranking itself when there is one, and breaks ties by first appearance', () => {
    expect(fuseRankings([['x', 'y']]).map((i) => i.id)).toEqual(['x', 'y']);
    expect(fuseRankings([['x'], ['y']]).map((i) => i.id)).toEqual(['x', 'y']);
  });

  it('counts a duplicate within one ranking once, at its best rank', () => {
    expect(fuseRankings([['a', 'a', 'b']], 0)).toEqual([
      { id: 'a', score: 1 },
      { id: 'b', score: 1 / 3 },
    ]);
  });
});

describe('cosine', () => {
  it('is 1 for the same direction, 0 for orthogonal or zero vectors', () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
});
