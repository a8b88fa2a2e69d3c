import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../../src/workspace/paths';
import { needsPathRepair, numberedName, planPathRepairs } from '../../../src/workspace/path-repair';
import { MAX_NAME_LENGTH, normalizeName } from '../../../src/workspace/paths';

/** The plan as a plain object, for readable expectations. */
const plan = (paths: string[]) => Object.fromEntries(planPathRepairs(paths));

/** The workspace's paths after the plan: renamed ones replaced, the others kept. */
const after = (paths: string[]) => {
  const renames = planPathRepairs(paths);
  return paths.map((path) => renames.get(path) ?? path);
};

describe('planPathRepairs', () => {
  it('leaves a workspace whose names are all valid alone', () => {
    expect(plan(['main.py', 'src', 'src/a b.py', 'notes (2).txt'])).toEqual({});
  });

  it('trims names with spaces at either end', () => {
    expect(plan([' notes.py', 'src', 'src/ a.py ', 'data.csv'])).toEqual({
      ' notes.py': 'notes.py',
      'src/ a.py ': 'src/a.py',
    });
  });

  it('numbers a trimmed name that is taken, before the extension, whatever the order', () => {
    expect(plan(['notes.py ', 'notes.py', ' notes.py', 'notes (2).py'])).toEqual({
      // Good names are kept and taken first; the bad ones follow in code-unit order.
      ' notes.py': 'notes (3).py',
      'notes.py ': 'notes (4).py',
    });
    expect(plan(['Makefile', 'Makefile ', '.env', ' .env'])).toEqual({
      'Makefile ': 'Makefile (2)',
      ' .env': '.env (2)',
    });
  });

  it('names a path made only of spaces, and an empty segment, "untitled"', () => {
    expect(plan(['   '])).toEqual({ '   ': 'untitled' });
    expect(plan(['untitled', '  ', '\t'])).toEqual({
      '\t': 'untitled (2)',
      '  ': 'untitled (3)',
    });
    expect(plan(['a', 'a//b.py'])).toEqual({ 'a//b.py': 'a/untitled/b.py' });
  });

  it('trims Unicode spaces too (no-break, ideographic, en space)', () => {
    expect(plan(['\u00a0notes.py', 'doc\u3000', '\u2002x/y.py'])).toEqual({
      '\u00a0notes.py': 'notes.py',
      'doc\u3000': 'doc',
      '\u2002x/y.py': 'x/y.py',
    });
  });

  it('moves a renamed folder with everything in it, without merging it into another', () => {
    expect(
      plan([' src', ' src/main.py', ' src/lib', ' src/lib/ util.py', 'src', 'src/main.py']),
    ).toEqual({
      ' src': 'src (2)',
      ' src/main.py': 'src (2)/main.py',
      ' src/lib': 'src (2)/lib',
      ' src/lib/ util.py': 'src (2)/lib/util.py',
    });
    // A folder only implied by its files' paths is renamed the same way for each of them.
    expect(plan(['docs /a.md', 'docs /b.md'])).toEqual({
      'docs /a.md': 'docs/a.md',
      'docs /b.md': 'docs/b.md',
    });
  });

  it('gives every renamed path a name normalizePath accepts, one path each', () => {
    const paths = [' a', ' a/ b ', 'a', '  ', 'x/   /y.py', ' . ', '\u3000..', 'ok.py'];
    const result = after(paths);
    for (const path of result) expect(normalizePath(path)).toBe(path);
    expect(new Set(result).size).toBe(paths.length);
    expect(result).toContain('ok.py');
  });

  it('is idempotent: planning again over the renamed paths changes nothing', () => {
    const paths = [' notes.py', 'notes.py', 'src/ a.py ', '   ', 'untitled', 'b//c'];
    const once = after(paths);
    expect(plan(once)).toEqual({});
    expect(once.every((path) => !needsPathRepair(path))).toBe(true);
  });
});

describe('numberedName', () => {
  it('puts the number before the last extension', () => {
    expect(numberedName('report.tar.gz', 2)).toBe('report.tar (2).gz');
    expect(numberedName('untitled', 3)).toBe('untitled (3)');
  });

  it('keeps a name near the length limit within it, extension and whole characters kept', () => {
    const long = `${'a'.repeat(250)}.py`;
    const numbered = numberedName(long, 2);
    expect(numbered).toHaveLength(MAX_NAME_LENGTH);
    expect(numbered.endsWith(' (2).py')).toBe(true);
    expect(normalizeName(numbered)).toBe(numbered);
    // An emoji is never cut in half.
    const emoji = `${'😀'.repeat(127)}.md`;
    const cut = numberedName(emoji, 12);
    expect(cut.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(cut).toMatch(/^(😀)+ \(12\)\.md$/u);
    // An extension too long to keep goes with the stem.
    const dotted = `a.${'b'.repeat(253)}`;
    expect(numberedName(dotted, 2)).toBe(`${dotted.slice(0, MAX_NAME_LENGTH - 4)} (2)`);
  });
});
