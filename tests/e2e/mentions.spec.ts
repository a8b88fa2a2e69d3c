import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { ChatPanel } from './support/chat-panel';
import { ComposerMenu } from './support/composer-menu';
import { ContextPanel } from './support/context-panel';
import { expect, test } from './support/fixtures';

/** The text of the last message of the request the model received last. */
function lastQuestion(provider: FakeOpenAIServer): string {
  const body = provider.chatRequests().at(-1)!.body as { messages: { content: unknown }[] };
  return String(body.messages.at(-1)!.content);
}

test('@ mentions a file picked with the keyboard: the model reads its text, the sent message shows the chip, also after a reload', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const menu = new ComposerMenu(cove);
  await chat.connect(provider);

  await menu.type('Explain @mai');
  await expect(menu.mentions).toBeVisible();
  await expect(menu.box).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.box).toHaveAttribute('aria-controls', 'composer-menu');
  await menu.expectChosen('main.py');
  await cove.page.screenshot({ path: test.info().outputPath('mention-menu.png') });
  await menu.box.press('Enter');
  await expect(menu.mentions).toBeHidden();
  await expect(menu.box).toHaveAttribute('aria-expanded', 'false');
  // The text keeps a readable token; the chip is what is attached.
  await expect(menu.box).toHaveValue('Explain @main.py ');
  await expect(menu.pending).toContainText('main.py');
  await cove.page.screenshot({ path: test.info().outputPath('mention-chip.png') });

  provider.script({ content: 'It greets and counts.' });
  await cove.page.keyboard.type('please');
  await menu.box.press('Enter');
  await expect(chat.replies.last()).toContainText('It greets and counts.');
  await chat.idle();
  await expect(menu.pending).toBeHidden();

  const question = lastQuestion(provider);
  expect(question).toContain('<file path="main.py">');
  expect(question).toContain('def greet(name: str) -> str:');
  expect(question).toContain('def fibonacci(n: int) -> list[int]:');
  expect(question.endsWith('Explain @main.py please')).toBe(true);

  const sent = chat.questions.last();
  await expect(menu.chipsOf(sent)).toHaveText('main.py');
  await expect(sent).toContainText('Explain @main.py please');

  await cove.reload();
  const reloaded = chat.questions.last();
  await expect(menu.chipsOf(reloaded)).toHaveText('main.py');
  // The chip opens what the model read, exactly as attached.
  const chip = menu.chipsOf(reloaded).getByRole('button', { name: 'main.py', exact: true });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-expanded', 'true');
  const attached = reloaded.getByRole('region', { name: 'Attached: main.py' });
  await expect(attached).toContainText('def fibonacci(n: int) -> list[int]:');
  await cove.page.screenshot({ path: test.info().outputPath('mention-opened.png') });
  await chip.press('Enter');
  await expect(attached).toBeHidden();
});

test('a folder mention, picked with the mouse, sends the folder’s tree; a removed chip sends nothing', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const menu = new ComposerMenu(cove);
  await chat.connect(provider);
  // One call: a second New file would be made inside the folder selected by the first.
  await cove.newFile('lib/data/table.csv');

  await menu.type('What is in @lib');
  await expect(menu.mentions).toBeVisible();
  await menu.option('lib/').click();
  await expect(menu.mentions).toBeHidden();
  await expect(menu.pending).toContainText('lib/');

  // A second mention, removed again: only the chip decides what goes.
  await cove.page.keyboard.type('@READ');
  await menu.expectChosen('README.md');
  await cove.page.keyboard.press('Tab');
  await expect(menu.pending).toContainText('README.md');
  await menu.pending.getByRole('button', { name: 'Remove README.md' }).click();
  await expect(menu.pending).not.toContainText('README.md');

  provider.script({ content: 'A folder with a table.' });
  await menu.box.press('End');
  await cove.page.keyboard.type('?');
  await menu.box.press('Enter');
  await expect(chat.replies.last()).toContainText('A folder with a table.');

  const question = lastQuestion(provider);
  expect(question).toContain('<folder path="lib/" holds="1 file, 1 folder">');
  expect(question).toContain('data/');
  expect(question).toContain('table.csv (0 bytes)');
  expect(question).not.toContain('# Welcome to Cove');
  await expect(menu.chipsOf(chat.questions.last())).toHaveText('lib/');
});

test('/comp and Enter runs /compact from the menu', async ({ cove, provider }) => {
  const chat = new ChatPanel(cove);
  const context = new ContextPanel(cove);
  const menu = new ComposerMenu(cove);
  await chat.connect(provider);
  provider.script({ content: 'First answer.' });
  await chat.ask('First question');

  provider.script({ content: '## Goal\nA summary of the first question.' });
  await menu.type('/comp');
  await expect(menu.commands).toBeVisible();
  await menu.expectChosen('/compact');
  await menu.box.press('Enter');
  await expect(context.markers).toHaveCount(1);
  await expect(cove.notices).toContainText('Compacted');
  await expect(menu.box).toHaveValue('');
  const summary = JSON.stringify(provider.chatRequests().at(-1)!.body);
  expect(summary).toContain('You compact a coding assistant');
  expect(summary).toContain('USER: First question');
});

test('Escape closes the menu and leaves the text as typed; an email address opens nothing', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const menu = new ComposerMenu(cove);
  await chat.connect(provider);

  await menu.type('see @ma');
  await expect(menu.mentions).toBeVisible();
  await menu.box.press('Escape');
  await expect(menu.mentions).toBeHidden();
  await expect(menu.box).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.box).toHaveValue('see @ma');
  await expect(menu.pending).toBeHidden();

  await menu.box.fill('');
  await menu.type('/cl');
  await expect(menu.commands).toBeVisible();
  await expect(menu.option('/clear')).toBeVisible();
  await menu.box.press('Escape');
  await expect(menu.commands).toBeHidden();
  await expect(menu.box).toHaveValue('/cl');

  await menu.box.fill('');
  await menu.type('write to ada@example');
  await expect(menu.mentions).toBeHidden();
  await expect(menu.box).toHaveAttribute('aria-expanded', 'false');
});
