import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { ChatPanel } from './support/chat-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

type WirePart = { type: string; text?: string; image_url?: { url: string } };

/** The last message of the request the model received last. */
function lastQuestion(provider: FakeOpenAIServer): string | WirePart[] {
  const body = provider.chatRequests().at(-1)!.body as {
    messages: { content: string | WirePart[] }[];
  };
  return body.messages.at(-1)!.content;
}

/** Adds the fake provider with one model that, as its listing says, takes images. */
async function connectVisionModel(cove: CovePage, provider: FakeOpenAIServer) {
  provider.configure({
    models: [
      {
        id: 'chat-model',
        object: 'model',
        owned_by: 'fake',
        architecture: { input_modalities: ['text', 'image'] },
      },
    ],
  });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
}

/** A PDF of three pages with one line of text each. */
async function threePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of [
    'Chapter one: the harbour at dawn.',
    'Chapter two: the storm arrives.',
    'Chapter three: the lighthouse keeper is named Ada Quill.',
  ]) {
    doc.addPage([400, 300]).drawText(line, { x: 20, y: 250, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

/** A Word document with a heading and one paragraph, zipped from minimal XML. */
function minimalDocx(): number[] {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  const zip = zipSync({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': xml(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Release notes</w:t></w:r></w:p><w:p><w:r><w:t>Version 2 ships on Friday.</w:t></w:r></w:p></w:body></w:document>',
    ),
  });
  return [...zip];
}

/** Pastes a small PNG into the message box, as a screenshot from the clipboard arrives. */
async function pasteScreenshot(chat: ChatPanel, width: number, height: number) {
  await chat.messageBox.click();
  await chat.messageBox.evaluate(
    async (box, size) => {
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c33';
      context.fillRect(0, 0, size.width, size.height);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([blob], 'image.png', { type: 'image/png' }));
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    },
    { width, height },
  );
}

test('a pasted screenshot goes to a vision model as an image, downscaled to 1,568 px, and its chip is back after a reload', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await connectVisionModel(cove, provider);

  // A screenshot on the clipboard, as the browser hands it to a paste: a file "image.png".
  await pasteScreenshot(chat, 3136, 1000);
  const attachments = cove.page.getByRole('list', { name: 'Attachments', exact: true });
  const chip = attachments.getByRole('listitem');
  await expect(chip).toContainText(/^Pasted .+\.png/);
  await expect(chip.getByRole('img')).toHaveCount(1);
  await expect(chip).not.toContainText('not sent');
  await chip.getByRole('button', { name: /^Pasted/ }).click();
  await expect(cove.page.getByRole('region', { name: /^Attached: Pasted/ })).toContainText(
    '1,568 × 500 px as sent',
  );
  await cove.page.screenshot({ path: test.info().outputPath('pasted-image-chip.png') });

  provider.script({ content: 'A red rectangle.' });
  await chat.messageBox.fill('What is in this screenshot?');
  await chat.messageBox.press('Enter');
  await expect(chat.replies.last()).toContainText('A red rectangle.');
  await chat.idle();
  await expect(attachments).toBeHidden();

  const question = lastQuestion(provider) as WirePart[];
  expect(Array.isArray(question)).toBe(true);
  const image = question.find((part) => part.type === 'image_url');
  expect(image?.image_url?.url).toMatch(/^data:image\/png;base64,/);
  expect(question.at(-1)).toEqual({ type: 'text', text: 'What is in this screenshot?' });

  await cove.reload();
  const sent = chat.questions.last();
  await expect(sent.getByRole('listitem').filter({ hasText: /^Pasted/ })).toHaveCount(1);
  await expect(sent.getByRole('img')).toHaveCount(1);
});

test('an attached PDF goes page by page: a question about page 3 carries its text, and the chip says its pages after a reload', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);

  const chooser = cove.page.waitForEvent('filechooser');
  await cove.page.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'story.pdf', mimeType: 'application/pdf', buffer: await threePagePdf() });
  const chip = cove.page
    .getByRole('list', { name: 'Attachments', exact: true })
    .getByRole('listitem');
  await expect(chip).toContainText('story.pdf');
  await expect(chip).toContainText('3 pages');
  await cove.page.screenshot({ path: test.info().outputPath('pdf-chip.png') });

  provider.script({ content: 'Page 3 names the keeper: Ada Quill.' });
  await chat.messageBox.fill('Who keeps the lighthouse, according to page 3?');
  await chat.messageBox.press('Enter');
  await expect(chat.replies.last()).toContainText('Ada Quill');
  await chat.idle();

  const question = lastQuestion(provider) as string;
  expect(question).toContain('<document name="story.pdf" pages="3">');
  expect(question).toContain(
    '--- page 3 ---\nChapter three: the lighthouse keeper is named Ada Quill.',
  );
  expect(question.endsWith('Who keeps the lighthouse, according to page 3?')).toBe(true);

  await cove.reload();
  const sent = chat.questions.last();
  const sentChip = sent.getByRole('listitem').filter({ hasText: 'story.pdf' });
  await expect(sentChip).toContainText('3 pages');
  await sentChip.getByRole('button', { name: 'story.pdf' }).click();
  await expect(sent.getByRole('region', { name: 'Attached: story.pdf' })).toContainText(
    'Chapter three',
  );
});

test('a model without vision: a pasted picture is marked not sent and left out of the request, a dropped DOCX goes as Markdown', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  await chat.connect(provider);

  await pasteScreenshot(chat, 200, 100);
  const attachments = cove.page.getByRole('list', { name: 'Attachments', exact: true });
  await expect(attachments.getByRole('listitem')).toContainText(
    'not sent: this model cannot see images',
  );

  // A file dropped on the composer, as the browser hands a drop over.
  await chat.messageBox.evaluate((box, bytes) => {
    const files = new DataTransfer();
    files.items.add(
      new File([new Uint8Array(bytes)], 'notes.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    );
    for (const type of ['dragenter', 'dragover', 'drop']) {
      box.dispatchEvent(
        new DragEvent(type, { dataTransfer: files, bubbles: true, cancelable: true }),
      );
    }
  }, minimalDocx());
  await expect(attachments.getByRole('listitem')).toHaveCount(2);
  await expect(attachments.getByRole('listitem').last()).toContainText('notes.docx');
  await cove.page.screenshot({ path: test.info().outputPath('no-vision-chips.png') });

  provider.script({ content: 'Friday.' });
  await chat.messageBox.fill('When does version 2 ship?');
  await chat.messageBox.press('Enter');
  await expect(chat.replies.last()).toContainText('Friday.');
  await chat.idle();

  const question = lastQuestion(provider);
  expect(typeof question).toBe('string');
  expect(question).not.toContain('base64');
  expect(question).toContain('[Images left out: this model cannot see images.]');
  expect(question).toContain('Release notes\n\nVersion 2 ships on Friday.');
});
