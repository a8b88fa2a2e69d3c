import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_LIMITS,
  attachmentKind,
  checkAttachment,
} from '../../../src/agent/attachment-limits';
import { pathToMessages } from '../../../src/agent/context-builder';
import {
  imageAttachment,
  pdfAttachment,
  textAttachment,
} from '../../../src/agent/file-attachments';
import { attachmentTokens, MAX_ATTACHMENT_CHARS } from '../../../src/agent/message-attachments';
import { describeError } from '../../../src/app/messages/describe-error';
import { toWireMessages } from '../../../src/llm/message-conversion';
import type { AttachedFile, NodeRecord } from '../../../src/store/records';
import { engineHarness, FAKE_PROVIDER } from './support/engine-harness';

const file = (kind: AttachedFile['kind'], size = 10): AttachedFile => ({
  kind,
  mime: '',
  size,
  hash: 'h',
});
const PIXEL = 'data:image/png;base64,iVBORw0KGgo=';

function question(attachments: NodeRecord['attachments'], content = 'What is this?'): NodeRecord {
  return {
    id: 'q',
    sessionId: 's',
    parentId: null,
    role: 'user',
    content,
    status: 'complete',
    startedAt: 1,
    ...(attachments ? { attachments } : {}),
  };
}

describe('PDF attachments', () => {
  it('send every page behind a line naming it', () => {
    const pdf = pdfAttachment(file('pdf'), 'paper.pdf', ['Intro', 'Method', 'Result: 42']);
    expect(pdf.text).toBe(
      '<document name="paper.pdf" pages="3">\n--- page 1 ---\nIntro\n--- page 2 ---\nMethod\n--- page 3 ---\nResult: 42\n</document>',
    );
    expect(pdf.file).toMatchObject({ kind: 'pdf', pages: 3 });
    expect(pdf.note).toBeUndefined();
    expect(pdf.source).toBeUndefined();
  });

  it('say a PDF without a text layer is scanned, on the chip and to the model', () => {
    const scan = pdfAttachment(file('pdf'), 'scan.pdf', ['', '  ']);
    expect(scan.note).toBe('scanned, no text');
    expect(scan.file).toMatchObject({ scanned: true, pages: 2 });
    expect(scan.text).toContain('no text layer (scanned, no text)');
  });

  it('send whole pages up to the limit and name the rest for read_attachment', () => {
    const page = 'x'.repeat(30_000);
    const pdf = pdfAttachment(file('pdf'), 'long.pdf', [page, page, page, page, page]);
    expect(pdf.text.length).toBeLessThan(MAX_ATTACHMENT_CHARS + 500);
    expect(pdf.text).toContain('--- page 3 ---');
    expect(pdf.text).not.toContain('--- page 4 ---');
    expect(pdf.text).toContain('read_attachment (name "long.pdf", pages "4-5")');
    expect(pdf.note).toBe('pages 1–3 of 5 sent; the rest on request');
    expect(pdf.source).toContain('--- page 5 ---');
  });
});

describe('text attachments', () => {
  it('carry a document whole, or its start with the offset to read on from', () => {
    expect(textAttachment(file('docx'), 'plan.docx', '# Plan').text).toBe(
      '<document name="plan.docx" type="docx (as Markdown)">\n# Plan\n</document>',
    );
    const long = textAttachment(file('text'), 'log.txt', 'y'.repeat(MAX_ATTACHMENT_CHARS + 10));
    expect(long.text).toContain(`offset ${MAX_ATTACHMENT_CHARS}`);
    expect(long.source).toHaveLength(MAX_ATTACHMENT_CHARS + 10);
    expect(long.note).toContain('the rest on request');
  });
});

describe('attachment limits', () => {
  it('know the kinds Cove reads by type or name', () => {
    expect(attachmentKind('shot.png', 'image/png')).toBe('image');
    expect(attachmentKind('anim.GIF', '')).toBe('image');
    expect(attachmentKind('paper.pdf', '')).toBe('pdf');
    expect(attachmentKind('plan.docx', '')).toBe('docx');
    expect(attachmentKind('main.py', 'text/x-python')).toBe('text');
    expect(attachmentKind('photo.heic', 'image/heic')).toBeUndefined();
  });

  it('refuse by the limit broken, and say which', () => {
    const big = checkAttachment({ name: 'big.pdf', kind: 'pdf', size: 40 * 1024 * 1024 }, 0);
    expect(big?.params).toMatchObject({ limit: 'size', max: ATTACHMENT_LIMITS.bytes.pdf });
    expect(describeError(big).message).toBe(
      '"big.pdf" is 40.0 MB, over the 32.0 MB size limit for a file of its kind.',
    );
    const many = checkAttachment({ name: 'a.txt', kind: 'text', size: 1 }, 10);
    expect(describeError(many).message).toBe(
      '"a.txt" was not attached: a message takes at most 10 files.',
    );
    const odd = checkAttachment({ name: 'a.heic', kind: undefined, size: 1 }, 0);
    expect(describeError(odd).message).toContain('Cove reads pictures (PNG, JPEG, WebP, GIF), PDF');
    expect(checkAttachment({ name: 'ok.png', kind: 'image', size: 1000 }, 9)).toBeUndefined();
  });
});

describe('pictures in a request', () => {
  const picture = imageAttachment(file('image'), 'shot.png', { url: PIXEL, width: 4, height: 2 });

  it('go as an image part after their label to a model that can see', () => {
    const [message] = pathToMessages([question([picture])], { vision: true });
    expect(toWireMessages([message!], { vision: true, sendReasoningBack: false })).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: '<image name="shot.png" width="4" height="2">\n\n' },
          { type: 'image_url', image_url: { url: PIXEL } },
          { type: 'text', text: 'What is this?' },
        ],
      },
    ]);
  });

  it('are left out for a model that cannot, and the model is told', () => {
    const [message] = pathToMessages([question([picture])], { vision: false });
    const [wire] = toWireMessages([message!], { vision: false, sendReasoningBack: false });
    expect(wire).toEqual({
      role: 'user',
      content:
        '<image name="shot.png" width="4" height="2">\n\nWhat is this?\n[Images left out: this model cannot see images.]',
    });
    expect(JSON.stringify(wire)).not.toContain('base64');
  });

  it('count in the context as a picture does', () => {
    expect(attachmentTokens(picture)).toBeGreaterThan(700);
  });

  it('reach a vision model through the engine, and are stored on the message', async () => {
    const provider = {
      ...FAKE_PROVIDER,
      models: [
        {
          id: 'm1',
          capabilities: { contextWindow: 32_000, maxOutputTokens: 1000, vision: true },
        },
      ],
    };
    const ctx = engineHarness([{ text: 'A screenshot.' }], { provider });
    const session = await ctx.engine.create('w', 'What is this?');
    await ctx.engine.send(session.id, undefined, 'What is this?', undefined, [picture]);
    const last = ctx.client.requests[0]!.messages.at(-1)!;
    expect(last.content).toContainEqual({ type: 'image', url: PIXEL });
    const stored = (await ctx.store.sessions.nodes(session.id)).find((n) => n.role === 'user');
    expect(stored?.attachments).toEqual([picture]);
  });
});
