// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest';
import { createStreamingRenderer, renderMarkdown } from '../../../src/render';
import type { StreamingRendererOptions } from '../../../src/render';
import { expectInert, manualFrames, randomChunks, seededRandom } from './render-test-kit';
import { typicalMessage } from './typical-message';

function setup(options: StreamingRendererOptions = {}) {
  const container = document.createElement('div');
  const frames = manualFrames();
  const renderer = createStreamingRenderer(container, {
    scheduleFrame: frames.schedule,
    now: () => 0,
    ...options,
  });
  return { container, frames, renderer };
}

const CORPUS = [
  '# Title\n\nPara one with *em* and `code`.\nSecond line.\n\n- a\n- b\n\n  continued\n- c\n\n1. x\n2. y\n\n> quote\nlazy\n\n```py\nx = 1\n\ny = 2\n```\n\nAfter.\n',
  'Foo\n===\n\nbar\n---\n\n***\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\ntext\n',
  'See [the docs][d] and [other].\n\n[d]: https://example.com "Docs"\n[other]: /x\n\n[d]\n',
  '$$\nx^2\n- y\n$$\n\nand $a$ and $$b$$ and \\(c\\) and \\[d\\].\n\n$$\nunclosed\n\nnext para\n',
  'text\n    not code\n\n    code\n\n    more code\n\nend',
  '<details>\n<summary>S</summary>\n\nbody\n\n</details>\n\n<div>\n*x*\n</div>\n\nok',
  '- a\n  - b\n    - c\n\n      para in c\n\n- d\n\n```\nunclosed fence\n\nstill code',
  'Line with trailing spaces  \nnext\\\nthird\n\n#not heading\n# heading\n\n```js title="a.js"\nconst a = `x`;\n```\n~~~\ntilde\n~~~\n',
  'a\r\nb\r\n\r\nc\rd\n\n\u0000nul',
  '* * *\n- - -\n_ _ _\n\n+ plus\n+ list\n\n10) ordered\n11) paren\n\n<!-- comment -->\n\nx',
  'Here is code:\n```python\nprint(1)\n```\nand a table right after text:\n| a |\n|---|\n| 1 |\n',
  // Raw closing tags with nothing open: in a batch sanitized at once they must not close
  // the wrappers of the blocks around them.
  'a\n\n</div>\n\n</div></div>b\n\n<div>open\n\nc </p></td> d\n\n</details>\n\ne\n',
  typicalMessage(2),
];

describe('streaming equals one-shot', () => {
  test.each(CORPUS.map((text, i) => [i, text] as const))(
    'corpus %i in many random chunkings',
    (_i, text) => {
      const expected = renderMarkdown(text);
      const seeds = text.length > 2000 ? 3 : 12;
      for (let seed = 1; seed <= seeds; seed++) {
        const random = seededRandom(seed * 7919 + text.length);
        const { container, frames, renderer } = setup();
        for (const chunk of randomChunks(text, random)) {
          renderer.append(chunk);
          if (random() < 0.5) frames.run();
        }
        const result = renderer.finalize();
        expect(result.html).toBe(expected.html);
        expect(container.innerHTML).toBe(expected.html);
        expect(result.codeBlocks).toEqual(expected.codeBlocks);
        expect(result.blockCount).toBe(expected.blockCount);
      }
    },
    60_000,
  );

  test('complete() finishes in frames and resolves with the same result', async () => {
    const text = CORPUS[0]! + CORPUS[7]!;
    const { container, frames, renderer } = setup();
    renderer.append(text);
    const done = renderer.complete();
    while (frames.pending) frames.run();
    const result = await done;
    expect(result.html).toBe(renderMarkdown(text).html);
    expect(container.innerHTML).toBe(result.html);
    expect(renderer.finalized).toBe(true);
    expect(() => renderer.append('x')).toThrow();
  });
});

