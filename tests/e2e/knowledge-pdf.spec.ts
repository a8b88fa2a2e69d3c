import { zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';
import { KnowledgePanel } from './support/knowledge-panel';

/** A three-page report, one topic a page: only page 3 names the keeper. */
async function report(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of [
    ['Harbour report, part one.', 'The quay was rebuilt in spring.'],
    ['Part two: the storm season.', 'Boats stay in from October.'],
    ['Part three: the lighthouse.', 'The lighthouse keeper is named Ada Quill.'],
  ]) {
    const page = doc.addPage([400, 300]);
    lines.forEach((line, i) => page.drawText(line, { x: 20, y: 250 - 20 * i, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

/** The last message of the request the model received last. */
function passagesSent(provider: FakeOpenAIServer): string {
  const body = provider.chatRequests().at(-1)!.body as { messages: { content: unknown }[] };
  return String(body.messages.at(-1)!.content);
}

test('a citation of a PDF passage opens the text of its page, the passage marked', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const knowledge = new KnowledgePanel(cove);
  await chat.connect(provider);
  await cove.importZip(zipSync({ 'docs/report.pdf': await report() }), 'Zip import: 1 file added.');
  await knowledge.add('docs');
  await expect(knowledge.entry('docs')).toContainText('Indexed');

  provider.script({ content: 'The keeper is Ada Quill [1].' });
  await chat.ask('Who is the lighthouse keeper? #knowledge');
  expect(passagesSent(provider)).toContain('page="3"');

  const citation = chat.replies
    .last()
    .getByRole('button', { name: 'Source 1: docs/report.pdf, page 3' });
  await citation.click();
  const dialog = cove.page.getByRole('dialog', { name: 'docs/report.pdf, page 3' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Cove has no PDF viewer');
  await expect(dialog.locator('mark')).toContainText('The lighthouse keeper is named Ada Quill.');
  await expect(dialog).not.toContainText('storm season');
  await cove.page.screenshot({ path: test.info().outputPath('pdf-page.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
