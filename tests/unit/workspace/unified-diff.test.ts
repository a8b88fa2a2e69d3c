import { describe, expect, it } from 'vitest';
import { describeDiffSize, unifiedDiff } from '../../../src/workspace/unified-diff';

describe('unifiedDiff', () => {
  it('shows a changed line with its context, as git diff does', () => {
    const diff = unifiedDiff('src/a.py', 'x = 1\ny = 2\nz = 3\n', 'x = 1\ny = 20\nz = 3\n');
    expect(diff.text).toBe(
      [
        '--- a/src/a.py',
        '+++ b/src/a.py',
        '@@ -1,3 +1,3 @@',
        ' x = 1',
        '-y = 2',
        '+y = 20',
        ' z = 3',
        '',
      ].join('\n'),
    );
    expect(describeDiffSize(diff)).toBe('+1 −1');
  });

  it('a new file is diffed against /dev/null; no change is an empty diff', () => {
    const created = unifiedDiff('new.py', null, 'print(1)\nprint(2)\n');
    expect(created.text).toContain('--- /dev/null');
    expect(created.text).toContain('+++ b/new.py');
    expect(created).toMatchObject({ added: 2, removed: 0 });
    expect(unifiedDiff('same.py', 'a\n', 'a\n')).toEqual({ text: '', added: 0, removed: 0 });
    const deleted = unifiedDiff('old.py', 'a\n', null);
    expect(deleted.text).toContain('+++ /dev/null');
    expect(deleted).toMatchObject({ added: 0, removed: 1 });
  });

  it('marks a last line without a newline', () => {
    expect(unifiedDiff('a.txt', 'a', 'b').text).toContain('\\ No newline at end of file');
  });
});
