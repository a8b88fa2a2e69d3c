/**
 * What the document worker (workers/document.worker.ts) does: the pure extraction of
 * src/workspace/documents, off the page's thread. PDF.js cannot run on the page anyway: it
 * assigns to properties of functions that the page's frozen intrinsics make read-only
 * (src/base/harden-intrinsics.ts).
 */
import type { DocxMarkdown } from '../workspace/documents/docx-markdown';
import type { PdfText } from '../workspace/documents/pdf-text';

export interface DocumentWorkerApi {
  pdfPageCount(bytes: Uint8Array): Promise<number>;
  pdfText(bytes: Uint8Array, maxPages: number): Promise<PdfText>;
  docxMarkdown(bytes: Uint8Array): Promise<DocxMarkdown>;
}

/** The same calls, as the page makes them (a worker, or the functions themselves in tests). */
export type DocumentReader = DocumentWorkerApi;
