import { createForwardSearch } from './forward-search';
import { decodeCharacterReferences, escapeHtml } from './html-escape';
import { renderImageHtml } from './remote-images';
import { safeLinkHref } from './url-policy';

/** The words of a whitespace-separated list. */
function words(list: string): string[] {
  return list.trim().split(/\s+/);
}

/** Formatting tags the model may write as raw HTML. They are re-emitted without attributes
 * (except the few below); every other tag is shown as text. */
const ALLOWED_TAGS = new Set(
  words(`
    abbr b blockquote br caption center cite code dd del details dfn div dl dt em figcaption
    figure h1 h2 h3 h4 h5 h6 hr i ins kbd li mark ol p pre q rp rt ruby s samp small span
    strike strong sub summary sup table tbody td tfoot th thead tr u ul var wbr
  `),
);
const VOID_TAGS = new Set(['br', 'hr', 'wbr']);
/** Old tags mapped to what the sanitizer allows. */
const RENAMED: Record<string, string> = { center: 'div', strike: 's' };

/** Raw HTML chunks longer than this are shown as text without looking for tags. */
const MAX_RAW_HTML = 100_000;

/** A start or end tag at the scan position (sticky), by CommonMark's raw HTML grammar. */
const TAG =
  /<\/([A-Za-z][A-Za-z0-9-]*)\s*>|<([A-Za-z][A-Za-z0-9-]*)((?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^"'=<>`\s]+|'[^']*'|"[^"]*"))?)*)\s*\/?>/y;
const ATTRIBUTE = /([A-Za-z_:][\w.:-]*)(?:\s*=\s*(?:([^"'=<>`\s]+)|'([^']*)'|"([^"]*)"))?/g;
const LINK_REL = 'noopener noreferrer nofollow';

/** Escapes text between tags: `<` and `>` always, `&` unless it starts a character
 * reference (a reference can only ever decode to text). */
function escapeRawText(text: string): string {
  return text
    .replace(/&(?!#\d{1,8};|#[xX][0-9a-fA-F]{1,7};|[A-Za-z][A-Za-z0-9]{1,31};)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (attributes.has(name)) continue; // HTML keeps the first of duplicated attributes
    attributes.set(name, decodeCharacterReferences(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attributes;
}

function openTag(name: string, attributeSource: string, original: string): string {
  if (name === 'img') {
    const attributes = parseAttributes(attributeSource);
    return renderImageHtml(
      attributes.get('src') ?? '',
      attributes.get('alt') ?? '',
      attributes.get('title'),
    );
  }
  if (name === 'a') {
    const attributes = parseAttributes(attributeSource);
    const href = safeLinkHref(attributes.get('href') ?? '');
    if (!attributes.has('href') || href === null) return '<a>';
    const title = attributes.get('title');
    return (
      `<a href="${escapeHtml(href)}"` +
      (title ? ` title="${escapeHtml(title)}"` : '') +
      ` target="_blank" rel="${LINK_REL}">`
    );
  }
  if (!ALLOWED_TAGS.has(name)) return escapeRawText(original);
  const tag = RENAMED[name] ?? name;
  let extra = '';
  if (attributeSource) {
    const attributes = parseAttributes(attributeSource);
    if (tag === 'details' && attributes.has('open')) extra = ' open';
    if (tag === 'td' || tag === 'th') {
      for (const span of ['colspan', 'rowspan']) {
        const value = attributes.get(span);
        if (value && /^\d{1,3}$/.test(value)) extra += ` ${span}="${value}"`;
      }
    }
    if (tag === 'ol') {
      const start = attributes.get('start');
      if (start && /^\d{1,9}$/.test(start)) extra = ` start="${start}"`;
    }
  }
  return `<${tag}${extra}>`;
}

function closeTag(name: string, original: string): string {
  if (name === 'a') return '</a>';
  if (!ALLOWED_TAGS.has(name)) return escapeRawText(original);
  if (VOID_TAGS.has(name)) return '';
  return `</${RENAMED[name] ?? name}>`;
}

/**
 * Rewrites raw HTML that the model wrote inside Markdown (one inline tag, or an HTML block)
 * into HTML built only from known-safe pieces:
 *
 * - formatting tags from a fixed list come back without attributes (a few harmless ones
 *   kept: `details open`, numeric `colspan`/`rowspan`, `ol start`);
 * - `<a href>` keeps only an http(s)/mailto/relative href and always opens in a new tab;
 * - `<img>` becomes the same click-to-load placeholder as a Markdown image;
 * - comments, processing instructions and doctypes are dropped;
 * - every other tag (script, style, iframe, svg, math, form, object, embed, meta, link,
 *   base…) and all text between tags is shown as text.
 *
 * The output can be unbalanced (a lone `</div>`); the sanitizer's parse balances it.
 */
export function filterRawHtml(html: string): string {
  if (html.length > MAX_RAW_HTML) return escapeRawText(html);
  const closerAfter = createForwardSearch(html);
  const skipTo = (needle: string, from: number): number => {
    const at = closerAfter(needle, from);
    return at < 0 ? -1 : at + needle.length;
  };
  let out = '';
  let last = 0;
  for (let i = html.indexOf('<'); i >= 0;) {
    let end = -1;
    let replacement = '';
    if (html.startsWith('<!--', i)) {
      // Comments are dropped.
      if (html.startsWith('<!-->', i)) end = i + 5;
      else if (html.startsWith('<!--->', i)) end = i + 6;
      else end = skipTo('-->', i + 4);
    } else if (html.startsWith('<![CDATA[', i)) {
      end = skipTo(']]>', i + 9);
    } else if (html.startsWith('<?', i)) {
      end = skipTo('?>', i + 2);
    } else if (html.startsWith('<!', i) && /[A-Za-z]/.test(html[i + 2] ?? '')) {
      end = skipTo('>', i + 2);
    } else {
      TAG.lastIndex = i;
      const m = TAG.exec(html);
      if (m) {
        end = i + m[0].length;
        replacement =
          m[1] !== undefined
            ? closeTag(m[1].toLowerCase(), m[0])
            : openTag(m[2]!.toLowerCase(), m[3] ?? '', m[0]);
      }
    }
    if (end < 0) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    out += escapeRawText(html.slice(last, i)) + replacement;
    last = end;
    i = html.indexOf('<', end);
  }
  return out + escapeRawText(html.slice(last));
}
