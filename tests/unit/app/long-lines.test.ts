import { describe, expect, it } from 'vitest';
import { LONG_LINE_CHARS, longestLine, readOnlyReason } from '../../../src/app/long-lines';

describe('long lines', () => {
  it('finds the longest line, first, middle or last', () => {
    expect(longestLine('')).toBe(0);
    expect(longestLine('abc')).toBe(3);
    expect(longestLine('a\nbbbb\ncc')).toBe(4);
    expect(longestLine('a\nbb\nccccc')).toBe(5);
    expect(longestLine('aaaaaa\n\n')).toBe(6);
  });

  it('opens a file with one enormous line read-only and says why and what to do', () => {
    const minified = 'x'.repeat(5_000_000);
    const reason = readOnlyReason(minified);
    expect(reason).toContain('a line of 5,000,000 characters');
    expect(reason).toContain('read-only');
    expect(reason).toContain('Download it');
  });

  it('leaves large files of ordinary lines, and lines at the limit, editable', () => {
    expect(readOnlyReason('print(1)\n'.repeat(500_000))).toBeUndefined();
    expect(readOnlyReason(`${'y'.repeat(LONG_LINE_CHARS)}\nshort`)).toBeUndefined();
    expect(readOnlyReason(`short\n${'y'.repeat(LONG_LINE_CHARS + 1)}`)).toContain('100,001');
  });
});
