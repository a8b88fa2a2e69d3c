// @vitest-environment jsdom
// Inputs that make Markdown parsers slow or deep. These check only that rendering finishes
// with bounded output and without throwing; timing belongs to the benchmark.
import { describe, expect, test } from 'vitest';
import {
  createStreamingRenderer,
  DEFAULT_RENDER_LIMITS,
  renderMarkdown,
} from '../../../src/render';
import { expectInert, manualFrames, parse } from './render-test-kit';
import { typicalMessage } from './typical-message';

function renderBounded(text: string) {
  const result = renderMarkdown(text);
  const root = parse(result.html);
  expectInert(root);
  // Output grows at most linearly with the Markdown part, plus the formula quota and the
  // escaped plain-text part.
  const { maxMarkdownChars, maxPlainChars, maxFormulas } = DEFAULT_RENDER_LIMITS;
  expect(result.html.length).toBeLessThan(
    40 * Math.min(text.length, maxMarkdownChars) + 3_000 * maxFormulas + 6 * maxPlainChars,
  );
  return { result, root };
}

function depth(root: Element): number {
  let max = 0;
  const walk = (element: Element, d: number) => {
    max = Math.max(max, d);
    for (const child of element.children) walk(child, d + 1);
  };
  walk(root, 0);
  return max;
}

// Heavy inputs under jsdom: generous time so a busy or slow machine does not fail them.
describe('pathological Markdown', { timeout: 60_000 }, () => {
  test('50,000 nested > quotes nest only a dozen deep', () => {
    const { root } = renderBounded('>'.repeat(50_000) + ' deep');
    expect(root.querySelectorAll('blockquote').length).toBe(
      DEFAULT_RENDER_LIMITS.maxNestingPerLine,
    );
    expect(root.textContent).toContain('deep');
  });

  test('50,000 nested list markers', () => {
    const { root } = renderBounded('- '.repeat(50_000) + 'x');
    expect(depth(root)).toBeLessThan(3 * DEFAULT_RENDER_LIMITS.maxNestingPerLine + 10);
  });

  test('lists nested by indentation', () => {
    const lines = Array.from({ length: 200 }, (_, i) => ' '.repeat(i * 2) + '- x');
    renderBounded(lines.join('\n'));
  });

  test('50,000 * and _ characters', () => {
    renderBounded('*'.repeat(50_000));
    renderBounded('*a'.repeat(25_000));
    const { root } = renderBounded('_a'.repeat(25_000));
    expect(root.textContent).toContain('_a_a_a');
  });

  test.each([
    ['brackets', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['unclosed links', '[a]('.repeat(10_000)],
    ['backticks', '`a'.repeat(20_000)],
    ['angle brackets', '<a '.repeat(20_000)],
    ['prices', '$5 '.repeat(20_000)],
    ['display dollars', '$$a '.repeat(2_000)],
    ['math openers', '\\('.repeat(20_000)],
  ])('%s by the ten thousand', (_name, text) => {
    renderBounded(text);
  });

  test('a 1 MB line is cut into Markdown and plain text, both bounded', () => {
    const line = 'lorem ipsum dolor sit amet '.repeat(60_000);
    const { result, root } = renderBounded(line);
    expect(result.truncated).toBe(true);
    const plain = root.querySelector('.cove-md-overflow pre.cove-md-plain')!;
    expect(plain.textContent!.length).toBe(DEFAULT_RENDER_LIMITS.maxPlainChars);
    expect(root.querySelector('.cove-md-overflow .cove-md-notice')!.textContent).toContain(
      'plain text',
    );
    expect(root.querySelectorAll('.cove-md-overflow .cove-md-notice')).toHaveLength(2);
  });

  test('a huge code block is shown without highlighting', () => {
    const code = 'x = 1\n'.repeat(20_000);
    const { result, root } = renderBounded('```python\n' + code + '```');
    expect(root.querySelector('code span')).toBeNull();
    expect(result.codeBlocks[0]!.code).toBe(code.slice(0, -1));
  });

  test('raw HTML with thousands of attributes', () => {
    renderBounded('<div ' + 'a="1" '.repeat(20_000) + '>x</div>');
    renderBounded('<a x="<a x="'.repeat(5_000));
  });

  test('a huge table', () => {
    const table = '| a | b |\n|---|---|\n' + '| 1 | 2 |\n'.repeat(2_000);
    const { root } = renderBounded(table);
    expect(root.querySelectorAll('tr').length).toBe(2_001);
  });
});

describe('a long typical message', () => {
  test('renders whole and streamed alike', () => {
    const text = typicalMessage(30);
    const expected = renderMarkdown(text);
    const root = parse(expected.html);
    expectInert(root);
    expect(expected.blockCount).toBeGreaterThan(100);
    expect(expected.codeBlocks.length).toBeGreaterThanOrEqual(30);
    expect(root.querySelectorAll('.katex').length).toBeGreaterThan(60);
    const container = document.createElement('div');
    const frames = manualFrames();
    const renderer = createStreamingRenderer(container, {
      scheduleFrame: frames.schedule,
      now: () => 0,
    });
    for (let i = 0; i < text.length; i += 40) {
      renderer.append(text.slice(i, i + 40));
      if (i % 400 === 0) frames.run();
    }
    expect(renderer.finalize().html).toBe(expected.html);
    expect(container.innerHTML).toBe(expected.html);
  }, 60_000);
});

describe('pathological structure', { timeout: 60_000 }, () => {
  test('a 2,000-column table over thousands of rows does not allocate millions of cells', () => {
    const text =
      '|' + 'a|'.repeat(2_000) + '\n|' + '-|'.repeat(2_000) + '\n' + '|x\n'.repeat(20_000);
    const root = parse(renderMarkdown(text, { limits: { maxTableCells: 10_000 } }).html);
    expect(root.querySelectorAll('th, td').length).toBeLessThanOrEqual(10_000);
    expect(root.textContent).toContain('|x\n|x');
  }, 60_000);

  test('a quote interleaved with thousands of lazy lines', () => {
    const { root } = renderBounded('> quoted\nlazy\n'.repeat(10_000));
    expect(root.querySelectorAll('blockquote').length).toBeGreaterThan(100);
  });

  test('a list of 5,000 items', () => {
    const { root } = renderBounded('- item\n'.repeat(5_000));
    expect(root.querySelectorAll('li')).toHaveLength(5_000);
  });
});
