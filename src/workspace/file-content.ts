import type { FileContent } from '../store/records';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * Decides how bytes are kept: as text when they are valid UTF-8 without NUL bytes (a BOM is
 * kept, so text round-trips byte for byte), else as the bytes themselves.
 */
export function contentFromBytes(bytes: Uint8Array): FileContent {
  if (bytes.includes(0)) return bytes;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return bytes;
  }
}

/** The exact bytes of stored content. */
export function bytesOfContent(content: FileContent): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
}

/** True when the content is kept as bytes (shown as "binary, N bytes", never edited as text). */
export function isBinary(content: FileContent): content is Uint8Array {
  return typeof content !== 'string';
}

/** "1 byte", "12.3 KB", "4.0 MB": sizes in the units people read. */
export function formatBytes(bytes: number): string {
  if (bytes === 1) return '1 byte';
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