describe('frames', () => {
  test('the first delta is on screen after one frame; deltas are batched per frame', () => {
    const { container, frames, renderer } = setup();
    renderer.append('Hel');
    renderer.append('lo **wor');
    expect(frames.pending).toBe(1);
    expect(container.textContent).toBe('');
    frames.run();
    expect(container.textContent!.trim()).toBe('Hello **wor');
    renderer.append('ld**');
    frames.run();
    expect(container.querySelector('strong')!.textContent).toBe('world');
    expect(frames.pending).toBe(0);
  });

  test('a burst beyond the frame budget is shown as text, then rendered over the next frames', () => {
    let time = 0;
    const { container, frames, renderer } = setup({ now: () => (time += 5), frameBudgetMs: 8 });
    const text =
      Array.from({ length: 20 }, (_, i) => `Paragraph **${i}**.`).join('\n\n') + '\n\nopen';
    renderer.append(text);
    frames.run();
    const settled = container.querySelectorAll('.cove-md-block:not(.cove-md-open)').length;
    expect(settled).toBeGreaterThan(0);
    expect(settled).toBeLessThan(20);
    const standIns = [...container.querySelectorAll('.cove-md-pending')];
    expect(standIns.map((element) => element.textContent).join('')).toContain('Paragraph **19**.');
    expect(container.textContent).not.toContain('Paragraph **0**.');
    // Each pending block stands alone, so a later frame replaces it without redoing the rest.
    frames.run();
    const kept = standIns.filter((element) => container.contains(element));
    expect(kept.length).toBeLessThan(standIns.length);
    expect(kept).toContain(standIns.at(-2));
    let guard = 0;
    while (frames.pending && guard++ < 100) frames.run();
    expect(container.querySelectorAll('strong')).toHaveLength(20);
    expect(container.querySelector('.cove-md-pending')).toBeNull();
    expect(renderer.finalize().html).toBe(renderMarkdown(text).html);
  });

  test('a backlog is worked off in tasks between frames; the open end waits for a frame', () => {
    let time = 0;
    const tasks = manualFrames();
    const { container, frames, renderer } = setup({
      now: () => (time += 5),
      frameBudgetMs: 8,
      scheduleTask: tasks.schedule,
    });
    const text =
      Array.from({ length: 20 }, (_, i) => `Paragraph **${i}**.`).join('\n\n') + '\n\nopen *end';
    renderer.append(text);
    frames.run();
    const afterFrame = container.querySelectorAll('strong').length;
    expect(afterFrame).toBeLessThan(20);
    expect(tasks.pending).toBe(1);
    let guard = 0;
    while (tasks.pending && guard++ < 100) tasks.run();
    // Every settled block is rendered without another frame; the open end (the last
    // paragraph and the line after it) is still the plain stand-in.
    expect(container.querySelectorAll('.cove-md-block:not(.cove-md-open) strong')).toHaveLength(19);
    expect(container.querySelector('.cove-md-open')!.textContent).toBe(
      'Paragraph **19**.\n\nopen *end',
    );
    frames.run();
    expect(container.querySelector('.cove-md-pending')).toBeNull();
    expect(container.querySelectorAll('strong')).toHaveLength(20);
    renderer.append('*');
    expect(tasks.pending).toBe(0); // no backlog: the open end is drawn in a frame
    guard = 0;
    while (frames.pending && guard++ < 100) frames.run();
    expect(tasks.pending).toBe(0);
    expect(container.querySelector('.cove-md-open em')!.textContent).toBe('end');
    expect(renderer.finalize().html).toBe(renderMarkdown(`${text}*`).html);
  });

  test('drawNow draws at once within the budget and leaves the rest to frames', () => {
    let time = 0;
    const { container, frames, renderer } = setup({ now: () => (time += 5), frameBudgetMs: 8 });
    const text = Array.from({ length: 20 }, (_, i) => `Paragraph *${i}*.`).join('\n\n');
    renderer.append(text);
    renderer.drawNow();
    expect(container.querySelectorAll('em').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('em').length).toBeLessThan(20);
    expect(container.textContent).toContain('Paragraph *19*.');
    expect(frames.pending).toBe(1);
    let guard = 0;
    while (frames.pending && guard++ < 100) frames.run();
    expect(container.querySelectorAll('em')).toHaveLength(20);
    expect(renderer.finalize().html).toBe(renderMarkdown(text).html);
  });

  test('input waiting ends a frame after one block', () => {
    let waiting = true;
    const { container, frames, renderer } = setup({ inputPending: () => waiting });
    const text = Array.from({ length: 6 }, (_, i) => `Paragraph *${i}*.`).join('\n\n');
    renderer.append(`${text}\n\nopen`);
    frames.run();
    expect(container.querySelectorAll('em')).toHaveLength(1);
    expect(container.textContent).toContain('Paragraph *5*.');
    waiting = false;
    frames.run();
    expect(container.querySelectorAll('em')).toHaveLength(6);
    expect(renderer.finalize().html).toBe(renderMarkdown(`${text}\n\nopen`).html);
  });

  test('an expensive open block backs off instead of re-rendering every frame', () => {
    let time = 0;
    let cost = 0;
    const { container, frames, renderer } = setup({ now: () => (time += cost) });
    renderer.append('```py\n');
    cost = 10; // every clock read now advances 10 ms: rendering looks slow
    for (let i = 0; i < 6; i++) {
      renderer.append(`x = ${i}\n`);
      frames.run();
    }
    const shown = container.querySelector('code')!.textContent!;
    expect(shown.split('\n').length).toBeLessThan(7);
    cost = 0;
    time += 1000;
    frames.run();
    expect(container.querySelector('code')!.textContent).toContain('x = 5');
    renderer.finalize();
  });

  test('dispose stops scheduled work', () => {
    const { container, frames, renderer } = setup();
    renderer.append('text');
    renderer.dispose();
    frames.run();
    expect(container.textContent).toBe('');
    expect(() => renderer.append('more')).toThrow();
  });
});

