/**
 * What a user message carries besides its text: attachments (mentions of files, folders,
 * symbols) stored on the node. They go to the model in front of the text, are counted
 * wherever the message is counted, and are cut only at a stated limit that both the chip
 * and the model are told about (nothing is silently left out).
 */
import type { NodeAttachment } from '../store/records';

/**
 * Longest attachment text, in characters. The same limit as an MCP resource attached to a
 * message: models have limits, and a message is no file store.
 */
export const MAX_ATTACHMENT_CHARS = 100_000;

/** Text cut to {@link MAX_ATTACHMENT_CHARS}, with the note saying so when it was cut. */
export interface CappedText {
  text: string;
  /** Set only when the text was cut: what was kept of how much. */
  note?: string;
}

/**
 * `text` within `limit` characters. A cut ends with a line that says where it was cut, so
 * the model knows the rest exists; the note says the same to the person.
 */
export function capAttachmentText(text: string, limit = MAX_ATTACHMENT_CHARS): CappedText {
  if (text.length <= limit) return { text };
  const note = `first ${limit.toLocaleString('en')} of ${text.length.toLocaleString('en')} characters`;
  return { text: `${text.slice(0, limit)}\n[… cut here: ${note}]`, note };
}

/** The user message as the model reads it: each attachment, then the typed text. */
export function userMessageText(content: string, attachments?: readonly NodeAttachment[]): string {
  if (!attachments?.length) return content;
  return [...attachments.map((attachment) => attachment.text), content].join('\n\n');
}
