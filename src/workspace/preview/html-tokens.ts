/**
 * A small HTML tokenizer for the preview builder: enough of the HTML syntax to find the
 * tags whose URLs point into the workspace (`<script src>`, `<link href>`, `<img src>`,
 * `style` attributes, `<style>` text) and to copy everything else through byte for byte.
 * It is not a parser: it does not build a tree, fix nesting or decode entities beyond the
 * few that appear in URLs. Pure, so it runs in the DOM-free layers and under Node.
 */

/** One attribute of a start tag, its value with `&amp;`-style entities decoded. */
export interface HtmlAttribute {
  name: string;
  /** Undefined for an attribute without a value (`<script defer>`). */
  value: string | undefined;
}

/** A piece of the document, with its place in the source. */
export type HtmlToken =
  | { kind: 'text'; start: number; end: number }
  | {
      kind: 'start-tag';
      start: number;
      end: number;
      /** Lower case. */
      name: string;
      attributes: HtmlAttribute[];
      selfClosing: boolean;
    }
  /** The text of a `<script>` or `<style>` element, up to its end tag (excluded). */
  | { kind: 'raw-text'; start: number; end: number; element: 'script' | 'style' }
  /** Comments, end tags, the doctype, processing instructions: copied as they are. */
  | { kind: 'other'; start: number; end: number };

/** Elements whose content is text up to their end tag, never markup. */
const RAW_TEXT = new Set(['script', 'style']);

/** Splits `html` into tokens that together cover every character of it, in order. */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: 'text', start: textStart, end });
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      const end = close < 0 ? html.length : close + 3;
      flushText(lt);
      tokens.push({ kind: 'other', start: lt, end });
      i = textStart = end;
    } else if (
      next === '!' ||
      next === '?' ||
      (next === '/' && /[a-z]/i.test(html[lt + 2] ?? ''))
    ) {
      const close = html.indexOf('>', lt);
      const end = close < 0 ? html.length : close + 1;
      flushText(lt);
      tokens.push({ kind: 'other', start: lt, end });
      i = textStart = end;
    } else if (/[a-z]/i.test(next)) {
      flushText(lt);
      const tag = readStartTag(html, lt);
      tokens.push(tag);
      i = textStart = tag.end;
      if (RAW_TEXT.has(tag.name) && !tag.selfClosing) {
        const close = findEndTag(html, tag.name, tag.end);
        if (close > tag.end) {
          tokens.push({
            kind: 'raw-text',
            start: tag.end,
            end: close,
            element: tag.name as 'script' | 'style',
          });
        }
        i = textStart = close;
      }
    } else {
      i = lt + 1;
    }
  }
  flushText(html.length);
  return tokens;
}

/** Where `</name` starts after `from` (case-insensitive), or the end of the text. */
function findEndTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}[\\s/>]`, 'ig');
  pattern.lastIndex = from;
  const found = pattern.exec(html);
  return found ? found.index : html.length;
}

function readStartTag(html: string, start: number): HtmlToken & { kind: 'start-tag' } {
  let i = start + 1;
  while (i < html.length && !/[\s/>]/.test(html[i]!)) i++;
  const name = html.slice(start + 1, i).toLowerCase();
  const attributes: HtmlAttribute[] = [];
  let selfClosing = false;
  while (i < html.length) {
    while (i < html.length && /\s/.test(html[i]!)) i++;
    const c = html[i];
    if (c === undefined) break;
    if (c === '>') {
      i++;
      return { kind: 'start-tag', start, end: i, name, attributes, selfClosing };
    }
    if (c === '/') {
      selfClosing = html[i + 1] === '>';
      i++;
      continue;
    }
    const nameStart = i;
    while (i < html.length && !/[\s/>=]/.test(html[i]!)) i++;
    if (i === nameStart) i++; // a stray character such as a lone quote
    const attributeName = html.slice(nameStart, i).toLowerCase();
    while (i < html.length && /\s/.test(html[i]!)) i++;
    let value: string | undefined;
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const end = close < 0 ? html.length : close;
        value = html.slice(i + 1, end);
        i = end + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\s>]/.test(html[i]!)) i++;
        value = html.slice(valueStart, i);
      }
      value = decodeEntities(value);
    }
    attributes.push({ name: attributeName, value });
  }
  return { kind: 'start-tag', start, end: html.length, name, attributes, selfClosing };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the entities that matter in attribute values (`&amp;`, numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Escapes an attribute value for a double-quoted attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** A start tag written back from its parts (attributes double-quoted, in their order). */
export function writeStartTag(
  name: string,
  attributes: readonly HtmlAttribute[],
  selfClosing = false,
): string {
  const written = attributes
    .map((a) => (a.value === undefined ? ` ${a.name}` : ` ${a.name}="${escapeAttribute(a.value)}"`))
    .join('');
  return `<${name}${written}${selfClosing ? ' /' : ''}>`;
}