describe('blocks and code blocks while streaming', () => {
  test('settled blocks keep their element and key; only the open end changes', () => {
    const { container, frames, renderer } = setup();
    renderer.append('# Title\n\nFirst para.\n\n');
    frames.run();
    renderer.append('Second');
    frames.run();
    const title = container.querySelector('[data-block-key="b0"]');
    expect(title!.textContent).toBe('Title\n');
    title!.setAttribute('data-ui', 'wired');
    renderer.append(' para.\n\n```py\nprint(1)\n```\n\nEnd.');
    frames.run();
    renderer.finalize();
    expect(container.querySelector('[data-block-key="b0"]')).toBe(title);
    expect(title!.getAttribute('data-ui')).toBe('wired');
    expect([...container.children].map((c) => c.getAttribute('data-block-key'))).toEqual([
      'b0',
      'b1',
      'b2',
      'b3',
      'b4',
    ]);
  });

  test('a code fence open across chunks streams in the open block, then settles with the same index', () => {
    const onBlock = vi.fn();
    const { container, frames, renderer } = setup({ onBlock });
    renderer.append('Intro.\n\n``');
    frames.run();
    renderer.append('`pyth');
    frames.run();
    renderer.append('on\ndef f():\n');
    frames.run();
    let open = container.querySelector('.cove-md-open')!;
    expect(open.querySelector('.cove-code')!.getAttribute('data-code-index')).toBe('0');
    expect(open.querySelector('.cove-code')!.getAttribute('data-lang')).toBe('python');
    // Highlighted once it settles, not on every frame while it grows.
    expect(open.querySelector('.cove-code-body')!.innerHTML).toBe('def f():');
    expect(renderer.codeBlock(0)).toMatchObject({
      code: 'def f():',
      complete: false,
      blockKey: 'open',
    });
    renderer.append('    return 1\n``');
    frames.run();
    expect(renderer.codeBlock(0)!.code).toBe('def f():\n    return 1\n``');
    renderer.append('`\n\nAfter.\n');
    frames.run();
    open = container.querySelector('.cove-md-open')!;
    expect(open.textContent).toBe('After.\n');
    const settled = container.querySelector('[data-block-key="b1"] .cove-code')!;
    expect(settled.getAttribute('data-code-index')).toBe('0');
    expect(settled.querySelector('.tok-keyword')!.textContent).toBe('def');
    expect(renderer.codeBlock(0)).toMatchObject({
      code: 'def f():\n    return 1',
      complete: true,
      blockKey: 'b1',
    });
    expect(onBlock.mock.calls.map(([, info]) => info.key)).toEqual(['b0', 'b1']);
    expect(onBlock.mock.calls[1]![0]).toBe(container.querySelector('[data-block-key="b1"]'));
    expect(onBlock.mock.calls[1]![1].codeBlocks[0].code).toBe('def f():\n    return 1');
    const result = renderer.finalize();
    expect(result.codeBlocks.map((b) => b.code)).toEqual(['def f():\n    return 1']);
    expect(renderer.codeBlocks()).toEqual(result.codeBlocks);
  });

  test('formulas of the open block show as source until it settles', () => {
    const { container, frames, renderer } = setup();
    renderer.append('Area $a^2$ here');
    frames.run();
    const open = container.querySelector('.cove-md-open')!;
    expect(open.querySelector('.katex')).toBeNull();
    expect(open.querySelector('.cove-math-source')!.textContent).toBe('$a^2$');
    renderer.append('.\n\nNext\n');
    frames.run();
    expect(container.querySelector('[data-block-key="b0"] .katex')).not.toBeNull();
    expect(renderer.finalize().html).toBe(renderMarkdown('Area $a^2$ here.\n\nNext\n').html);
  });

  test('an open $$ block does not let the lines inside it settle as Markdown', () => {
    const { container, frames, renderer } = setup();
    renderer.append('$$\na\n- b\n');
    frames.run();
    renderer.append('c\n');
    frames.run();
    expect(container.querySelectorAll('.cove-md-block:not(.cove-md-open)')).toHaveLength(0);
    renderer.append('$$\n\nnext\n');
    frames.run();
    expect(container.querySelector('[data-block-key="b0"] .cove-math-block')).not.toBeNull();
    renderer.finalize();
  });

  test('a reference definition after its use links the earlier block at finalize', () => {
    const onBlock = vi.fn();
    const { container, frames, renderer } = setup({ onBlock });
    renderer.append('See [docs].\n\nMore text.\n\n');
    frames.run();
    expect(container.querySelector('a')).toBeNull();
    renderer.append('[docs]: https://docs.example\n');
    frames.run();
    const result = renderer.finalize();
    expect(container.querySelector('[data-block-key="b0"] a')!.getAttribute('href')).toBe(
      'https://docs.example',
    );
    expect(result.html).toBe(
      renderMarkdown('See [docs].\n\nMore text.\n\n[docs]: https://docs.example\n').html,
    );
    expect(onBlock.mock.calls.filter(([, info]) => info.key === 'b0')).toHaveLength(2);
  });

  test('a throwing onBlock callback does not stop rendering', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container, renderer } = setup({
      onBlock: () => {
        throw new Error('ui bug');
      },
    });
    renderer.append('a\n\nb\n\nc');
    renderer.finalize();
    expect(container.querySelectorAll('p')).toHaveLength(3);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  test('finalize is idempotent and append afterwards throws', () => {
    const { renderer } = setup();
    renderer.append('x');
    const first = renderer.finalize();
    expect(renderer.finalize()).toBe(first);
    expect(() => renderer.append('y')).toThrow();
  });

  // Invariant 9: rendering untrusted text runs no script and loads nothing.
  test('nothing unsanitized reaches the open block', () => {
    const { container, frames, renderer } = setup();
    const text =
      'a <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![i](https://evil.example/i.png)\n\n```html\n<script>alert(1)</script>';
    for (const ch of text) {
      renderer.append(ch);
      frames.run();
      expectInert(container);
    }
    expect(container.querySelector('.cove-md-open script')).toBeNull();
    renderer.finalize();
    expectInert(container);
  });
});

