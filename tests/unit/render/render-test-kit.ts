// Helpers shared by the render tests: a hand-driven frame scheduler, seeded randomness, and
// the check that rendered HTML can neither run script nor fetch anything.
import { expect } from 'vitest';

/** A frame scheduler for createStreamingRenderer that runs only when told to. */
export function manualFrames() {
  let callbacks: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => {
      callbacks.push(callback);
      return () => {
        callbacks = callbacks.filter((c) => c !== callback);
      };
    },
    /** Runs the frames requested so far (not those they request). Returns how many ran. */
    run(): number {
      const due = callbacks;
      callbacks = [];
      due.forEach((callback) => callback());
      return due.length;
    },
    get pending(): number {
      return callbacks.length;
    },
  };
}

/** Deterministic random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `text` cut into pieces of 1…`max` characters. */
export function randomChunks(text: string, random: () => number, max = 12): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length;) {
    const size = 1 + Math.floor(random() * (random() < 0.3 ? 2 : max));
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}

/** Parses `html` as the UI would (into a detached element). */
export function parse(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const NEVER = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'link',
  'meta',
  'base',
  'style',
  'template',
  'noscript',
  'video',
  'audio',
  'source',
  'track',
  'picture',
  'portal',
  'use',
  'image',
  'foreignobject',
  'animate',
  'set',
  'textarea',
  'select',
  'option',
  'mglyph',
  'maction',
  'annotation-xml',
  'feimage',
  'title',
  'xmp',
  'noembed',
  'plaintext',
  'canvas',
  'dialog',
  'slot',
]);
const NEVER_ATTRIBUTES = new Set([
  'srcset',
  'formaction',
  'action',
  'background',
  'poster',
  'xlink:href',
  'ping',
  'lowsrc',
  'dynsrc',
  'data',
  'codebase',
  'manifest',
  'id',
  'name',
  'form',
  'srcdoc',
  'download',
  'is',
  'http-equiv',
  'content',
  'autofocus',
  'contenteditable',
]);
const SAFE_HREF = /^(?:https?:|mailto:|[^a-z]|[a-z0-9+.-]*(?:[^a-z0-9+.\-:]|$))/i;
const RASTER_DATA = /^data:image\/(?:png|jpeg|jpg|gif|webp);base64,/i;

/**
 * Asserts on the parsed DOM that nothing in `root` can run script or fetch: no element or
 * attribute on the deny lists, no event handler, links only to http(s)/mailto/relative
 * URLs and always in a new tab without opener or referrer, images only from raster data
 * URIs, SVG and inline styles only inside KaTeX output and never with `url(`.
 */
export function expectInert(root: ParentNode): void {
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase();
    expect(NEVER.has(tag), `<${tag}> must not be rendered`).toBe(false);
    if (tag === 'input') {
      expect(element.getAttribute('type')).toBe('checkbox');
      expect(element.hasAttribute('disabled')).toBe(true);
    }
    if (tag === 'svg' || tag === 'path' || tag === 'line') {
      expect(element.closest('.katex'), `<${tag}> outside KaTeX output`).not.toBeNull();
    }
    if (tag === 'a' && element.hasAttribute('href')) {
      expect(element.getAttribute('target')).toBe('_blank');
      expect(element.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    if (tag === 'button') expect(element.getAttribute('type')).toBe('button');
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      // eslint-disable-next-line no-control-regex
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '');
      expect(name.startsWith('on'), `${name} on <${tag}>`).toBe(false);
      expect(NEVER_ATTRIBUTES.has(name), `${name} on <${tag}>`).toBe(false);
      if (name === 'href') {
        expect(tag).toBe('a');
        expect(value, 'href').toMatch(SAFE_HREF);
        expect(value.toLowerCase()).not.toMatch(/^(?:javascript|data|vbscript|file|blob):/);
      }
      if (name === 'src') {
        expect(tag).toBe('img');
        expect(value).toMatch(RASTER_DATA);
      }
      if (name === 'style') {
        expect(element.closest('.katex, .katex-error'), 'style outside KaTeX').not.toBeNull();
        expect(value.toLowerCase()).not.toMatch(/url\(|expression|image-set|@import|\\/);
      }
    }
  }
}
