/**
 * File attachments from the person's computer (paperclip, paste, drop) as the model reads
 * them: a picture, a PDF's pages with "--- page N ---" lines the model can cite, a Word
 * document as Markdown, a text file. Pure: the page reads and decodes the file, these shape
 * what is stored on the message. What does not go with the message is said in its text
 * and on the chip, and kept in `source` for read_attachment: nothing is left out silently.
 */
import type { AttachedFile, NodeAttachment } from '../store/records';
import { MAX_ATTACHMENT_CHARS } from './message-attachments';

/** Attribute-safe text for the tag around an attachment (names may hold quotes). */
const quoted = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function tag(name: string, attributes: Record<string, string | number>, body: string): string {
  const attrs = Object.entries({ name, ...attributes })
    .map(([key, value]) => ` ${key}="${quoted(String(value))}"`)
    .join('');
  return `<document${attrs}>\n${body}\n</document>`;
}

/** The line in front of each page's text; the model cites pages by it. */
export const pageMarker = (page: number) => `--- page ${page} ---`;

/** Pages behind their markers, numbered from `first`. */
export function withPageMarkers(pages: readonly string[], first = 1): string {
  return pages.map((text, i) => `${pageMarker(first + i)}\n${text}`).join('\n');
}

/**
 * A picture. `text` labels it for the model (and is all a model without sight gets, with
 * a line saying the picture was left out: context-builder.ts).
 */
export function imageAttachment(
  file: AttachedFile,
  name: string,
  image: { url: string; width: number; height: number },
): NodeAttachment {
  return {
    name,
    text: `<image name="${quoted(name)}" width="${image.width}" height="${image.height}">`,
    file,
    image,
  };
}

/**
 * A PDF's pages. All of them go with the message while they fit the attachment limit;
 * after that, whole pages only, and the text names the pages left for read_attachment.
 * A PDF without a text layer says so (the chip: "scanned, no text").
 */
export function pdfAttachment(
  file: AttachedFile,
  name: string,
  pages: readonly string[],
): NodeAttachment {
  const total = pages.length;
  const scanned = pages.every((page) => !page.trim());
  const facts = { ...file, pages: total, ...(scanned ? { scanned: true } : {}) };
  if (scanned) {
    const body = `[This PDF has no text layer (scanned, no text): its ${total} page${total === 1 ? '' : 's'} could not be read as text.]`;
    return {
      name,
      text: tag(name, { pages: total, scanned: 'yes' }, body),
      note: 'scanned, no text',
      file: facts,
    };
  }
  const source = withPageMarkers(pages);
  if (source.length <= MAX_ATTACHMENT_CHARS)
    return { name, text: tag(name, { pages: total }, source), file: facts };
  let kept = 0;
  let length = 0;
  while (kept < total) {
    const next = pageMarker(kept + 1).length + pages[kept]!.length + 2;
    if (length + next > MAX_ATTACHMENT_CHARS) break;
    length += next;
    kept++;
  }
  const rest =
    kept === 0
      ? `[Page 1 alone is longer than ${MAX_ATTACHMENT_CHARS.toLocaleString('en')} characters: read the pages with read_attachment (name "${name}", pages "1-${total}").]`
      : `[Pages ${kept + 1}-${total} are not in this message: read them with read_attachment (name "${name}", pages "${kept + 1}-${total}").]`;
  const body = kept ? `${withPageMarkers(pages.slice(0, kept))}\n${rest}` : rest;
  return {
    name,
    text: tag(name, { pages: total }, body),
    note: kept ? `pages 1–${kept} of ${total} sent; the rest on request` : 'read on request',
    file: facts,
    source,
  };
}

/**
 * A document's text (a Word document as Markdown, a text or code file). Longer than the
 * attachment limit: its start goes with the message, all of it is kept for read_attachment.
 */
export function textAttachment(
  file: AttachedFile,
  name: string,
  text: string,
  extra: { warnings?: readonly string[] } = {},
): NodeAttachment {
  const attributes = { type: file.kind === 'docx' ? 'docx (as Markdown)' : 'text' };
  const warnings = extra.warnings?.length
    ? `\n[Not converted: ${extra.warnings.slice(0, 3).join('; ')}]`
    : '';
  if (text.length <= MAX_ATTACHMENT_CHARS)
    return { name, text: tag(name, attributes, `${text}${warnings}`), file };
  const start = text.slice(0, MAX_ATTACHMENT_CHARS);
  const more = `[… cut here: first ${MAX_ATTACHMENT_CHARS.toLocaleString('en')} of ${text.length.toLocaleString('en')} characters. Read on with read_attachment (name "${name}", offset ${MAX_ATTACHMENT_CHARS}).]`;
  return {
    name,
    text: tag(name, attributes, `${start}\n${more}${warnings}`),
    note: `first ${MAX_ATTACHMENT_CHARS.toLocaleString('en')} of ${text.length.toLocaleString('en')} characters sent; the rest on request`,
    file,
    source: text,
  };
}