describe('long messages while streaming', () => {
  test('text past the Markdown limit streams into the plain-text overflow', () => {
    const limits = { maxMarkdownChars: 200, maxPlainChars: 300 };
    const text =
      'word '.repeat(30) + '\n\n' + '**b** '.repeat(30) + '\n\n' + 'tail <b>x</b> '.repeat(40);
    const { container, frames, renderer } = setup({ limits });
    for (let i = 0; i < text.length; i += 17) {
      renderer.append(text.slice(i, i + 17));
      frames.run();
      expectInert(container);
    }
    expect(
      container.querySelector('.cove-md-overflow pre.cove-md-plain')!.textContent!.length,
    ).toBe(300);
    const result = renderer.finalize();
    const expected = renderMarkdown(text, { limits });
    expect(result.html).toBe(expected.html);
    expect(container.innerHTML).toBe(expected.html);
    expect(result.truncated).toBe(true);
    const notices = [...container.querySelectorAll('.cove-md-overflow .cove-md-notice')].map(
      (n) => n.textContent,
    );
    expect(notices).toEqual([
      'This message is longer than 200 characters; the rest is shown as plain text.',
      `${text.length - markdownLength(text, 200) - 300} more characters are not shown.`,
    ]);
  });
});

/** Where the Markdown part of `text` ends for `max` (the cut moves back to a line end). */
function markdownLength(text: string, max: number): number {
  const newline = text.lastIndexOf('\n', max - 1);
  return newline >= max - 4096 && newline >= 0 ? newline + 1 : max;
}
