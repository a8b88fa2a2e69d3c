import { describe, expect, test } from 'vitest';
import { filterRawHtml } from '../../../src/render/raw-html';

describe('filterRawHtml', () => {
  test.each([
    ['<kbd>', '<kbd>'],
    ['</KBD>', '</kbd>'],
    ['<b class="x" onclick="alert(1)">', '<b>'],
    ['<br/>', '<br>'],
    ['</br>', ''],
    ['<center>', '<div>'],
    ['<details open>', '<details open>'],
    ['<td colspan="2" rowspan=x>', '<td colspan="2">'],
    ['<ol start="3">', '<ol start="3">'],
    ['<script>', '&lt;script&gt;'],
    ['<svg onload=alert(1)>', '&lt;svg onload=alert(1)&gt;'],
    ['<iframe src="https://evil.example">', '&lt;iframe src="https://evil.example"&gt;'],
    ['<!-- hidden -->', ''],
    ['<?php echo 1; ?>', ''],
    ['<!DOCTYPE html>', ''],
    ['a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
    ['&amp; &copy; &#60;', '&amp; &copy; &#60;'],
  ])('%j → %j', (input, output) => {
    expect(filterRawHtml(input)).toBe(output);
  });

  test('links keep only a safe href and always open in a new tab', () => {
    expect(filterRawHtml('<a href="https://a.example" title="t" target="_self" onclick="x">')).toBe(
      '<a href="https://a.example" title="t" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(filterRawHtml('<a href="javascript:alert(1)">')).toBe('<a>');
    expect(filterRawHtml('<a href="&#106;avascript:alert(1)">')).toBe('<a>');
    expect(filterRawHtml('<a name="x">')).toBe('<a>');
  });

  test('images become placeholders', () => {
    expect(filterRawHtml('<img src="https://i.example/a.png" alt="A" onerror=alert(1)>')).toContain(
      'data-image-src="https://i.example/a.png"',
    );
    expect(filterRawHtml('<img src=x onerror=alert(1)>')).toBe(
      '<span class="cove-md-image-blocked">[image]</span>',
    );
  });

  test('a block with text and tags', () => {
    expect(filterRawHtml('<div>\n<script>alert(1)</script>\n</div>\n')).toBe(
      '<div>\n&lt;script&gt;alert(1)&lt;/script&gt;\n</div>\n',
    );
  });
});

describe('adversarial raw HTML finishes and stays text', () => {
  test.each([
    ['unclosed comments', '<!--'.repeat(20_000)],
    ['unclosed processing instructions', '<?'.repeat(40_000)],
    ['unclosed CDATA', '<![CDATA['.repeat(10_000)],
    ['unclosed declarations', '<!A'.repeat(30_000)],
    ['an unclosed tag with many attributes', '<a' + ' b=c'.repeat(20_000)],
    ['an unclosed quoted value', '<a b="' + 'x'.repeat(90_000)],
    ['tags inside quoted values', '<a b="<a b="'.repeat(8_000)],
    ['many unfinished tags', '<a '.repeat(30_000)],
  ])('%s', (_name, html) => {
    const out = filterRawHtml(html);
    expect(out).not.toMatch(/<(?!\/?(?:a|b)>)/);
  });

  test('a comment closed late still drops only itself', () => {
    expect(filterRawHtml('<!-- a <!-- b --> c')).toBe(' c');
    expect(filterRawHtml('x <!--> y <!---> z')).toBe('x  y  z');
  });
});
