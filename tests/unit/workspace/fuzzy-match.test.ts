import { describe, expect, it } from 'vitest';
import { fuzzyMatch, markedRuns } from '../../../src/workspace/fuzzy-match';

/** The characters of `text` a match of `query` highlights. */
const highlighted = (query: string, text: string) =>
  fuzzyMatch(query, text)
    ?.positions.map((at) => text[at])
    .join('');

const score = (query: string, text: string) => fuzzyMatch(query, text)?.score ?? -Infinity;

describe('fuzzyMatch', () => {
  it('matches the query’s letters in order, ignoring case and spaces', () => {
    expect(fuzzyMatch('mnpy', 'main.py')?.positions).toEqual([0, 3, 5, 6]);
    expect(highlighted('srcutil', 'src/util.py')).toBe('srcutil');
    expect(highlighted('MAIN', 'main.py')).toBe('main');
    expect(highlighted('src util', 'src/util.py')).toBe('srcutil');
  });

  it('does not match letters out of order or missing', () => {
    expect(fuzzyMatch('pym', 'main.py')).toBeUndefined();
    expect(fuzzyMatch('mainx', 'main.py')).toBeUndefined();
    expect(fuzzyMatch('main.py/', 'main.py')).toBeUndefined();
  });

  it('an empty query matches anything, with nothing highlighted', () => {
    expect(fuzzyMatch('', 'a/b.py')).toEqual({ score: 0, positions: [] });
    expect(fuzzyMatch('  ', 'a/b.py')).toEqual({ score: 0, positions: [] });
  });

  it('highlights the file’s own name rather than the same letters in a folder', () => {
    const path = 'utils/helpers/util.py';
    const positions = fuzzyMatch('util', path)!.positions;
    expect(positions[0]).toBe(path.lastIndexOf('util'));
  });

  it('prefers word starts and runs to scattered letters', () => {
    // "dm" as the initials of data_model, not d…m inside one word.
    expect(score('dm', 'data_model.py')).toBeGreaterThan(score('dm', 'readme.md'));
    expect(score('test', 'tests/test_api.py')).toBeGreaterThan(score('test', 'the_extra_step.py'));
    expect(score('api', 'src/api.py')).toBeGreaterThan(score('api', 'src/a_p_i.py'));
    expect(highlighted('fb', 'fooBar.ts')).toBe('fB');
    expect(fuzzyMatch('fb', 'fooBar.ts')!.positions).toEqual([0, 3]);
  });

  it('a whole name beats the same letters spread over a path', () => {
    expect(score('main', 'main.py')).toBeGreaterThan(score('main', 'm/a/i/n.py'));
    expect(score('main', 'main.py')).toBeGreaterThan(score('main', 'my_domain_notes.txt'));
  });

  it('scores a long path without trouble', () => {
    const deep = `${'folder/'.repeat(60)}target_file.py`;
    expect(highlighted('tfpy', deep)).toBe('tfpy');
    expect(fuzzyMatch('tfpy', deep)!.positions[0]).toBe(deep.lastIndexOf('target'));
  });

  it('refuses rather than misplaces a highlight when lower-casing changes the length', () => {
    expect(fuzzyMatch('i', 'İstanbul.py')).toBeUndefined();
  });
});

describe('markedRuns', () => {
  it('cuts a text into marked and unmarked runs', () => {
    expect(markedRuns('main.py', [0, 3, 5, 6])).toEqual([
      { text: 'm', marked: true },
      { text: 'ai', marked: false },
      { text: 'n', marked: true },
      { text: '.', marked: false },
      { text: 'py', marked: true },
    ]);
  });

  it('takes a slice, with positions counted in the whole text', () => {
    expect(markedRuns('src/util.py', [0, 4, 5], 4)).toEqual([
      { text: 'ut', marked: true },
      { text: 'il.py', marked: false },
    ]);
    expect(markedRuns('src/util.py', [0, 4, 5], 0, 3)).toEqual([
      { text: 's', marked: true },
      { text: 'rc', marked: false },
    ]);
  });
});
