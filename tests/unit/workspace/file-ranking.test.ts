import { describe, expect, it } from 'vitest';
import { rankPaths } from '../../../src/workspace/file-ranking';

const PATHS = ['README.md', 'main.py', 'src/util.py', 'src/main_helpers.py', 'tests/test_util.py'];
const shownPaths = (...args: Parameters<typeof rankPaths>) =>
  rankPaths(...args).shown.map((row) => row.path);

describe('rankPaths', () => {
  it('with an empty query lists recent files first, most recent first, then the rest by path', () => {
    expect(shownPaths('', PATHS, ['src/util.py', 'main.py'])).toEqual([
      'src/util.py',
      'main.py',
      'README.md',
      'src/main_helpers.py',
      'tests/test_util.py',
    ]);
  });

  it('skips recent files that are no longer in the workspace', () => {
    expect(shownPaths('', PATHS, ['gone.py', 'main.py']).slice(0, 2)).toEqual([
      'main.py',
      'README.md',
    ]);
  });

  it('lists only matches, best first', () => {
    expect(shownPaths('mnpy', PATHS)).toEqual(['main.py', 'src/main_helpers.py']);
    expect(shownPaths('srcutil', PATHS)).toEqual(['src/util.py']);
    expect(shownPaths('util', PATHS)[0]).toBe('src/util.py');
    expect(shownPaths('zzz', PATHS)).toEqual([]);
  });

  it('gives the positions of the matched characters', () => {
    expect(rankPaths('mnpy', ['main.py']).shown).toEqual([
      { path: 'main.py', positions: [0, 3, 5, 6] },
    ]);
  });

  it('among equal matches, the recently opened file comes first', () => {
    const twins = ['a/x.py', 'b/x.py'];
    expect(shownPaths('x.py', twins)).toEqual(['a/x.py', 'b/x.py']);
    expect(shownPaths('x.py', twins, ['b/x.py'])).toEqual(['b/x.py', 'a/x.py']);
  });

  it('caps what it shows and counts every match', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `pkg${i % 100}/module_${i}.py`);
    const ranked = rankPaths('module', many, [], 50);
    expect(ranked.shown).toHaveLength(50);
    expect(ranked.total).toBe(10_000);
    expect(rankPaths('', many, [], 50).shown).toHaveLength(50);
    expect(rankPaths('module_9999', many).shown[0]!.path).toBe('pkg99/module_9999.py');
  });
});
