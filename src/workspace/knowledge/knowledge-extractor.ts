/**
 * The one way a file's text reaches the knowledge index: an extractor turns a stored file
 * (text, or bytes for binary documents) into plain text or pages. Text and code files are
 * handled here; PDF and DOCX plug in by wrapping `extractPlainText` (see
 * src/workspace/documents/) so the indexer itself never changes.
 */

import type { FileContent } from '../../store/records';

/** What an extractor found: plain text, or the text of each page (PDF). */
export type ExtractedText = { text: string } | { pages: string[] };

/**
 * Turns a file into text; resolves undefined for a file it cannot read as text (an image,
 * an unknown binary), which the index skips and lists as such.
 */
export type TextExtractor = (
  path: string,
  content: FileContent,
) => Promise<ExtractedText | undefined>;

/** Most characters of one file the index reads; the rest of a bigger file is left out. */
export const MAX_EXTRACTED_CHARS = 2_000_000;

/** Text and code: stored text as it is; bytes (a binary file) are not text. */
export const extractPlainText: TextExtractor = async (_path, content) =>
  typeof content === 'string' ? { text: content.slice(0, MAX_EXTRACTED_CHARS) } : undefined;
