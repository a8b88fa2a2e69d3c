import { describe, expect, test } from 'vitest';
import { classifyImageSource, safeLinkHref } from '../../../src/render/url-policy';

describe('safeLinkHref', () => {
  test.each([
    ['https://a.example/x?y=1', 'https://a.example/x?y=1'],
    ['http://a.example', 'http://a.example'],
    ['mailto:me@a.example', 'mailto:me@a.example'],
    ['#section', '#section'],
    ['/path', '/path'],
    ['src/main.py', 'src/main.py'],
    ['https://a.example/a b', 'https://a.example/a%20b'],
    ['https://a.example/?q=a&amp;b', 'https://a.example/?q=a&b'],
  ])('allows %s', (input, expected) => {
    expect(safeLinkHref(input)).toBe(expected);
  });

  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6a;avascript&#x3a;alert(1)',
    'javascript&colon;alert(1)',
    'jav&Tab;ascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://a.example/x',
  ])('refuses %j', (input) => {
    expect(safeLinkHref(input)).toBeNull();
  });

  test('autolinks are taken literally', () => {
    expect(safeLinkHref('https://a.example/?a=1&amp;b=2', false)).toBe(
      'https://a.example/?a=1&amp;b=2',
    );
  });
});

describe('classifyImageSource', () => {
  test('remote images report their ASCII host', () => {
    expect(classifyImageSource('https://evil.example/x.png?k=v')).toEqual({
      kind: 'remote',
      url: 'https://evil.example/x.png?k=v',
      host: 'evil.example',
    });
    expect(classifyImageSource('//cdn.example/a.png')).toMatchObject({
      kind: 'remote',
      host: 'cdn.example',
    });
    expect(classifyImageSource('https://bücher.example/a.png')).toMatchObject({
      host: 'xn--bcher-kva.example',
    });
  });

  test('raster data URIs are inline; everything else is blocked', () => {
    expect(classifyImageSource('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      kind: 'inline',
      url: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(classifyImageSource('data:image/webp;base64,UklGRg==').kind).toBe('inline');
    for (const source of [
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png,not-base64',
      'javascript:alert(1)',
      'x.png',
      '/local.png',
      'file:///x.png',
      'https://',
    ]) {
      expect(classifyImageSource(source).kind, source).toBe('blocked');
    }
  });
});
