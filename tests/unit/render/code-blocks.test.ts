// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import {
  highlightToHtml,
  parseCodeInfo,
  renderMarkdown,
  resolveCodeLanguage,
} from '../../../src/render';
import { expectInert, parse } from './render-test-kit';

function tokens(html: string): [string, string][] {
  return [...parse(html).querySelectorAll('span')].map((s) => [s.className, s.textContent!]);
}

describe('highlighting with the editor grammars', () => {
  test('python gets tok-* classes and no inline styles', () => {
    const html = highlightToHtml('def f(x):\n    return "hi"  # note\n', 'python', 64_000);
    const found = tokens(html);
    expect(found).toContainEqual(['tok-keyword', 'def']);
    expect(found).toContainEqual(['tok-variableName tok-definition', 'f']);
    expect(found).toContainEqual(['tok-keyword', 'return']);
    expect(found).toContainEqual(['tok-string', '"hi"']);
    expect(found).toContainEqual(['tok-comment', '# note']);
    expect(html).not.toMatch(/style=/);
    expect(parse(html).textContent).toBe('def f(x):\n    return "hi"  # note\n');
  });

  test.each([
    ['javascript', 'const a = 1; // c', 'tok-keyword', 'const'],
    ['typescript', 'let x: number = 2;', 'tok-typeName', 'number'],
    ['jsx', 'const e = <div className="a">hi</div>;', 'tok-typeName', 'div'],
    ['tsx', 'const e: JSX.Element = <b>x</b>;', 'tok-keyword', 'const'],
    ['json', '{"a": [1, true, null]}', 'tok-propertyName', '"a"'],
    ['markdown', '# Title\n\n*em*', 'tok-heading', 'Title'],
    ['html', '<p class="x">t</p><script>let y = 1;</script>', 'tok-typeName', 'p'],
    ['css', 'a { color: red; }', 'tok-propertyName', 'color'],
  ] as const)('%s', (language, code, className, text) => {
    const found = tokens(highlightToHtml(code, language, 64_000));
    expect(
      found.some(([c, t]) => c.split(' ').includes(className) && t.includes(text)),
      JSON.stringify(found),
    ).toBe(true);
  });

  test('unknown languages, and code over the limit, are escaped text', () => {
    expect(highlightToHtml('<b>x</b> & y', null, 64_000)).toBe('&lt;b&gt;x&lt;/b&gt; &amp; y');
    expect(highlightToHtml('def f(): pass', 'python', 5)).toBe('def f(): pass');
  });

  test('language names and aliases', () => {
    expect(
      ['py', 'Python3', 'js', 'mjs', 'ts', 'tsx', 'jsx', 'jsonc', 'md', 'htm', 'CSS'].map(
        resolveCodeLanguage,
      ),
    ).toEqual([
      'python',
      'python',
      'javascript',
      'javascript',
      'typescript',
      'tsx',
      'jsx',
      'json',
      'markdown',
      'html',
      'css',
    ]);
    expect(resolveCodeLanguage('rust')).toBeNull();
  });
});

describe('code block frames for the UI', () => {
  const message = [
    'Intro',
    '',
    '```python main.py',
    'print("a")',
    '```',
    '',
    '- item',
    '',
    '  ```js',
    '  console.log(1)',
    '  ```',
    '',
    '```',
    '<b>plain</b>',
    '',
    '```',
    '',
    '```rust',
    'fn main() {}',
    '```',
  ].join('\n');

  test('each code block has a wrapper with index, language and a toolbar', () => {
    const root = parse(renderMarkdown(message).html);
    expectInert(root);
    const frames = [...root.querySelectorAll('.cove-code')];
    expect(
      frames.map((f) => [f.getAttribute('data-code-index'), f.getAttribute('data-lang')]),
    ).toEqual([
      ['0', 'python'],
      ['1', 'javascript'],
      ['2', ''],
      ['3', 'rust'],
    ]);
    expect(frames[0]!.getAttribute('data-filename')).toBe('main.py');
    for (const frame of frames) {
      expect(frame.querySelector(':scope > .cove-code-toolbar > .cove-code-lang')).not.toBeNull();
      expect(
        frame.querySelector(':scope > pre.cove-code-pre > code.cove-code-body'),
      ).not.toBeNull();
    }
    expect(frames[2]!.querySelector('.cove-code-lang')!.textContent).toBe('text');
    expect(frames[2]!.querySelector('code')!.textContent).toBe('<b>plain</b>\n');
    expect(frames[3]!.querySelector('code span')).toBeNull();
  });

  test('the raw source of block N comes with the result, exactly as written', () => {
    const { codeBlocks } = renderMarkdown(message);
    expect(codeBlocks.map((b) => [b.index, b.lang, b.code, b.complete])).toEqual([
      [0, 'python', 'print("a")', true],
      [1, 'javascript', 'console.log(1)', true],
      [2, '', '<b>plain</b>\n', true],
      [3, 'rust', 'fn main() {}', true],
    ]);
    expect(codeBlocks[0]!.filename).toBe('main.py');
    expect(codeBlocks[0]!.blockKey).toBe('b1');
    expect(codeBlocks[0]!.info).toBe('python main.py');
  });

  test('code keeps backslashes, entities and tabs', () => {
    const code = 'a = "\\\\n"  # &amp; \\*not emphasis\\*\n\tindented';
    const { codeBlocks, html } = renderMarkdown('```py\n' + code + '\n```');
    expect(codeBlocks[0]!.code).toBe(code);
    expect(parse(html).querySelector('code')!.textContent).toBe(code);
  });

  test.each([
    ['python', { lang: 'python' }],
    ['py main.py', { lang: 'python', filename: 'main.py' }],
    ['python:src/app.py', { lang: 'python', filename: 'src/app.py' }],
    ['ts title="a b.ts"', { lang: 'typescript', filename: 'a b.ts' }],
    ['main.py', { lang: 'python', filename: 'main.py' }],
    ['Dockerfile', { lang: 'dockerfile' }],
    ['bash {.class}', { lang: 'bash' }],
    ['<script>', { lang: 'script' }],
    ['', { lang: '' }],
  ])('info string %j', (info, expected) => {
    expect(parseCodeInfo(info)).toEqual(expected);
  });
});
