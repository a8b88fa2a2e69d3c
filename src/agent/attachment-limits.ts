/**
 * What the composer accepts as a file attachment, and the refusal that names the limit a
 * file broke. Stated once here so the chip, the refusal and the docs agree.
 */
import type { CoveError } from '../base/errors';
import type { AttachedFileKind } from '../store/records';
import { agentError, type AgentErrorCode } from './agent-errors';

const MB = 1024 * 1024;

export const ATTACHMENT_LIMITS = {
  /** Files attached to one message. */
  perMessage: 10,
  /** Largest file of each kind, in bytes, before it is read. */
  bytes: { image: 20 * MB, pdf: 32 * MB, docx: 16 * MB, text: 2 * MB } satisfies Record<
    AttachedFileKind,
    number
  >,
  /** Pages of a PDF that are read; a longer PDF is refused, not silently cut. */
  pdfPages: 500,
  /** Characters of a document kept for read_attachment (its whole extracted text). */
  sourceChars: 2_000_000,
} as const;

/** Which limit a file broke, as the refusal names it. */
export type AttachmentLimit = 'count' | 'size' | 'pages' | 'chars' | 'type' | 'unreadable';

/** The refusal of a file: `name`, the limit it broke, the limit's value and the file's. */
export function attachmentRefused(
  name: string,
  limit: AttachmentLimit,
  facts: { max?: number; actual?: number; detail?: string } = {},
): CoveError<AgentErrorCode> {
  return agentError('attachment-refused', { name, limit, ...facts });
}

/** The kind of a file by its type and name; undefined when Cove cannot read it. */
export function attachmentKind(name: string, mime: string): AttachedFileKind | undefined {
  const lower = name.toLowerCase();
  if (/^image\/(png|jpeg|webp|gif)$/.test(mime) || /\.(png|jpe?g|webp|gif)$/.test(lower))
    return 'image';
  if (mime === 'application/pdf' || lower.endsWith('.pdf')) return 'pdf';
  if (
    mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' ||
    lower.endsWith('.docx')
  )
    return 'docx';
  if (mime.startsWith('image/') || mime.startsWith('audio/') || mime.startsWith('video/'))
    return undefined;
  return 'text';
}

/**
 * The refusal for a file of `kind` and `size` bytes when `already` files are attached, or
 * undefined when it may be read.
 */
export function checkAttachment(
  file: { name: string; kind: AttachedFileKind | undefined; size: number },
  already: number,
): CoveError<AgentErrorCode> | undefined {
  if (already >= ATTACHMENT_LIMITS.perMessage)
    return attachmentRefused(file.name, 'count', { max: ATTACHMENT_LIMITS.perMessage });
  if (!file.kind) return attachmentRefused(file.name, 'type');
  const max = ATTACHMENT_LIMITS.bytes[file.kind];
  if (file.size > max) return attachmentRefused(file.name, 'size', { max, actual: file.size });
  return undefined;
}
