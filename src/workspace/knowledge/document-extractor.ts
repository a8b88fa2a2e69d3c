/**
 * The knowledge index's extractor for a workspace with documents in it: a PDF is indexed
 * page by page and a Word document (DOCX) as its Markdown, with the same readers as the
 * composer's attachments (src/workspace/documents/, loaded only when such a file is met);
 * everything else goes to `extractPlainText`. A scanned PDF has no text to index and is
 * listed as skipped; a damaged one fails with the reader's reason.
 */
import { extractPlainText, MAX_EXTRACTED_CHARS, type TextExtractor } from './knowledge-extractor';

export const extractDocuments: TextExtractor = async (path, content) => {
  if (typeof content === 'string') return extractPlainText(path, content);
  const name = path.toLowerCase();
  if (name.endsWith('.pdf')) {
    const { extractPdfText } = await import('../documents/pdf-text');
    const { pages, scanned } = await extractPdfText(content);
    return scanned ? undefined : { pages };
  }
  if (name.endsWith('.docx')) {
    const { docxToMarkdown } = await import('../documents/docx-markdown');
    return { text: (await docxToMarkdown(content)).markdown.slice(0, MAX_EXTRACTED_CHARS) };
  }
  return extractPlainText(path, content);
};
