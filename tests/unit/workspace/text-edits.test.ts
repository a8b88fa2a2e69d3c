import { describe, expect, it } from 'vitest';
import { findClosestPassage } from '../../../src/workspace/closest-passage';
import { applyTextEdits, describeEditFailure } from '../../../src/workspace/text-edits';

const source = [
  'def add(a, b):',
  '    return a + b',
  '',
  'def sub(a, b):',
  '    return a - b',
  '',
  'print(add(1, 2))',
  'print(sub(3, 1))',
  '',
].join('\n');

const edit = (oldText: string, newText: string) => ({ oldText, newText });

describe('applyTextEdits', () => {
  it('replaces each old text found exactly once, matched against the original text', () => {
    const result = applyTextEdits(source, [
      edit('    return a - b', '    return a - b  # difference'),
      edit('def add(a, b):\n    return a + b', 'def add(a, b):\n    """Sum."""\n    return a + b'),
    ]);
    expect(result).toEqual({
      ok: true,
      text: source
        .replace('    return a - b', '    return a - b  # difference')
        .replace('def add(a, b):\n', 'def add(a, b):\n    """Sum."""\n'),
      lines: [5, 1],
    });
  });

  it('not found: names the edit and shows the closest passage with its lines', () => {
    const result = applyTextEdits(source, [
      edit('print(add(1, 2))', 'print(add(2, 2))'),
      edit('def sub(a, b):\n    return a + b', 'x'),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toMatchObject({ kind: 'not-found', edit: 1 });
    const message = describeEditFailure(result.failure, 'calc.py');
    expect(message).toContain('Edit 2: old_text was not found in calc.py. No edit was applied.');
    expect(message).toContain('The closest passage is lines 4–5:');
    expect(message).toContain('def sub(a, b):\n    return a - b');
  });

  it('not found because of indentation: says only whitespace differs', () => {
    const result = applyTextEdits(source, [edit('  return a + b', '  return b + a')]);
    // "  return a + b" is inside "    return a + b": it is found, so indent the other way.
    expect(result.ok).toBe(true);
    const tabbed = applyTextEdits(source, [edit('def add(a, b):\n\treturn a + b', 'x')]);
    expect(tabbed.ok).toBe(false);
    if (tabbed.ok) return;
    expect(describeEditFailure(tabbed.failure, 'calc.py')).toContain(
      'lines 1–2: It differs from old_text only in whitespace or indentation.',
    );
  });

  it('not found and nothing alike: says to read the file again', () => {
    const result = applyTextEdits(source, [edit('class Parser:\n    pass', 'x')]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toEqual({ kind: 'not-found', edit: 0, closest: undefined });
    expect(describeEditFailure(result.failure, 'calc.py')).toContain(
      'No similar passage is in the file; read it again',
    );
  });

  it('found N times: says how often and where, and to add context', () => {
    const result = applyTextEdits(source, [edit('(a, b):', '(x, y):')]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toEqual({ kind: 'ambiguous', edit: 0, count: 2, lines: [1, 4] });
    expect(describeEditFailure(result.failure, 'calc.py')).toBe(
      'Edit 1: old_text was found 2 times in calc.py (at lines 1, 4). No edit was applied. Include more of the surrounding lines so that it matches exactly once.',
    );
  });

  it('overlapping edits are refused, naming both', () => {
    const result = applyTextEdits(source, [
      edit('print(add(1, 2))\nprint(sub', 'A'),
      edit('def sub(a, b):', 'B'),
      edit('sub(3, 1))', 'C'),
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure).toEqual({ kind: 'overlap', edit: 0, other: 2, line: 8 });
    expect(describeEditFailure(result.failure, 'calc.py')).toBe(
      'Edits 1 and 3 overlap in calc.py (at line 8). No edit was applied. Merge them into one edit.',
    );
  });

  it('adjacent edits do not overlap', () => {
    const result = applyTextEdits('abcdef', [edit('abc', 'ABC'), edit('def', 'DEF')]);
    expect(result).toMatchObject({ ok: true, text: 'ABCDEF' });
  });

  it('all or nothing: one bad edit among good ones changes nothing', () => {
    const result = applyTextEdits(source, [
      edit('print(add(1, 2))', 'print(add(2, 2))'),
      edit('missing text', 'x'),
    ]);
    expect(result.ok).toBe(false);
  });

  it('an empty old text and edits that change nothing are refused', () => {
    const empty = applyTextEdits(source, [edit('', 'x')]);
    expect(!empty.ok && describeEditFailure(empty.failure, 'a.py')).toContain(
      'Edit 1: old_text is empty.',
    );
    const same = applyTextEdits(source, [edit('def add', 'def add')]);
    expect(!same.ok && same.failure.kind).toBe('no-change');
  });

  it('a Windows (CRLF) file takes edits written with "\\n" and keeps its line ends', () => {
    const crlf = 'a = 1\r\nb = 2\r\nc = 3\r\n';
    expect(applyTextEdits(crlf, [edit('a = 1\nb = 2', 'a = 10\nb = 20')])).toEqual({
      ok: true,
      text: 'a = 10\r\nb = 20\r\nc = 3\r\n',
      lines: [1],
    });
  });

  it('counts occurrences in a huge file without listing them all', () => {
    const big = 'x\n'.repeat(50_000);
    const result = applyTextEdits(big, [edit('x', 'y')]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(describeEditFailure(result.failure, 'big.txt')).toContain(
      'found 1000 or more times in big.txt (at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)',
    );
  });
});

describe('findClosestPassage', () => {
  it('finds a passage with a typo, by line similarity', () => {
    const passage = findClosestPassage(source, 'def sub(a, b):\n    retrun a - b\n');
    expect(passage).toMatchObject({ startLine: 4, endLine: 5, whitespaceOnly: false });
    expect(passage!.similarity).toBeGreaterThan(0.8);
  });

  it('scales to big files by scoring the most promising starts in full', () => {
    const lines = Array.from({ length: 80_000 }, (_, i) => `value_${i} = compute(${i})`);
    lines.splice(
      76_543,
      3,
      'def parse(tokens):',
      '    result = parse_expression(tokens, 0)',
      '    return result',
    );
    const passage = findClosestPassage(
      lines.join('\n'),
      'def parse(tokens):\n    result = parse_expresion(tokens, 0)\n    return result',
    );
    expect(passage).toMatchObject({ startLine: 76_544, endLine: 76_546 });
  });
});
