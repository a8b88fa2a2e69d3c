/**
 * The text of a PDF, page by page, with unpdf (PDF.js built to run without a worker). Pure
 * over bytes so the composer's attachments and the knowledge indexer read PDFs alike. Heavy
 * (PDF.js is about 1 MB): import this module lazily, never from the first screen.
 */
import { extractText, getDocumentProxy } from 'unpdf';

/** A PDF's pages as text, in order: `pages[0]` is page 1. */
export interface PdfText {
  pages: string[];
  /** No page holds any text: a scan or pictures only (no text layer). */
  scanned: boolean;
}

/** How many pages a PDF has, without reading their text. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    return pdf.numPages;
  } finally {
    void pdf.destroy();
  }
}

/**
 * Each page's text, whitespace runs kept as PDF.js gives them and trimmed at the ends.
 * `maxPages` stops reading after that many pages (the rest are not extracted at all).
 * Throws when the bytes are not a PDF PDF.js can open (damaged, encrypted).
 */
export async function extractPdfText(bytes: Uint8Array, maxPages = Infinity): Promise<PdfText> {
  // PDF.js takes ownership of the buffer it is given: a copy leaves the caller's bytes whole.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    if (pdf.numPages <= maxPages) {
      const { text } = await extractText(pdf, { mergePages: false });
      const pages = text.map((page) => page.trim());
      return { pages, scanned: pages.every((page) => !page) };
    }
    const pages: string[] = [];
    for (let number = 1; number <= maxPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .trim(),
      );
    }
    return { pages, scanned: pages.every((page) => !page) };
  } finally {
    void pdf.destroy();
  }
}
