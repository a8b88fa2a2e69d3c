import { describe, expect, test } from 'vitest';
import { guardNesting, MarkdownGuard } from '../../../src/render/markdown-guard';
import { DEFAULT_RENDER_LIMITS, resolveLimits } from '../../../src/render/render-limits';

function guardLines(lines: string[], limits = DEFAULT_RENDER_LIMITS): string[] {
  const guard = new MarkdownGuard(limits);
  return lines.map((line) => guard.line(line));
}

describe('guardNesting', () => {
  test('escapes the container marker after the limit', () => {
    expect(guardNesting('>>>>x', 2)).toBe('>>\\>>x');
    expect(guardNesting('> > > x', 2)).toBe('> > \\> x');
    expect(guardNesting('- - - x', 2)).toBe('- - \\- x');
    expect(guardNesting('1. 2. 3) x', 2)).toBe('1. 2. 3\\) x');
    expect(guardNesting('  * + - x', 2)).toBe('  * + \\- x');
  });

  test('leaves lines within the limit, thematic breaks and ordinary text alone', () => {
    expect(guardNesting('> > x', 2)).toBe('> > x');
    expect(guardNesting('* * * * * * *', 2)).toBe('* * * * * * *');
    expect(guardNesting('-1 is negative', 0)).toBe('-1 is negative');
    expect(guardNesting('>>>', 12)).toBe('>>>');
  });

  test('a line of 50,000 > nests at most the default limit', () => {
    const guarded = guardNesting('>'.repeat(50_000), DEFAULT_RENDER_LIMITS.maxNestingPerLine);
    expect(guarded.indexOf('\\')).toBe(DEFAULT_RENDER_LIMITS.maxNestingPerLine);
  });
});

describe('MarkdownGuard', () => {
  test('inside fenced code the nesting limit is higher', () => {
    const deep = '> '.repeat(20) + 'x';
    const [, inside, , outside] = guardLines(['```', deep, '```', deep]);
    expect(inside).toBe(deep);
    expect(outside).not.toBe(deep);
  });

  test('tables stop at the cell budget and later delimiter rows stay text', () => {
    const limits = resolveLimits({ maxTableCells: 9 });
    expect(
      guardLines(
        ['| a | b |', '|---|---|', '| 1 | 2 |', '| 3 | 4 |', '| 5 | 6 |', '', 'x | y', '--|--'],
        limits,
      ),
    ).toEqual([
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '| 3 | 4 |',
      '\n| 5 | 6 |',
      '',
      'x | y',
      '\\--|--',
    ]);
  });

  test('a quote ends at its 51st lazy line', () => {
    const lines = Array.from({ length: 60 }, () => ['> q', 'lazy']).flat();
    const guarded = guardLines(lines);
    const breaks = guarded.map((line, i) => (line.startsWith('\n') ? i : -1)).filter((i) => i >= 0);
    expect(breaks).toEqual([101]);
    expect(guarded[101]).toBe('\nlazy');
  });

  test('ordinary Markdown passes unchanged', () => {
    const lines = [
      '# T',
      '',
      '- a',
      '  - b',
      '> quote',
      'lazy',
      '',
      '| a |',
      '|---|',
      '| 1 |',
      '',
      '```py',
      'x = 1',
      '```',
    ];
    expect(guardLines(lines)).toEqual(lines);
  });
});
