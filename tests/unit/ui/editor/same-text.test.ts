import { Text } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameText } from '../../../../src/ui/editor/same-text';

const doc = (text: string) => Text.of(text.split('\n'));

describe('sameText', () => {
  it('is true for the same text, empty, one line or many', () => {
    for (const text of ['', 'a', 'one\ntwo\n', '\n\n', 'x'.repeat(5000) + '\nend']) {
      expect(sameText(doc(text), text)).toBe(true);
    }
  });

  it('is false for a change anywhere, of the same length or not', () => {
    expect(sameText(doc('one\ntwo'), 'one\ntwx')).toBe(false);
    expect(sameText(doc('one\ntwo'), 'onextwo')).toBe(false);
    expect(sameText(doc('one\ntwo'), 'one\ntwo\n')).toBe(false);
    expect(sameText(doc('one\ntwo\n'), 'one\ntwo')).toBe(false);
    expect(sameText(doc(''), '\n')).toBe(false);
  });

  it('agrees with comparing the whole text, for any two texts', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', 'é', '😀') });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sameText(doc(a), b)).toBe(doc(a).toString() === b);
      }),
    );
  });

  it('compares a large document built up by edits, as the editor holds it', () => {
    let built = Text.empty;
    let plain = '';
    for (let i = 0; i < 2000; i++) {
      const line = `line ${i}\n`;
      built = built.replace(built.length, built.length, Text.of(line.split('\n')));
      plain += line;
    }
    expect(sameText(built, plain)).toBe(true);
    expect(sameText(built, plain.replace('line 1999', 'line 1998'))).toBe(false);
  });
});
