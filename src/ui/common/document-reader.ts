/**
 * The page's one document worker (PDF and DOCX reading), loaded and started at the first
 * use: attaching a document, or opening a cited PDF page. Its client is not in the first load.
 */
import type { DocumentReader } from '../../runtime/document-protocol';

let client: DocumentReader | undefined;

export async function sharedDocumentReader(): Promise<DocumentReader> {
  if (client) return client;
  const { createDocumentClient } = await import('../../runtime/document-client');
  client ??= createDocumentClient();
  return client;
}
