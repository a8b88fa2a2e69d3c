/// <reference lib="webworker" />
// Reads attached documents off the page's thread: a PDF's text per page (unpdf, PDF.js) and
// a DOCX as Markdown (mammoth). Started at the first PDF or DOCX attached.
// Protocol: src/runtime/document-protocol.ts.
import * as Comlink from 'comlink';
import type { DocumentWorkerApi } from '../src/runtime/document-protocol';
import { docxToMarkdown } from '../src/workspace/documents/docx-markdown';
import { extractPdfText, pdfPageCount } from '../src/workspace/documents/pdf-text';

const api: DocumentWorkerApi = {
  pdfPageCount,
  pdfText: (bytes, maxPages) => extractPdfText(bytes, maxPages),
  docxMarkdown: docxToMarkdown,
};

Comlink.expose(api);
