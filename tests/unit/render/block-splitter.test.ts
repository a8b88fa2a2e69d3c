import { describe, expect, test } from 'vitest';
import { splitBlocks } from '../../../src/render/block-splitter';
import { DEFAULT_RENDER_LIMITS } from '../../../src/render/render-limits';
import { SourceNormalizer } from '../../../src/render/source-normalizer';
import { randomChunks, seededRandom } from './render-test-kit';

function normalize(text: string): string {
  const normalizer = new SourceNormalizer(DEFAULT_RENDER_LIMITS);
  normalizer.push(text);
  normalizer.end();
  return normalizer.drainLines();
}

/** What the streaming renderer does: split complete lines as they come, the rest at the end. */
function splitStreaming(chunks: string[]): string[] {
  const normalizer = new SourceNormalizer(DEFAULT_RENDER_LIMITS);
  const blocks: string[] = [];
  let open = '';
  for (const chunk of chunks) {
    normalizer.push(chunk);
    open += normalizer.drainLines();
    const { blocks: settled, end } = splitBlocks(open, 0, 'stream');
    blocks.push(...settled);
    open = open.slice(end);
  }
  normalizer.end();
  open += normalizer.drainLines();
  blocks.push(...splitBlocks(open, 0, 'final').blocks);
  return blocks;
}

describe('splitBlocks', () => {
  test('final: top-level blocks with their trailing blank lines, adjacent and complete', () => {
    const source = '\n# Title\n\npara\nline 2\n\n- a\n- b\n\n```\ncode\n\n```\n';
    const { blocks, end } = splitBlocks(source, 0, 'final');
    expect(blocks).toEqual([
      '\n# Title\n\n',
      'para\nline 2\n\n',
      '- a\n- b\n\n',
      '```\ncode\n\n```\n',
    ]);
    expect(blocks.join('')).toBe(source);
    expect(end).toBe(source.length);
  });

  test('stream: the last block stays open', () => {
    expect(splitBlocks('para\n\nnext\n', 0, 'stream')).toEqual({ blocks: ['para\n\n'], end: 6 });
    expect(splitBlocks('- a\n\n- b\n', 0, 'stream')).toEqual({ blocks: [], end: 0 });
    expect(splitBlocks('```\na\n\nb\n', 0, 'stream')).toEqual({ blocks: [], end: 0 });
  });

  test('stream: an unclosed $$ keeps everything after it open', () => {
    expect(splitBlocks('intro\n\n$$\na\n- b\n\n', 0, 'stream').blocks).toEqual(['intro\n\n']);
    expect(splitBlocks('$$\na\n- b\n# c\n', 0, 'stream').blocks).toEqual([]);
    expect(splitBlocks('$$\na\n$$\n\nnext\n', 0, 'stream').blocks).toEqual(['$$\na\n$$\n\n']);
  });

  test('a block that follows a paragraph without a blank line joins it', () => {
    expect(splitBlocks('Here:\n```py\nx\n```\n\nend\n', 0, 'final').blocks).toEqual([
      'Here:\n```py\nx\n```\n\n',
      'end\n',
    ]);
  });

  test('starts at an offset', () => {
    expect(splitBlocks('skip\n\na\n\nb\n', 6, 'stream')).toEqual({ blocks: ['a\n\n'], end: 9 });
  });

  test('blank-only text makes no block', () => {
    expect(splitBlocks('\n\n  \n', 0, 'final')).toEqual({ blocks: [], end: 5 });
    expect(splitBlocks('', 0, 'final')).toEqual({ blocks: [], end: 0 });
  });
});

const FRAGMENTS = [
  '# h',
  'para',
  'text *em*',
  '',
  '',
  '- a',
  '- b',
  '  - nested',
  '1. one',
  '2) two',
  '> q',
  '>> qq',
  '```',
  '```py',
  '~~~',
  '    indented',
  '$$',
  '\\[',
  '\\]',
  'x^2',
  '$a$ b',
  '|a|b|',
  '|-|-|',
  '|1|2|',
  '===',
  '---',
  '***',
  '<div>',
  '</div>',
  '<details>',
  '<!--',
  '-->',
  '[a]: /x',
  '[a]',
  'foo [a] bar',
  '#tag',
  '```x`',
  '  continuation',
  '+ plus',
  '* star',
  '<pre>',
  '</pre>',
  '    ',
  '\t- tab',
  '- [ ] t',
  '<script>',
  '</script>',
  '<?php',
  '?>',
  '<!DOCTYPE html>',
  '<![CDATA[',
  ']]>',
  '<x-y>',
  '<img src=x>',
  '[b]:',
  '  /url',
  '  "title"',
  '3. three',
  '  ```',
  '````',
  '> ```',
  '> - a',
  '>',
  '$$x$$',
  '$$ a $$ b',
  '\\\\[',
  'a\\\\',
  '  ',
  '- ',
  '1.',
  '#',
  '## h2 ##',
  'a | b',
  '- a\r',
  '\r',
  'é ü 🙂',
  '***bold***',
  ' ---',
  '<div>text</div>',
  '\\\\]',
];

test('random Markdown in random chunks settles into the blocks of the whole text', () => {
  const random = seededRandom(20261202);
  const failures: string[] = [];
  for (let iteration = 0; iteration < 4000; iteration++) {
    const count = 1 + Math.floor(random() * 14);
    const lines = Array.from(
      { length: count },
      () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!,
    );
    const text = lines.join('\n') + (random() < 0.5 ? '\n' : '');
    const expected = splitBlocks(normalize(text), 0, 'final').blocks;
    const got = splitStreaming(randomChunks(text, random, 6));
    if (JSON.stringify(got) !== JSON.stringify(expected)) failures.push(JSON.stringify(text));
  }
  expect(failures.slice(0, 5)).toEqual([]);
});
