import { describe, expect, it } from 'vitest';
import { findConflicts, resolvedText } from '../../../../src/workspace/git/conflict-regions';

const MERGED = [
  'one',
  '<<<<<<< main',
  'ours',
  '=======',
  'theirs',
  'theirs 2',
  '>>>>>>> 1a2b3c4',
  'middle',
  '<<<<<<< HEAD',
  'a',
  '||||||| base',
  'b',
  '=======',
  'c',
  '>>>>>>> other',
  '',
].join('\n');

function apply(text: string, index: number, choice: 'current' | 'incoming' | 'both') {
  const region = findConflicts(text)[index]!;
  return text.slice(0, region.from) + resolvedText(region, choice) + text.slice(region.to);
}

describe('conflict regions', () => {
  it('finds each region with its two sides and its marker lines', () => {
    const regions = findConflicts(MERGED);
    expect(regions.map((r) => [r.current, r.incoming])).toEqual([
      ['ours\n', 'theirs\ntheirs 2\n'],
      ['a\n', 'c\n'],
    ]);
    expect(regions[0]!.markers.map((at) => MERGED.slice(at, at + 7))).toEqual([
      '<<<<<<<',
      '=======',
      '>>>>>>>',
    ]);
    expect(regions[1]!.markers).toHaveLength(4);
  });

  it('keeps the current side, the incoming side or both, markers and base dropped', () => {
    expect(apply(MERGED, 0, 'current')).toMatch(/^one\nours\nmiddle\n<<<<<<< HEAD/);
    expect(apply(MERGED, 0, 'incoming')).toMatch(/^one\ntheirs\ntheirs 2\nmiddle\n/);
    expect(apply(MERGED, 1, 'both')).toBe(
      'one\n<<<<<<< main\nours\n=======\ntheirs\ntheirs 2\n>>>>>>> 1a2b3c4\nmiddle\na\nc\n',
    );
    expect(findConflicts(apply(apply(MERGED, 1, 'both'), 0, 'incoming'))).toEqual([]);
  });

  it('ignores text without a complete region, and a last line without a newline', () => {
    expect(findConflicts('no markers\n')).toEqual([]);
    expect(findConflicts('<<<<<<< HEAD\nours\n=======\ntheirs\n')).toEqual([]);
    expect(findConflicts('<<<<<<<< not a marker\n=======\n>>>>>>> x')).toEqual([]);
    const [last] = findConflicts('<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> x');
    expect(last?.to).toBe('<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> x'.length);
    expect(resolvedText(last!, 'both')).toBe('ours\ntheirs\n');
  });
});
