import { describe, expect, it } from 'vitest';
import {
  CHUNK_MAX_CHARS,
  chunkPages,
  chunkText,
} from '../../../../src/workspace/knowledge/knowledge-chunker';

describe('chunking Markdown', () => {
  const doc = [
    '# Guide',
    '',
    'Intro text.',
    '',
    '## Install',
    '',
    'Run the installer.',
    '',
    '```sh',
    '# not a heading inside a fence',
    'make install',
    '```',
    '',
    '## Configure',
    '',
    '### Retries',
    'Set retry_limit to 3.',
  ].join('\n');

  it('never puts two sections in one passage, and keeps the headings above each', () => {
    const chunks = chunkText('docs/guide.md', doc);
    expect(chunks.map((c) => [c.startLine, c.endLine, c.heading])).toEqual([
      [1, 3, 'Guide'],
      [5, 12, 'Guide › Install'],
      [14, 14, 'Guide › Configure'],
      [16, 17, 'Guide › Configure › Retries'],
    ]);
    expect(chunks[1]!.text).toContain('# not a heading inside a fence');
  });

  it('line ranges point at the passage text in the file', () => {
    const lines = doc.split('\n');
    for (const chunk of chunkText('docs/guide.md', doc)) {
      expect(lines.slice(chunk.startLine - 1, chunk.endLine).join('\n')).toBe(chunk.text);
    }
  });

  it('splits a long section at line ends, each piece within the limit', () => {
    const long = ['# Big', ...Array.from({ length: 400 }, (_, i) => `line ${i} of text`)].join(
      '\n',
    );
    const chunks = chunkText('big.md', long);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
    expect(chunks.every((c) => c.heading === 'Big')).toBe(true);
    expect(chunks.at(-1)!.endLine).toBe(401);
  });
});

describe('chunking code', () => {
  it('cuts at top-level definitions once a passage is big enough', () => {
    const fn = (name: string) =>
      [
        `def ${name}(x):`,
        ...Array.from({ length: 30 }, (_, i) => `    y${i} = x * ${i}  # step`),
        '    return x',
        '',
      ].join('\n');
    const source = [fn('alpha'), fn('beta'), fn('gamma')].join('\n');
    const chunks = chunkText('src/app.py', source);
    expect(chunks.length).toBeGreaterThan(1);
    // Every passage starts at a definition, none starts mid-function.
    for (const chunk of chunks) expect(chunk.text.startsWith('def ')).toBe(true);
  });

  it('keeps a small file in one passage and skips blank files', () => {
    expect(chunkText('a.ts', 'const a = 1;\n\nconst b = 2;\n')).toEqual([
      { startLine: 1, endLine: 3, text: 'const a = 1;\n\nconst b = 2;' },
    ]);
    expect(chunkText('empty.py', '\n\n  \n')).toEqual([]);
  });
});

describe('chunking pages', () => {
  it('keeps each page number and lines within the page', () => {
    const chunks = chunkPages('paper.pdf', ['Abstract here.', '', 'Results on page three.']);
    expect(chunks).toEqual([
      { startLine: 1, endLine: 1, text: 'Abstract here.', page: 1 },
      { startLine: 1, endLine: 1, text: 'Results on page three.', page: 3 },
    ]);
  });
});
