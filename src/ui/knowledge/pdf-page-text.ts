/**
 * The text of one page of a workspace PDF, read again from the file by the document worker
 * (the passage keeps only its own text). PDF.js stops reading after that page.
 */
import type { AppServices } from '../../app/services';
import { sharedDocumentReader } from '../common/document-reader';

export async function readPdfPage(
  services: Pick<AppServices, 'workspaces'>,
  path: string,
  page: number,
): Promise<string> {
  const files = services.workspaces.files();
  if (!files) return '';
  const row = await files.read(path);
  const bytes =
    typeof row.content === 'string' ? new TextEncoder().encode(row.content) : row.content;
  const reader = await sharedDocumentReader();
  const { pages } = await reader.pdfText(bytes, page);
  return pages[page - 1] ?? '';
}
