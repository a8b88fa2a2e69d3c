import { describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS } from '../../../src/agent/attachment-limits';
import { exportSession } from '../../../src/agent/session-export';
import { parseSessionImport } from '../../../src/agent/session-import';
import {
  pastedName,
  readFileAttachment,
  type PickedFile,
} from '../../../src/app/file-attachment-reader';
import { describeError } from '../../../src/app/messages/describe-error';
import type { DocumentReader } from '../../../src/runtime/document-protocol';
import type { NodeRecord } from '../../../src/store/records';
import { docxToMarkdown } from '../../../src/workspace/documents/docx-markdown';
import { extractPdfText, pdfPageCount } from '../../../src/workspace/documents/pdf-text';
import { makeDocx, makePdf } from '../support/document-fixtures';

/** The worker's functions, called directly (the worker only moves them off the page). */
const documents: DocumentReader = {
  pdfPageCount,
  pdfText: extractPdfText,
  docxMarkdown: docxToMarkdown,
};
const downscale = async () => ({ url: 'data:image/png;base64,AAAA', width: 1568, height: 500 });
const readers = { downscale, documents };

function picked(name: string, type: string, bytes: Uint8Array): PickedFile {
  return { name, type, size: bytes.length, bytes: () => Promise.resolve(bytes) };
}

async function read(file: PickedFile, already = 0) {
  const outcome = await readFileAttachment(file, already, readers);
  if (outcome.status !== 'read') throw outcome.error;
  return outcome.attachment;
}

async function refusal(file: PickedFile, already = 0) {
  const outcome = await readFileAttachment(file, already, readers);
  if (outcome.status !== 'refused') throw new Error('was read');
  return describeError(outcome.error).message;
}

describe('reading an attached file', () => {
  it('reads a PDF page by page, with its page count for the chip', async () => {
    const pdf = await read(picked('story.pdf', 'application/pdf', await makePdf(['a', 'b', 'c'])));
    expect(pdf.file).toMatchObject({ kind: 'pdf', pages: 3 });
    expect(pdf.text).toContain('--- page 3 ---\nc');
  });

  it('reads a DOCX as Markdown and a code file as its text', async () => {
    const docx = await read(picked('plan.docx', '', makeDocx('Plan', ['Ship it.'])));
    expect(docx.text).toContain('# Plan\n\nShip it.');
    const code = await read(picked('main.py', 'text/x-python', new TextEncoder().encode('x = 1')));
    expect(code.text).toBe('<document name="main.py" type="text">\nx = 1\n</document>');
  });

  it('keeps a picture as the page drew it, with the hash of its bytes', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71]);
    const first = await read(picked('shot.png', 'image/png', bytes));
    const again = await read(picked('copy.png', 'image/png', bytes));
    expect(first.image).toEqual({ url: 'data:image/png;base64,AAAA', width: 1568, height: 500 });
    // The composer keeps one of two files with the same bytes.
    expect(first.file?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(again.file?.hash).toBe(first.file?.hash);
  });

  it('refuses by the limit broken: count, size, pages, type, unreadable', async () => {
    const text = picked('a.txt', 'text/plain', new TextEncoder().encode('a'));
    expect(await refusal(text, ATTACHMENT_LIMITS.perMessage)).toContain('at most 10 files');
    const huge = { ...text, name: 'huge.txt', size: ATTACHMENT_LIMITS.bytes.text + 1 };
    expect(await refusal(huge)).toContain('size limit');
    const long = await makePdf(Array.from({ length: ATTACHMENT_LIMITS.pdfPages + 1 }, () => ''));
    expect(await refusal(picked('long.pdf', 'application/pdf', long))).toBe(
      '"long.pdf" has 501 pages, over the limit of 500 pages for a PDF.',
    );
    expect(await refusal(picked('clip.mp4', 'video/mp4', new Uint8Array(4)))).toContain(
      'Cove reads pictures',
    );
    expect(await refusal(picked('data.bin', '', new Uint8Array([0xff, 0xfe, 0x00])))).toContain(
      'Cove reads pictures',
    );
    expect(
      await refusal(picked('broken.pdf', 'application/pdf', new TextEncoder().encode('%PDF-no'))),
    ).toMatch(/^"broken\.pdf" could not be read/);
  });

  it('names pasted screenshots by the time they were pasted', () => {
    expect(pastedName('image/png', new Date(Date.UTC(2026, 11, 7, 14, 5, 9)))).toBe(
      'Pasted 2026-12-07 14.05.09.png',
    );
  });

  it('go with a conversation export and come back on import', async () => {
    const pdf = await read(picked('story.pdf', 'application/pdf', await makePdf(['one', 'two'])));
    const picture = await read(picked('shot.png', 'image/png', new Uint8Array([1, 2, 3])));
    const question: NodeRecord = {
      id: 'q',
      sessionId: 's',
      parentId: null,
      role: 'user',
      content: 'Compare them',
      attachments: [pdf, picture],
      status: 'complete',
      startedAt: 1,
    };
    const session = {
      id: 's',
      workspaceId: 'w',
      title: 'Files',
      mode: 'chat' as const,
      leafId: 'q',
      createdAt: 1,
      updatedAt: 1,
      starred: false,
    };
    const file = JSON.stringify(exportSession(session, [question], 2));
    let ids = 0;
    const imported = parseSessionImport(file, { workspaceId: 'w2', newId: () => `n${++ids}` });
    expect(imported.nodes[0]!.attachments).toEqual([pdf, picture]);
  });
});
