import { describe, expect, it } from 'vitest';
import { pdfAttachment, textAttachment } from '../../../src/agent/file-attachments';
import type { NodeAttachment } from '../../../src/store/records';
import { parsePageRange } from '../../../src/tools/attachments/attachment-pages';
import {
  readAttachmentTool,
  type AttachmentToolContext,
} from '../../../src/tools/attachments/read-attachment-tool';

const file = { kind: 'pdf' as const, mime: 'application/pdf', size: 100, hash: 'h' };

function contextWith(attachments: NodeAttachment[], resultCap?: number): AttachmentToolContext {
  return {
    signal: new AbortController().signal,
    update: () => undefined,
    attachments: { list: () => Promise.resolve(attachments) },
    ...(resultCap ? { resultCap } : {}),
  };
}

describe('read_attachment', () => {
  const paper = pdfAttachment(file, 'paper.pdf', ['Intro', 'Method', 'Result: 42']);

  it('reads a PDF again by name and page range', async () => {
    const third = await readAttachmentTool.execute(
      { name: 'paper.pdf', pages: '3' },
      contextWith([paper]),
    );
    expect(third).toEqual({ content: '--- page 3 ---\nResult: 42' });
    const some = await readAttachmentTool.execute(
      { name: 'paper.pdf', pages: '2-' },
      contextWith([paper]),
    );
    expect(some.content).toBe('--- page 2 ---\nMethod\n--- page 3 ---\nResult: 42');
  });

  it('reads the pages a long PDF did not send', async () => {
    const page = 'p'.repeat(40_000);
    const long = pdfAttachment(file, 'long.pdf', [page, page, page, 'the end']);
    const result = await readAttachmentTool.execute(
      { name: 'long.pdf', pages: '4' },
      contextWith([long], 50_000),
    );
    expect(result.content).toBe('--- page 4 ---\nthe end');
  });

  it('stops at the result limit and says where to go on', async () => {
    const result = await readAttachmentTool.execute(
      { name: 'paper.pdf', pages: '1-3' },
      contextWith([pdfAttachment(file, 'paper.pdf', ['a'.repeat(60), 'b'.repeat(60), 'c'])], 200),
    );
    expect(result.content).toContain('ask for pages "2-3" next');
  });

  it('reads other text on from an offset', async () => {
    const notes = textAttachment({ ...file, kind: 'text' }, 'notes.txt', 'hello world '.repeat(50));
    const first = await readAttachmentTool.execute(
      { name: 'notes.txt' },
      contextWith([notes], 200),
    );
    expect(first.content).toBe(
      `${'hello world '.repeat(50).slice(0, 100)}\n[Characters 0-100 of 600: read on with offset 100.]`,
    );
    const last = await readAttachmentTool.execute(
      { name: 'notes.txt', offset: 550 },
      contextWith([notes], 200),
    );
    expect(last.content).toBe('hello world '.repeat(50).slice(550));
  });

  it('names what is attached when the name is wrong, and refuses a bad range', async () => {
    const missing = await readAttachmentTool.execute({ name: 'x.pdf' }, contextWith([paper]));
    expect(missing).toEqual({
      content: 'No attachment is named "x.pdf". Attached here: paper.pdf.',
      isError: true,
    });
    const bad = await readAttachmentTool.execute(
      { name: 'paper.pdf', pages: '7' },
      contextWith([paper]),
    );
    expect(bad.isError).toBe(true);
    expect(parsePageRange('5-2', 9)).toBeUndefined();
    expect(parsePageRange('2-40', 9)).toEqual({ from: 2, to: 9 });
  });
});
