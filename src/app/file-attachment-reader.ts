/**
 * Reads a file the person attached (paperclip, paste, drop) into what the message stores:
 * checks the stated limits first (attachment-limits.ts), then decodes it by kind. PDFs and
 * DOCX are read by `documents` (a worker: src/runtime/document-client.ts), so PDF.js and
 * mammoth never weigh on the first load or the page's thread. A picture is downscaled by
 * the page (`downscale`: drawing needs the DOM, which this layer does not touch).
 */
import {
  ATTACHMENT_LIMITS,
  attachmentKind,
  attachmentRefused,
  checkAttachment,
} from '../agent/attachment-limits';
import { imageAttachment, pdfAttachment, textAttachment } from '../agent/file-attachments';
import type { CoveError } from '../base/errors';
import type { DocumentReader } from '../runtime/document-protocol';
import { hashContent } from '../store/blob-hash';
import type { AttachedFile, NodeAttachment } from '../store/records';

/** A file as the page hands it over (a DOM File, or a test's bytes). */
export interface PickedFile {
  name: string;
  /** Its media type as the browser named it; may be empty. */
  type: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

/** A picture drawn at the size it is sent at (image-fit.ts), as a data: URL. */
export type ImageDownscaler = (
  bytes: Uint8Array,
  mime: string,
) => Promise<{ url: string; width: number; height: number }>;

export type ReadOutcome =
  { status: 'read'; attachment: NodeAttachment } | { status: 'refused'; error: CoveError };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** A name for a pasted picture, which has none of its own ("image.png" from every paste). */
export function pastedName(type: string, at: Date): string {
  const ext = type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  const stamp = at.toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '.');
  return `Pasted ${stamp}.${ext}`;
}

/**
 * `picked` read as an attachment, or the refusal naming the limit it broke. `already` is
 * how many files the message holds before it.
 */
export async function readFileAttachment(
  picked: PickedFile,
  already: number,
  readers: { downscale: ImageDownscaler; documents: DocumentReader },
): Promise<ReadOutcome> {
  const { downscale, documents } = readers;
  const { name } = picked;
  const kind = attachmentKind(name, picked.type);
  const refusal = checkAttachment({ name, kind, size: picked.size }, already);
  if (refusal || !kind)
    return { status: 'refused', error: refusal ?? attachmentRefused(name, 'type') };
  try {
    const bytes = await picked.bytes();
    const file: AttachedFile = {
      kind,
      mime: picked.type,
      size: bytes.length,
      hash: await hashContent(bytes),
    };
    switch (kind) {
      case 'image':
        return {
          status: 'read',
          attachment: imageAttachment(
            file,
            name,
            await downscale(bytes, picked.type || 'image/png'),
          ),
        };
      case 'pdf': {
        const pages = await documents.pdfPageCount(bytes);
        if (pages > ATTACHMENT_LIMITS.pdfPages) {
          return {
            status: 'refused',
            error: attachmentRefused(name, 'pages', {
              max: ATTACHMENT_LIMITS.pdfPages,
              actual: pages,
            }),
          };
        }
        const text = await documents.pdfText(bytes, ATTACHMENT_LIMITS.pdfPages);
        const chars = text.pages.reduce((sum, page) => sum + page.length, 0);
        if (chars > ATTACHMENT_LIMITS.sourceChars)
          return { status: 'refused', error: tooLong(name, chars) };
        return { status: 'read', attachment: pdfAttachment(file, name, text.pages) };
      }
      case 'docx': {
        const { markdown, warnings } = await documents.docxMarkdown(bytes);
        if (markdown.length > ATTACHMENT_LIMITS.sourceChars)
          return { status: 'refused', error: tooLong(name, markdown.length) };
        return { status: 'read', attachment: textAttachment(file, name, markdown, { warnings }) };
      }
      case 'text': {
        const text = decoder.decode(bytes);
        // A NUL never appears in text: this is a binary file with a text-like name.
        if (text.includes('\u0000'))
          return { status: 'refused', error: attachmentRefused(name, 'type') };
        if (text.length > ATTACHMENT_LIMITS.sourceChars)
          return { status: 'refused', error: tooLong(name, text.length) };
        return { status: 'read', attachment: textAttachment(file, name, text) };
      }
    }
  } catch (error) {
    // Not UTF-8 text is a type the composer does not read; anything else failed to decode.
    if (kind === 'text' && error instanceof TypeError)
      return { status: 'refused', error: attachmentRefused(name, 'type') };
    const detail = error instanceof Error ? error.message : String(error);
    return { status: 'refused', error: attachmentRefused(name, 'unreadable', { detail }) };
  }
}

const tooLong = (name: string, actual: number) =>
  attachmentRefused(name, 'chars', { max: ATTACHMENT_LIMITS.sourceChars, actual });
