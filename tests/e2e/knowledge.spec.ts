import { zipSync } from 'fflate';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { AgentPanel } from './support/agent-panel';
import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';
import { KnowledgePanel } from './support/knowledge-panel';

/** A small documentation folder: the retry section starts at line 11 of guide.md. */
const GUIDE = [
  '# Service guide',
  '',
  'This guide explains how the service is installed and tuned.',
  '',
  '## Install',
  '',
  'Download the archive and run the installer with --prefix.',
  'The installer writes a default config.toml next to the binary.',
  '',
  '',
  '## Retries',
  '',
  'Failed uploads are retried. Set retry_limit in config.toml to change how often;',
  'the default is three attempts with exponential backoff.',
  '',
  '## Logging',
  '',
  'Logs go to stderr unless log_file is set.',
].join('\n');
const FAQ = '# FAQ\n\nQ: Does it run offline?\nA: Yes, everything is local.\n';

/** The passages the model received with the last question. */
function passagesSent(provider: FakeOpenAIServer): string {
  const body = provider.chatRequests().at(-1)!.body as { messages: { content: unknown }[] };
  return String(body.messages.at(-1)!.content);
}

test('a docs folder in the knowledge: asked with #knowledge, the reply cites it, the citation opens the line; after a reload all is still there', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const knowledge = new KnowledgePanel(cove);
  await chat.connect(provider);
  await cove.importZip(
    zipSync({ 'docs/guide.md': Buffer.from(GUIDE), 'docs/faq.md': Buffer.from(FAQ) }),
    'Zip import: 2 files added.',
  );

  await knowledge.add('docs');
  await expect(knowledge.panel).toBeVisible();
  const docs = knowledge.entry('docs');
  await expect(docs).toContainText('2 files');
  await expect(docs).toContainText(/\d+ chunks/);
  await expect(docs).toContainText('Indexed');
  await cove.page.screenshot({ path: test.info().outputPath('knowledge-panel.png') });

  // The model cites passage 1 (retrieved) and 9 (never retrieved).
  provider.script({ content: 'Set retry_limit in config.toml [1]. Some say otherwise [9].' });
  await chat.ask('How do I change the retry limit? #knowledge');
  const sent = passagesSent(provider);
  expect(sent).toContain('<passage n="1" path="docs/guide.md" lines="11-14"');
  expect(sent).toContain('Set retry_limit in config.toml');
  await expect(chat.questions.last()).toContainText(/Knowledge: \d passages?/);

  const reply = chat.replies.last();
  const citation = reply.getByRole('button', { name: 'Source 1: docs/guide.md, line 11' });
  await expect(citation).toBeVisible();
  await expect(reply.getByRole('button', { name: /Source 9/ })).toHaveCount(0);
  await expect(reply).toContainText('[9]');
  await cove.page.screenshot({ path: test.info().outputPath('knowledge-citation.png') });

  await citation.click();
  await expect(cove.tab('guide.md')).toHaveAttribute('aria-selected', 'true');
  await expect(cove.editor('docs/guide.md').locator('.cm-activeLine')).toHaveText('## Retries');

  await cove.reload();
  const again = chat.replies
    .last()
    .getByRole('button', { name: 'Source 1: docs/guide.md, line 11' });
  await expect(again).toBeVisible();
  await knowledge.show();
  await expect(knowledge.entry('docs')).toContainText('2 files');
  await again.click();
  await expect(cove.editor('docs/guide.md').locator('.cm-activeLine')).toHaveText('## Retries');
});

test('the knowledge follows an edit; a citation to the file changed since says so; Remove empties it', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const knowledge = new KnowledgePanel(cove);
  await chat.connect(provider);
  await cove.importZip(zipSync({ 'notes.md': Buffer.from(GUIDE) }), 'Zip import: 1 file added.');
  await knowledge.add('notes.md');
  await expect(knowledge.entry('notes.md')).toContainText('Indexed');

  // The toggle retrieves for every message, no tag needed.
  await cove.page.getByRole('button', { name: 'Knowledge', exact: true }).click();
  await expect(cove.page.getByRole('button', { name: 'Knowledge', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  provider.script({ content: 'See [1].' });
  await chat.ask('Where do logs go?');
  expect(passagesSent(provider)).toContain('Logs go to stderr');

  const edited = `${GUIDE}\n\n## Metrics\n\nMetrics are served on port 9100.\n`;
  await cove.page.getByRole('tab', { name: 'Files', exact: true }).click();
  await cove.item('notes.md').click();
  await cove.typeInto('notes.md', edited);
  await cove.page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  provider.script({ content: 'Port 9100 [1].' });
  await chat.ask('Which port serves metrics?');
  expect(passagesSent(provider)).toContain('Metrics are served on port 9100.');

  await cove.reload();
  const first = chat.replies.first();
  await expect(
    first.getByRole('button', {
      name: /^Source 1: notes\.md, line \d+ \(the file changed since\)$/,
    }),
  ).toBeVisible();
  await expect(first).toContainText('changed since');

  await knowledge.show();
  await knowledge.panel.getByRole('button', { name: 'Remove notes.md from the knowledge' }).click();
  await expect(knowledge.panel).toContainText('Nothing is in the knowledge yet.');
});

test('an agent reply cites what its search_knowledge call returned; the citation opens the line', async ({
  cove,
  provider,
}) => {
  const agent = new AgentPanel(cove);
  const knowledge = new KnowledgePanel(cove);
  await agent.connect(provider);
  await cove.importZip(
    zipSync({ 'docs/guide.md': Buffer.from(GUIDE), 'docs/faq.md': Buffer.from(FAQ) }),
    'Zip import: 2 files added.',
  );
  await knowledge.add('docs');
  await expect(knowledge.entry('docs')).toContainText('Indexed');
  await agent.switchToAgent();

  provider.script(
    {
      toolCalls: [
        { id: 'call_search', name: 'search_knowledge', arguments: { query: 'retry_limit' } },
      ],
    },
    { content: 'Set retry_limit in config.toml [1].' },
  );
  await agent.send('How do I change the retry limit?');
  const reply = agent.chat.replies.last();
  await expect(reply).toContainText('Set retry_limit in config.toml');
  await agent.idle();
  const citation = reply.getByRole('button', { name: 'Source 1: docs/guide.md, line 11' });
  await expect(citation).toBeVisible();
  await citation.click();
  await expect(cove.editor('docs/guide.md').locator('.cm-activeLine')).toHaveText('## Retries');

  // After a reload the citation is rebuilt from the stored call's result.
  await cove.reload();
  await expect(
    agent.chat.replies.last().getByRole('button', { name: 'Source 1: docs/guide.md, line 11' }),
  ).toBeVisible();
});
