// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { sanitizeHtml } from '../../../src/render';
import { isSafeStyle } from '../../../src/render/sanitize';
import { expectInert, parse } from './render-test-kit';

describe('sanitizeHtml (the pass every rendered block goes through)', () => {
  test.each([
    '<img src="https://evil.example/x.png" srcset="https://evil.example/y.png 2x" onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a><a href="https://ok.example" ping="https://evil.example">ok</a>',
    '<svg><use href="#x"></use><image href="https://evil.example/i.png"></image><foreignObject></foreignObject></svg>',
    '<math><mglyph src="https://evil.example/g.png"></mglyph><maction actiontype="toggle"></maction><mi href="https://evil.example">x</mi></math>',
    '<div style="background:url(https://evil.example)">x</div><span style="color:red;position:fixed">y</span>',
    '<form action="https://evil.example"><input type="text" name="q"><button type="submit" formaction="https://evil.example">b</button></form>',
    '<table background="https://evil.example/t.png"><tr><td>c</td></tr></table>',
    '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0"><base href="https://evil.example/">',
    '<p id="location" name="cookie" data-evil="1" aria-label="x">clobber</p>',
  ])('%s', (html) => {
    expectInert(parse(sanitizeHtml(html)));
  });

  test('keeps what the renderer makes', () => {
    const html =
      '<div class="cove-code" data-code-index="0" data-lang="python"><pre class="cove-code-pre"><code class="cove-code-body"><span class="tok-keyword">def</span></code></pre></div>' +
      '<button type="button" class="cove-md-image-placeholder" data-image-src="https://i.example/a.png" data-image-host="i.example" data-image-alt="a">Load</button>' +
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">a</a>' +
      '<span class="katex"><span class="vlist" style="height:1.2em;top:-2.5em;">x</span></span>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  test('any input becomes a disabled checkbox, any button a plain button', () => {
    const root = parse(
      sanitizeHtml('<input type="text" value="v"><button type="submit">b</button>'),
    );
    expect(root.querySelector('input')!.outerHTML).toBe('<input type="checkbox" disabled="">');
    expect(root.querySelector('button')!.getAttribute('type')).toBe('button');
  });
});

describe('isSafeStyle', () => {
  test.each([
    'height:1.2em;vertical-align:-0.25em;',
    'top:-3.063em;margin-right:0.05em;',
    'color:#cc0000',
    'border: 0.04em solid red',
    'width:calc(100% - 0.2em)',
    'position:relative',
    'text-shadow: 0.02em 0.01em 0.04px',
  ])('allows %j', (style) => {
    expect(isSafeStyle(style)).toBe(true);
  });

  test.each([
    'background:url(https://evil.example)',
    'background-image:url("x")',
    'color:red;background:u\\72l(x)',
    'position:fixed',
    'width:expression(alert(1))',
    'behavior:url(x.htc)',
    'content:"x"',
    'color: var(--x)',
    'font-family: a',
    'height:1em!important',
  ])('refuses %j', (style) => {
    expect(isSafeStyle(style)).toBe(false);
  });
});
