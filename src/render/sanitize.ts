import createDOMPurify from 'dompurify';
import type { Config, DOMPurify } from 'dompurify';
import { isRasterDataUri, safeLinkHref } from './url-policy';

/** The words of a whitespace-separated list. */
function words(list: string): string[] {
  return list.trim().split(/\s+/);
}

const HTML_TAGS = words(`
  a abbr b blockquote br button caption cite code dd del details dfn div dl dt em
  figcaption figure h1 h2 h3 h4 h5 h6 hr i img input ins kbd li mark ol p pre q rp rt ruby
  s samp small span strong sub summary sup table tbody td tfoot th thead tr u ul var wbr
`);
/** What KaTeX's MathML output uses. No `annotation-xml` (it can hold HTML), `maction`,
 * `mglyph` (it loads images) or `href` on any of them. */
const MATHML_TAGS = words(`
  math semantics annotation mrow mi mn mo ms mtext mspace msup msub msubsup munder mover
  munderover mfrac msqrt mroot mstyle mpadded mphantom menclose mtable mtr mtd mlabeledtr
  merror
`);
/** What KaTeX draws with (radicals, stretchy arrows, `\cancel`): shapes only, no `use`,
 * `image`, `foreignObject`, `style` or links. */
const SVG_TAGS = ['svg', 'path', 'line'];

const ATTRIBUTES = [
  // HTML from the Markdown renderer
  ...words(`
    class title alt src href target rel type checked disabled start align colspan rowspan
    open aria-hidden style
  `),
  // Cove's own data attributes
  ...words(`
    data-block-key data-code-index data-lang data-filename data-image-src data-image-host
    data-image-alt
  `),
  // MathML from KaTeX
  ...words(`
    xmlns encoding display accent accentunder stretchy notation mathcolor mathbackground
    mathsize mathvariant lspace rspace voffset width height depth scriptlevel displaystyle
    fence separator rowspacing columnalign columnspacing columnlines rowlines minsize
    maxsize linethickness movablelimits symmetric largeop
  `),
  // SVG from KaTeX
  ...words(`
    viewBox preserveAspectRatio d x1 y1 x2 y2 stroke-width
  `),
];

/** Only http, https and mailto, or no scheme at all (DOMPurify's pattern, fewer schemes). */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_TAGS, ...MATHML_TAGS, ...SVG_TAGS],
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/** Properties KaTeX writes in `style`, with values made of numbers, units, color names and
 * `#hex` only: no parentheses (so no `url()`, `image-set()`, `expression()`), quotes,
 * backslashes (CSS escapes) or colons can get through. `calc()` of lengths is the one
 * function allowed. */
const STYLE_PROPERTIES = new Set(
  words(`
    height width min-width max-width vertical-align margin margin-left margin-right
    margin-top margin-bottom top bottom left right padding-left padding-right border
    border-width border-style border-color border-bottom-width border-top-width
    border-right-width border-right-style border-left-width color background-color
    text-shadow position
  `),
);
const STYLE_VALUE = /^(?:[-+#.\w %]+|calc\([-+*/.\w %]+\))$/;

/** True when `style` holds only declarations KaTeX makes (see STYLE_PROPERTIES). */
export function isSafeStyle(style: string): boolean {
  for (const declaration of style.split(';')) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(':');
    if (colon < 0) return false;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !STYLE_VALUE.test(value)) return false;
    if (property === 'position' && value !== 'relative') return false;
  }
  return true;
}

const LINK_REL = 'noopener noreferrer nofollow';

let instance: DOMPurify | null = null;

/** Cove's own DOMPurify instance (hooks on the shared default one would leak into other
 * users of it), created on first use because it needs `window`. */
function purifier(): DOMPurify {
  if (instance) return instance;
  if (typeof window === 'undefined') throw new Error('sanitizeHtml needs a DOM (window)');
  const purify = createDOMPurify(window);
  if (!purify.isSupported) throw new Error('DOMPurify is not supported in this environment');
  purify.setConfig(CONFIG);
  purify.addHook('uponSanitizeElement', (node, event) => {
    // SVG only as KaTeX draws it: inside KaTeX's own output.
    if (event.tagName === 'svg' && !node.parentElement?.closest('.katex'))
      node.parentNode?.removeChild(node);
  });
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.nodeName.toLowerCase();
    const value = event.attrValue;
    switch (event.attrName) {
      case 'style':
        event.keepAttr = isSafeStyle(value);
        break;
      case 'src':
        event.keepAttr = tag === 'img' && isRasterDataUri(value);
        break;
      case 'href':
        event.keepAttr = tag === 'a' && safeLinkHref(value) !== null;
        break;
      case 'target':
      case 'rel':
        event.keepAttr = false; // set again below for links
        break;
      case 'type':
        event.keepAttr = tag === 'input' || tag === 'button';
        break;
      case 'xmlns':
        event.keepAttr =
          (tag === 'svg' && value === 'http://www.w3.org/2000/svg') ||
          (tag === 'math' && value === 'http://www.w3.org/1998/Math/MathML');
        break;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', LINK_REL);
    } else if (tag === 'button') {
      node.setAttribute('type', 'button');
    } else if (tag === 'input') {
      // Only task-list checkboxes are ever rendered: make any input an inert one.
      node.setAttribute('type', 'checkbox');
      node.setAttribute('disabled', '');
    }
  });
  instance = purify;
  return purify;
}

/**
 * Sanitizes HTML made from untrusted text so that, inserted into Cove's page, it runs no
 * script and makes no request: an allowlist of formatting, table and MathML elements, and
 * SVG shapes inside KaTeX output only; no event handlers, `id`/`name`, `srcset`, `style` beyond KaTeX's lengths and
 * colors, or URL other than http(s)/mailto/relative links; `img` only with raster data
 * URIs; every link `target="_blank" rel="noopener noreferrer nofollow"`; buttons
 * `type="button"`. Returns the serialized result. Needs a DOM (`window`); throws without
 * one rather than returning unsanitized HTML.
 */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html);
}
