import { describe, expect, it } from 'vitest';
import { markPassage } from '../../../../src/ui/knowledge/passage-mark';

describe('the cited passage on its PDF page', () => {
  it('is marked where the page holds it', () => {
    const page = 'Part three.\nThe keeper is Ada Quill.\nEnd.';
    expect(markPassage(page, '  The keeper is Ada Quill.\n')).toEqual([
      'Part three.\n',
      'The keeper is Ada Quill.',
      '\nEnd.',
    ]);
  });

  it('leaves the page unmarked when the passage is not on it (the file changed since)', () => {
    expect(markPassage('Another text.', 'The keeper')).toEqual(['Another text.', '', '']);
    expect(markPassage('Another text.', '')).toEqual(['Another text.', '', '']);
  });
});
