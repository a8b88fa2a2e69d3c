import { describe, expect, it } from 'vitest';
import { formatCount, truncateToolResult } from '../../../src/agent/tool-result-truncation';

const lines = (count: number, width = 40) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1} `.padEnd(width, '.')).join('\n');

describe('truncateToolResult', () => {
  it('leaves a result within the cap as it is', () => {
    expect(truncateToolResult('short', 10)).toEqual({ text: 'short', omittedChars: 0 });
    expect(truncateToolResult('x'.repeat(10_000)).omittedChars).toBe(0);
  });

  it('keeps the start and the end and says how much was cut, which lines, and how to read them', () => {
    const text = lines(1_000);
    const { text: cut, omittedChars } = truncateToolResult(
      text,
      2_000,
      'call read_file with a line range',
    );
    expect(cut.startsWith('line 1 ')).toBe(true);
    expect(cut.endsWith('line 1000 '.padEnd(40, '.'))).toBe(true);
    const marker =
      /\[… ([\d,]+) more characters cut \(lines ([\d,]+)–([\d,]+) of this result\); call read_file with a line range …\]/.exec(
        cut,
      );
    expect(marker).not.toBeNull();
    expect(Number(marker![1]!.replace(/,/g, ''))).toBe(omittedChars);
    expect(cut.length - marker![0].length - 2).toBe(text.length - omittedChars);
    // Cuts fall on line breaks, and the named lines are exactly the ones missing.
    const kept = cut.replace(marker![0], '').split('\n').filter(Boolean);
    const first = Number(marker![2]!.replace(/,/g, ''));
    const last = Number(marker![3]!.replace(/,/g, ''));
    expect(kept).toHaveLength(1_000 - (last - first + 1));
    expect(kept.some((line) => line.startsWith(`line ${first} `))).toBe(false);
    expect(kept.some((line) => line.startsWith(`line ${first - 1} `))).toBe(true);
    expect(kept.some((line) => line.startsWith(`line ${last + 1} `))).toBe(true);
  });

  it('cuts one long line by characters, without a line range', () => {
    const { text, omittedChars } = truncateToolResult('y'.repeat(25_000), 1_000);
    expect(omittedChars).toBe(24_000);
    expect(text).toContain('[… 24,000 more characters cut; ask for a smaller part …]');
  });

  it('formats counts the same in every locale', () => {
    expect(formatCount(23_400)).toBe('23,400');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });
});
