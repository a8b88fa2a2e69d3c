import type { Text } from '@codemirror/state';

/**
 * Whether a document is exactly `text`, compared line by line as the document stores them:
 * no copy of the whole text is made (this runs on every keystroke).
 */
export function sameText(doc: Text, text: string): boolean {
  if (doc.length !== text.length) return false;
  let at = 0;
  // Lines and the line breaks between them, in order.
  for (const chunks = doc.iter(); !chunks.next().done;) {
    if (!text.startsWith(chunks.value, at)) return false;
    at += chunks.value.length;
  }
  return true;
}
