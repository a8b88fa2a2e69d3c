// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { renderMarkdown } from '../../../src/render';
import { expectInert, parse } from './render-test-kit';

function render(markdown: string): HTMLElement {
  const root = parse(renderMarkdown(markdown).html);
  expectInert(root);
  return root;
}

/** The TeX of each formula, from KaTeX's MathML annotation. */
function formulas(root: HTMLElement): string[] {
  return [...root.querySelectorAll('annotation')].map((a) => a.textContent!.trim());
}

describe('math delimiters', () => {
  test('$…$ and \\(…\\) are inline, $$…$$ and \\[…\\] display', () => {
    const root = render('a $x^2$ b \\(y_1\\) c $$\\sum_i i$$ d \\[\\int f\\] e');
    expect(formulas(root)).toEqual(['x^2', 'y_1', '\\sum_i i', '\\int f']);
    expect(root.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(root.querySelector('p')!.textContent).toMatch(/^a .* e$/);
  });

  test('display math on lines of its own is a block', () => {
    const root = render('Before.\n\n$$\n\\frac{a}{b}\n$$\n\nand\n\n\\[\nE = mc^2\n\\]\n');
    const blocks = root.querySelectorAll('.cove-math-block .katex-display');
    expect(blocks).toHaveLength(2);
    expect(formulas(root)).toEqual(['\\frac{a}{b}', 'E = mc^2']);
  });

  test('display math right after a line of text stays in that paragraph', () => {
    const root = render('The formula is:\n$$\nE = mc^2\n$$\nas shown.');
    expect(root.querySelectorAll('p .katex-display')).toHaveLength(1);
  });

  test('Markdown inside math is left to TeX', () => {
    const root = render('$a*b*c$ and $x_1 + y_2 = z_3$ and *$a*b$*');
    expect(formulas(root)).toEqual(['a*b*c', 'x_1 + y_2 = z_3', 'a*b']);
    expect(root.querySelector('em')!.querySelector('.katex')).not.toBeNull();
  });

  test.each([
    'It costs $5 and $10.',
    'Between $20,000 and $30,000 a year.',
    'Pay $5, or $10 later.',
    'A lone $ sign and $ another.',
    'Escaped \\$x\\$ is text.',
    'Price: $ 5$ is not math (space after the opening $).',
    'Code `$x$` is code.',
  ])('no math in: %s', (markdown) => {
    expect(render(markdown).querySelector('.katex')).toBeNull();
  });

  test('a $ inside a formula can be escaped', () => {
    expect(formulas(render('$\\$5 + x$'))).toEqual(['\\$5 + x']);
  });

  test('an unclosed $$ block is text', () => {
    const root = render('$$\nx^2\n\nno close');
    expect(root.querySelector('.katex')).toBeNull();
    expect(root.textContent).toContain('$$');
  });
});

describe('bad or hostile TeX', () => {
  test('a TeX error shows the source in an error span instead of throwing', () => {
    const root = render('before $x^{$ after $\\frac{1}{$ end');
    const errors = root.querySelectorAll('.katex-error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.textContent).toBe('x^{');
    expect(errors[0]!.getAttribute('title')).toMatch(/ParseError/);
  });

  test('unknown commands render as red text', () => {
    expect(render('$\\notacommand{x}$').querySelector('.katex-error, .katex')).not.toBeNull();
  });

  test('macro bombs stop at the expansion limit', () => {
    const root = render(
      '$\\def\\a{\\a\\a}\\a$ $\\def\\b#1{#1#1#1#1}\\b{\\b{\\b{\\b{\\b{\\b{\\b{x}}}}}}}$',
    );
    expect(root.querySelectorAll('.katex-error')).toHaveLength(2);
    expect(root.querySelector('.katex-error')!.getAttribute('title')).toMatch(
      /maxExpand|expansions/i,
    );
  });

  test('user sizes are capped', () => {
    const root = render('$\\rule{1000em}{1000em}$');
    expect(root.querySelector('mspace')!.getAttribute('width')).toBe('20em');
  });

  test('formulas over the length limit are not typeset', () => {
    const tex = 'x+'.repeat(5000) + 'x';
    const root = parse(renderMarkdown(`$$${tex}$$`, { limits: { maxTexChars: 1000 } }).html);
    expect(root.querySelector('.katex')).toBeNull();
    expect(root.querySelector('.cove-math-error')!.textContent).toBe(tex);
  });

  test('formulas past the per-message quota are shown as their source', () => {
    const text = Array.from({ length: 5 }, (_, i) => `Para $x_${i}$ and $y_${i}$.`).join('\n\n');
    const root = parse(renderMarkdown(text, { limits: { maxFormulas: 3 } }).html);
    expect(root.querySelectorAll('.katex')).toHaveLength(3);
    expect([...root.querySelectorAll('.cove-math-source')].map((s) => s.textContent)).toEqual([
      '$y_1$',
      '$x_2$',
      '$y_2$',
      '$x_3$',
      '$y_3$',
      '$x_4$',
      '$y_4$',
    ]);
  });

  test('deeply nested braces do not throw', () => {
    const tex = '{'.repeat(3000) + 'x' + '}'.repeat(3000);
    const root = render(`$$${tex}$$`);
    expect(root.querySelector('.katex, .katex-error, .cove-math-error')).not.toBeNull();
  });

  test('trusted commands make no links, images or classes', () => {
    const root = render(
      '$\\href{https://a.example}{x}$ $\\url{https://a.example}$ $\\includegraphics{x.png}$ $\\htmlClass{evil}{x}$',
    );
    expect(root.querySelector('a, img, .evil')).toBeNull();
  });

  test('KaTeX inline styles hold no url()', () => {
    const root = render(
      '$\\color{red}{x}$ $\\colorbox{yellow}{y}$ $\\fcolorbox{red}{blue}{z}$ $\\sqrt{x}$ $\\overrightarrow{AB}$',
    );
    const styles = [...root.querySelectorAll('[style]')].map((e) => e.getAttribute('style')!);
    expect(styles.length).toBeGreaterThan(5);
    for (const style of styles) expect(style).not.toMatch(/url\(|\\/i);
    const radical = root.querySelector('svg')!;
    expect(radical.closest('.katex')).not.toBeNull();
    expect(radical.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  });
});
