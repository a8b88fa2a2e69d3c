/**
 * What a user message carries besides its text: attachments (mentions of files, folders,
 * symbols) stored on the node. They go to the model in front of the text, are counted
 * wherever the message is counted, and are cut only at a stated limit that both the chip
 * and the model are told about (nothing is silently left out).
 */
import type { ContentPart } from '../llm/chat-message';
import type { NodeAttachment } from '../store/records';
import { IMAGE_TOKENS } from './context-budget';
import { estimateTokens } from './token-estimate';

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
  const texts = attachments.map((attachment) => attachment.text);
  // Files sent without a word: the message is theirs alone.
  return (content ? [...texts, content] : texts).join('\n\n');
}

/**
 * The user message as the model reads it: text alone, or, when a picture is attached,
 * parts (each attachment's text, its picture after its label, then the typed text). A model
 * without sight gets the text and a line saying pictures were left out (context-builder.ts).
 */
export function userMessageContent(
  content: string,
  attachments?: readonly NodeAttachment[],
): string | ContentPart[] {
  if (!attachments?.some((attachment) => attachment.image)) {
    return userMessageText(content, attachments);
  }
  const parts: ContentPart[] = [];
  let text = '';
  for (const attachment of attachments) {
    text += `${attachment.text}\n\n`;
    if (!attachment.image) continue;
    parts.push({ type: 'text', text }, { type: 'image', url: attachment.image.url });
    text = '';
  }
  const last = content ? `${text}${content}` : text.replace(/\n\n$/, '');
  if (last) parts.push({ type: 'text', text: last });
  return parts;
}

/** Estimated tokens an attachment adds to every request that carries its message. */
export function attachmentTokens(attachment: NodeAttachment): number {
  return estimateTokens(attachment.text) + (attachment.image ? IMAGE_TOKENS : 0);
}
