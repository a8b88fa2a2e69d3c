import { describe, expect, it } from 'vitest';
import type { FileContent } from '../../../../src/store/records';
import { buildPreviewPage, type PreviewPage } from '../../../../src/workspace/preview/preview-page';
import { resolveReference } from '../../../../src/workspace/preview/workspace-reference';

const POLICY = "default-src 'none'; connect-src 'none'";

function build(files: Record<string, FileContent>, entry = 'index.html') {
  return buildPreviewPage(entry, async (path) => files[path], POLICY);
}

/** The document as the frame writes it, with `SCRIPT<n>` where script n's blob: URL goes. */
function html(page: PreviewPage): string {
  return page.parts
    .map((part) => (typeof part === 'number' ? ` src="SCRIPT${part}"` : part))
    .join('');
}

/** Script n's text with its imports replaced by `SCRIPT<m>`, as the frame does with URLs. */
function linked(page: PreviewPage, index: number): string {
  const script = page.scripts[index]!;
  let text = script.text;
  for (const found of [...script.imports].reverse()) {
    text = text.slice(0, found.start) + `SCRIPT${found.script}` + text.slice(found.end);
  }
  return text;
}

describe('the preview document builder', () => {
  it('puts the policy first, after the doctype, before anything that could load', async () => {
    const page = await build({
      'index.html': '<!DOCTYPE html>\n<html><head><title>T</title></head><body>Hi</body></html>',
    });
    const text = html(page);
    expect(text.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"')).toBe(true);
    expect(text).toContain(`content="default-src 'none'; connect-src 'none'"`);
    expect(text).toContain('<body>Hi</body>');
    const bare = html(await build({ 'index.html': '<p>no doctype</p>' }));
    expect(bare.startsWith('<meta http-equiv="Content-Security-Policy"')).toBe(true);
  });

  it('inlines style sheets, resolving relative paths, ../ and / against the workspace', async () => {
    const page = await build(
      {
        'site/pages/a.html':
          '<link rel="stylesheet" href="../css/site.css" media="screen"><link rel=stylesheet href="/root.css"><p>x</p>',
        'site/css/site.css': 'body { color: rgb(1, 2, 3); }',
        'root.css': 'p { margin: 0 }',
      },
      'site/pages/a.html',
    );
    const text = html(page);
    expect(text).toContain('<style media="screen">body { color: rgb(1, 2, 3); }</style>');
    expect(text).toContain('<style>p { margin: 0 }</style>');
    expect(text).not.toContain('<link');
    expect(page.files).toEqual(['site/pages/a.html', 'site/css/site.css', 'root.css']);
    expect(page.problems).toEqual([]);
  });

  it('turns CSS url() and @import into data: URLs and inline text, relative to each sheet', async () => {
    const page = await build({
      'index.html':
        '<link rel="stylesheet" href="css/main.css"><div style="background: url(img/dot.png)"></div>',
      'css/main.css': '@import "parts/base.css";\n.logo { background: url("../img/dot.png"); }',
      'css/parts/base.css': '@font-face { src: url(../../fonts/a.woff2) }',
      'img/dot.png': new Uint8Array([137, 80, 78, 71]),
      'fonts/a.woff2': new Uint8Array([1, 2, 3]),
    });
    const text = html(page);
    expect(text).toContain('url("data:image/png;base64,iVBORw==")');
    expect(text).toContain('url("data:font/woff2;base64,AQID")');
    expect(text).not.toContain('@import');
    expect(text).toContain('style="background: url(&quot;data:image/png;base64,iVBORw==&quot;)"');
    expect(page.problems).toEqual([]);
  });

  it('inlines images, srcset and icons as data: URLs', async () => {
    const page = await build({
      'index.html':
        '<link rel="icon" href="favicon.svg"><img src="a.svg" alt="A"><img srcset="a.svg 1x, b.svg 2x">',
      'favicon.svg': '<svg/>',
      'a.svg': '<svg/>',
      'b.svg': '<svg></svg>',
    });
    const text = html(page);
    expect(text).toContain('<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="A">');
    expect(text).toContain(
      'srcset="data:image/svg+xml;base64,PHN2Zy8+ 1x, data:image/svg+xml;base64,PHN2Zz48L3N2Zz4= 2x"',
    );
    expect(text).toContain('<link rel="icon" href="data:image/svg+xml;base64,PHN2Zy8+">');
  });

  it('says which files are missing, as console problems, and keeps the page going', async () => {
    const page = await build({
      'index.html':
        '<link rel="stylesheet" href="styles.css"><script src="app.js"></script><img src="../up.png"><p>Hello</p>',
    });
    expect(page.problems).toEqual([
      'styles.css not found in the workspace (named in index.html)',
      'app.js not found in the workspace (named in index.html)',
      '../up.png is outside the workspace (in index.html)',
    ]);
    const text = html(page);
    expect(text).toContain('<script></script><img src="../up.png"><p>Hello</p>');
    expect(page.files).toContain('styles.css');
    expect(page.files).toContain('app.js');
  });

  it('reports a missing page itself', async () => {
    const page = await build({});
    expect(page.problems).toEqual(['index.html not found in the workspace']);
  });

  it('hands scripts to the frame as text, in order, classic and inline', async () => {
    const page = await build({
      'index.html':
        '<script>console.log("inline")</script>\n<script src="js/app.js" defer integrity="sha384-x"></script><script type="text/template"><b>{{x}}</b></script>',
      'js/app.js': 'console.log("file")',
    });
    expect(html(page)).toContain(
      '<script src="SCRIPT0"></script>\n<script defer src="SCRIPT1"></script><script type="text/template"><b>{{x}}</b></script>',
    );
    expect(page.scripts.map((s) => [s.name, s.text, s.module])).toEqual([
      ['index.html (inline script)', 'console.log("inline")', false],
      ['js/app.js', 'console.log("file")', false],
    ]);
  });

  it("serves the workspace files a page's scripts name to its fetch, resolved against the page, and no others", async () => {
    const page = await build(
      {
        'site/index.html':
          '<script src="js/app.js"></script><script type="module">import "./js/m.js";</script>',
        'site/js/app.js':
          "fetch('data.json').then(r => r.json());\nfetch(\"./rows/items.csv?v=2\");\nconst label = 'not a file';\nfetch(`data/${name}.json`);",
        'site/js/m.js': "const img = await fetch('../logo.png'); fetch('missing.json');",
        'site/data.json': '{"answer": 42}',
        'site/rows/items.csv': 'a,b\n1,2\n',
        'logo.png': new Uint8Array([137, 80, 78, 71]),
        'secret.txt': 'not named by the page',
      },
      'site/index.html',
    );
    expect(page.served.map(({ name, path, type }) => [name, path, type])).toEqual([
      ['data.json', 'site/data.json', 'application/json'],
      ['./rows/items.csv', 'site/rows/items.csv', 'text/csv'],
      ['../logo.png', 'logo.png', 'image/png'],
    ]);
    expect(page.served[0]!.content).toBe('{"answer": 42}');
    // A change to a served file (or the creation of a named one) reloads the preview.
    expect(page.files).toEqual(expect.arrayContaining(['site/data.json', 'site/missing.json']));
    // A name the page merely might fetch is no problem when it is not there.
    expect(page.problems).toEqual([]);
  });

  it('links module scripts through their imports, dependencies first', async () => {
    const page = await build({
      'index.html': '<script type="module" src="src/main.js"></script>',
      'src/main.js':
        "import { add } from './lib/math.js';\nimport '../side.js';\nexport * from \"./lib/math.js\";\nconst later = () => import('./lazy.js');\nimport x from 'some-package';",
      'src/lib/math.js':
        "import { base } from '../../side.js';\nexport const add = (a, b) => a + b + base;",
      'side.js': 'export const base = 0;',
      'src/lazy.js': 'export default 1;',
    });
    expect(page.problems).toEqual([]);
    expect(page.scripts.map((s) => s.name)).toEqual([
      'side.js',
      'src/lib/math.js',
      'src/lazy.js',
      'src/main.js',
    ]);
    expect(page.scripts.every((s) => s.module)).toBe(true);
    expect(linked(page, 3)).toBe(
      "import { add } from 'SCRIPT1';\nimport 'SCRIPT0';\nexport * from \"SCRIPT1\";\nconst later = () => import('SCRIPT2');\nimport x from 'some-package';",
    );
    expect(linked(page, 1)).toContain("from 'SCRIPT0'");
    expect(html(page)).toContain('<script type="module" src="SCRIPT3"></script>');
  });

  it('names a missing module and a circle of imports instead of failing', async () => {
    const page = await build({
      'index.html': '<script type="module">import "./a.js"; import "./gone.js";</script>',
      'a.js': 'import "./b.js";',
      'b.js': 'import "./a.js";',
    });
    expect(page.problems).toEqual([
      'b.js and a.js import each other; the preview cannot load modules that import in a circle',
      'gone.js not found in the workspace (imported by index.html)',
    ]);
  });

  it('says an import map is not used, and keeps it from running', async () => {
    const page = await build({
      'index.html': '<script type="importmap">{"imports":{"x":"./x.js"}}</script>',
    });
    expect(page.problems).toEqual([
      'index.html has an import map, which the preview does not use: import files by relative path ("./lib.js")',
    ]);
    expect(html(page)).toContain(
      '<script type="application/json">{"imports":{"x":"./x.js"}}</script>',
    );
  });

  it('leaves absolute URLs to other hosts as written, for the policy to decide', async () => {
    const source =
      '<link rel="stylesheet" href="https://cdn.example/x.css"><script src="https://cdn.example/x.js"></script><img src="//img.example/a.png"><img src="data:image/png;base64,AA=="><a href="#top">top</a>';
    const page = await build({ 'index.html': source });
    expect(html(page)).toContain(source);
    expect(page.scripts).toEqual([]);
    expect(page.problems).toEqual([]);
  });

  it('copies comments and the text of <style> and <script> through without reading tags in them', async () => {
    const page = await build({
      'index.html':
        '<!-- <img src="x.png"> --><script>const s = "<img src=\'y.png\'>";</script><p>ok</p>',
    });
    expect(page.problems).toEqual([]);
    expect(html(page)).toContain('<!-- <img src="x.png"> -->');
    expect(page.scripts[0]!.text).toBe('const s = "<img src=\'y.png\'>";');
  });
});

describe('references from a page to workspace files', () => {
  it('resolve like a browser would, inside the workspace', () => {
    expect(resolveReference('a/b/page.html', 'c.css')).toEqual({ kind: 'file', path: 'a/b/c.css' });
    expect(resolveReference('a/b/page.html', './../c.css?v=2#x')).toEqual({
      kind: 'file',
      path: 'a/c.css',
    });
    expect(resolveReference('a/b/page.html', '/c.css')).toEqual({ kind: 'file', path: 'c.css' });
    expect(resolveReference('page.html', 'my%20file.css')).toEqual({
      kind: 'file',
      path: 'my file.css',
    });
    expect(resolveReference('page.html', 'https://x.example/a.css')).toEqual({ kind: 'external' });
    expect(resolveReference('page.html', 'mailto:a@b')).toEqual({ kind: 'external' });
    expect(resolveReference('page.html', '../a.css').kind).toBe('invalid');
  });
});
