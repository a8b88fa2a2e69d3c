/**
 * The words of the PDF page view (a citation of a PDF passage opens it: src/ui/knowledge/
 * PdfPageDialog.tsx), in the three languages: English is the typed source, the others
 * must match it key for key (./catalog.ts). Kept apart so the main catalogs need one line.
 */
export const enPdfPageUi = {
  title: (path: string, page: string) => `${path}, page ${page}`,
  reading: 'Reading the page…',
  textOnly:
    'Cove has no PDF viewer: this is the text of the page as Cove extracted it, with the cited passage marked.',
  noText: 'This page has no text layer (a scan or pictures only).',
  failed: (reason: string) => `The page could not be read: ${reason}`,
  close: 'Close',
};

export const dePdfPageUi: typeof enPdfPageUi = {
  title: (path: string, page: string) => `${path}, Seite ${page}`,
  reading: 'Die Seite wird gelesen…',
  textOnly:
    'Cove hat keinen PDF-Betrachter: Das ist der Text der Seite, wie Cove ihn ausgelesen hat, mit der zitierten Stelle markiert.',
  noText: 'Diese Seite hat keine Textebene (ein Scan oder nur Bilder).',
  failed: (reason: string) => `Die Seite konnte nicht gelesen werden: ${reason}`,
  close: 'Schließen',
};

export const zhPdfPageUi: typeof enPdfPageUi = {
  title: (path: string, page: string) => `${path}，第 ${page} 页`,
  reading: '正在读取此页…',
  textOnly: 'Cove 没有 PDF 查看器：这是 Cove 从此页提取的文本，引用的段落已标出。',
  noText: '此页没有文本层（扫描件或只有图片）。',
  failed: (reason: string) => `无法读取此页：${reason}`,
  close: '关闭',
};
