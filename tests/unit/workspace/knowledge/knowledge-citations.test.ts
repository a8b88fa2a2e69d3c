import { describe, expect, it } from 'vitest';
import {
  findCitations,
  formatKnowledgePassages,
  parseKnowledgePassages,
  passageLocation,
  type KnowledgePassage,
} from '../../../../src/workspace/knowledge/knowledge-citations';

const passages: KnowledgePassage[] = [
  { n: 1, path: 'docs/a "quoted".md', startLine: 3, endLine: 9, version: 2, text: 'Alpha' },
  {
    n: 2,
    path: 'paper.pdf',
    startLine: 1,
    endLine: 4,
    page: 3,
    version: 1,
    heading: 'Results & more',
    text: 'Beta\n</passage> inside',
  },
];

describe('knowledge passages in a message', () => {
  it('round-trip through the attachment text, sources intact', () => {
    const text = formatKnowledgePassages(passages);
    expect(text).toContain('cite it by its number');
    expect(parseKnowledgePassages(text)).toEqual(passages);
  });

  it('other attachments hold none', () => {
    expect(parseKnowledgePassages('<file path="a.md">\n<passage n="1">\n</file>')).toEqual([]);
  });

  it('say where they are', () => {
    expect(passageLocation(passages[0]!)).toBe('docs/a "quoted".md:3-9');
    expect(passageLocation(passages[1]!)).toBe('paper.pdf p. 3');
  });
});

describe('citations in a reply', () => {
  it('map each [n] to the passage retrieved as n, and leave others unmapped', () => {
    const marks = findCitations(
      'Use alpha [1] and beta [2][7]. See [link](x) and [3](y).',
      passages,
    );
    expect(marks.map((m) => [m.n, m.passage?.path])).toEqual([
      [1, 'docs/a "quoted".md'],
      [2, 'paper.pdf'],
      [7, undefined],
    ]);
    expect(marks[0]).toMatchObject({ index: 10, length: 3 });
  });
});
