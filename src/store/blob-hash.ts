import type { FileContent } from './records';

const encoder = new TextEncoder();
/** A string with a lone surrogate has no UTF-8 form: TextEncoder would turn it into U+FFFD. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The exact bytes a blob's hash is taken over. */
function hashedBytes(content: FileContent): Uint8Array {
  if (typeof content !== 'string') return content;
  if (!LONE_SURROGATE.test(content)) return encoder.encode(content);
  // Not valid Unicode, so it cannot be a file read from bytes; the editor could still hold
  // one. Hashing its U+FFFD-replaced UTF-8 would share a blob with the replaced text, so
  // hash an escaped form behind a NUL, which no text content starts with.
  return encoder.encode(`\u0000${JSON.stringify(content)}`);
}

/**
 * The content address of a blob: SHA-256 (WebCrypto) of the content's bytes, as 64 lowercase
 * hex digits. Text is hashed as its UTF-8 bytes, so text and the same bytes kept as binary
 * share one address; checkpoints keep which kind a file was (CheckpointFile.binary).
 */
export async function hashContent(content: FileContent): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    hashedBytes(content) as Uint8Array<ArrayBuffer>,
  );
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
