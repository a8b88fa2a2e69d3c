import { describe, expect, it } from 'vitest';
import { dedent, withFirstLineIndent } from '../../../src/app/run-service';

describe('Run selection of indented lines', () => {
  const file = 'def f():\n    total = 40 + 2\n    print(total)\nprint("end")';

  it('gives a selection that starts at the first word its line’s indentation back', () => {
    const selected = 'total = 40 + 2\n    print(total)';
    expect(withFirstLineIndent(selected, 2, file)).toBe('    total = 40 + 2\n    print(total)');
    expect(dedent(withFirstLineIndent(selected, 2, file))).toBe('total = 40 + 2\nprint(total)');
  });

  it('leaves whole lines, single lines and selections starting mid-line alone', () => {
    expect(withFirstLineIndent('    total = 40 + 2\n    print(total)', 2, file)).toBe(
      '    total = 40 + 2\n    print(total)',
    );
    expect(withFirstLineIndent('40 + 2', 2, file)).toBe('40 + 2');
    expect(withFirstLineIndent('40 + 2\n    print(total)', 2, file)).toBe(
      '40 + 2\n    print(total)',
    );
  });
});
