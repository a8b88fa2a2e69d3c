import { describe, expect, it } from 'vitest';
import { docxToMarkdown } from '../../../../src/workspace/documents/docx-markdown';
import { fitImage } from '../../../../src/workspace/documents/image-fit';
import { extractPdfText, pdfPageCount } from '../../../../src/workspace/documents/pdf-text';
import { makeDocx, makePdf } from '../../support/document-fixtures';

describe('PDF text', () => {
  it('reads each page on its own, in order', async () => {
    const bytes = await makePdf(['First page text', 'Second page text', 'Third page: the answer']);
    expect(await pdfPageCount(bytes)).toBe(3);
    const { pages, scanned } = await extractPdfText(bytes);
    expect(pages).toEqual(['First page text', 'Second page text', 'Third page: the answer']);
    expect(scanned).toBe(false);
  });

  it('stops after the pages asked for', async () => {
    const bytes = await makePdf(['one', 'two', 'three']);
    expect((await extractPdfText(bytes, 2)).pages).toEqual(['one', 'two']);
  });

  it('says a PDF without a text layer is scanned', async () => {
    const { pages, scanned } = await extractPdfText(await makePdf(['', '']));
    expect(pages).toEqual(['', '']);
    expect(scanned).toBe(true);
  });

  it('leaves the bytes it was given whole, and refuses what is not a PDF', async () => {
    const bytes = await makePdf(['kept']);
    const before = bytes.slice();
    await extractPdfText(bytes);
    expect(bytes).toEqual(before);
    await expect(extractPdfText(new TextEncoder().encode('not a pdf'))).rejects.toThrow();
  });
});

describe('DOCX as Markdown', () => {
  it('keeps headings and paragraphs', async () => {
    const { markdown } = await docxToMarkdown(
      makeDocx('Release plan', ['Ship on Monday.', 'Tell the team.']),
    );
    expect(markdown).toBe('# Release plan\n\nShip on Monday.\n\nTell the team.');
  });

  it('refuses bytes that are not a Word document', async () => {
    await expect(docxToMarkdown(new Uint8Array([1, 2, 3]))).rejects.toThrow();
  });
});

describe('image size', () => {
  it('keeps a picture within the longest side as it is', () => {
    expect(fitImage({ width: 1568, height: 900 })).toEqual({ width: 1568, height: 900 });
  });

  it('scales the longest side down to 1,568 px, keeping the aspect ratio', () => {
    expect(fitImage({ width: 3136, height: 1000 })).toEqual({ width: 1568, height: 500 });
    expect(fitImage({ width: 1000, height: 4000 })).toEqual({ width: 392, height: 1568 });
    expect(fitImage({ width: 10_000, height: 1 })).toEqual({ width: 1568, height: 1 });
    expect(fitImage({ width: 800, height: 600 }, 400)).toEqual({ width: 400, height: 300 });
  });
});
