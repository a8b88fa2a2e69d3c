import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';
import { SessionsPanel } from './support/sessions-panel';

test('the conversations list: automatic title, rename, star, search by content, delete with Undo, kept after a reload', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const list = new SessionsPanel(cove);
  await chat.connect(provider);
  provider.script({ content: 'Use datetime.strptime with a format string.' });
  await chat.ask('How do I parse dates?');
  // After the first exchange the model names the conversation (the fake names it after the
  // question, and a title has no final question mark).
  await expect.poll(() => provider.titleRequests.length).toBe(1);
  await list.open();
  await expect(list.row('How do I parse dates', list.group('Today'))).toBeVisible();
  await expect(list.row('How do I parse dates')).toContainText('Chat');
  await list.close();

  await cove.page.getByRole('button', { name: 'New conversation' }).click();
  await chat.ask('Plot a sine wave');
  await list.open();
  await expect(list.group('Today').getByRole('listitem')).toHaveCount(2);
  await list.rename('Plot a sine wave', 'Sine plots');
  await list.star('Sine plots');
  await expect(list.row('Sine plots', list.group('Starred'))).toBeVisible();
  await expect(list.group('Today').getByRole('listitem')).toHaveCount(1);

  // The word is only in the reply of the first conversation, not in any title.
  await list.search.fill('strptime');
  await expect(list.panel.getByRole('status')).toHaveText('1 of 2 conversations match');
  await expect(list.row('How do I parse dates')).toBeVisible();
  await expect(list.row('Sine plots')).toHaveCount(0);
  await list.search.fill('');
  await expect(list.row('Sine plots')).toBeVisible();
  // Escape closes the list and gives focus back to its button.
  await list.search.press('Escape');
  await expect(list.panel).toBeHidden();
  await expect(list.toggle).toBeFocused();
  await list.open();

  await list.delete('Sine plots');
  await expect(cove.notices).toContainText('Deleted "Sine plots".');
  await cove.notices.getByRole('button', { name: 'Undo' }).click();
  await expect(chat.questions).toHaveText(['Plot a sine wave']);
  await list.open();
  await expect(list.row('Sine plots', list.group('Starred'))).toBeVisible();

  await cove.reload();
  await list.open();
  await expect(list.row('Sine plots', list.group('Starred'))).toBeVisible();
  await expect(list.row('How do I parse dates', list.group('Today'))).toBeVisible();
  await list.show('How do I parse dates');
  await expect(chat.replies).toHaveText([/Use datetime\.strptime/]);
  await cove.page.screenshot({ path: 'test-results/sessions-chat.png' });
  await list.open();
  await list.panel.screenshot({ path: 'test-results/sessions-list.png' });
});

test('branches: the tree view jumps to a branch and deletes one; fork from a message; export and import; a bad file is refused', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const list = new SessionsPanel(cove);
  await chat.connect(provider);
  provider.script(
    { content: 'First answer.' },
    { content: 'Second answer.' },
    { content: 'Edited answer.' },
  );
  await chat.ask('First question');
  await chat.ask('Second question');
  await chat.edit(chat.questions.last(), 'Second question, edited');
  await chat.idle();
  await expect(chat.replies).toHaveText([/First answer\./, /Edited answer\./]);

  await list.openTree();
  await expect(list.tree.getByRole('treeitem')).toHaveCount(3);
  await expect(list.treeItem(/^First question \(2 messages, shown\)/)).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(list.treeItem(/^Second question, edited \(2 messages, shown\)/)).toBeVisible();
  await list.tree.screenshot({ path: 'test-results/sessions-tree.png' });
  // By keyboard: down from the first entry to the older branch, Enter shows it.
  await list.treeItem(/^First question/).focus();
  await cove.page.keyboard.press('ArrowDown');
  await expect(list.treeItem(/^Second question \(2 messages\)/)).toBeFocused();
  await cove.page.keyboard.press('Enter');
  await expect(chat.replies).toHaveText([/First answer\./, /Second answer\./]);
  await expect(list.treeItem(/^Second question \(2 messages, shown\)/)).toBeVisible();

  // Deleting the edited branch asks first; the conversation stays on the other one.
  await list.treeItem(/^Second question, edited/).click();
  await expect(chat.replies).toHaveText([/First answer\./, /Edited answer\./]);
  await cove.page.getByRole('button', { name: 'Delete branch' }).click();
  await cove.dialog.getByRole('button', { name: 'Delete branch' }).click();
  // No branch is left: the whole conversation is one run of four messages.
  await expect(list.tree.getByRole('treeitem')).toHaveCount(1);
  await expect(list.treeItem(/^First question \(4 messages, shown\)/)).toBeVisible();
  await expect(chat.replies).toHaveText([/First answer\./, /Second answer\./]);
  await expect(chat.branches(chat.questions.last())).toHaveCount(0);
  await list.treeToggle.click();

  // Fork from the first reply: a new conversation with the path up to it.
  await chat.replies.first().getByRole('button', { name: 'Fork from here' }).click();
  await expect(cove.notices).toContainText('Forked into "First question (fork)".');
  await expect(chat.questions).toHaveText(['First question']);
  await expect(chat.replies).toHaveText([/First answer\./]);
  await list.open();
  await expect(list.row('First question (fork)')).toBeVisible();
  await list.action('First question (fork)', 'Duplicate');
  await expect(chat.questions).toHaveText(['First question']);
  await list.open();
  await expect(list.row('First question (fork) (copy)')).toBeVisible();
  const markdown = await list.exportFile('First question', 'Export as Markdown');
  expect(markdown.name).toBe('first-question.md');
  expect(markdown.text).toContain('# First question');
  expect(markdown.text).toContain('## You\n\nSecond question\n');

  // Export the original (every branch) and import it back as a new conversation.
  const file = await list.exportFile('First question', 'Export as JSON');
  expect(file.name).toBe('first-question.json');
  expect(JSON.parse(file.text)).toMatchObject({ format: 'cove-session', version: 1 });
  await list.importFile(file.name, file.text);
  await expect(cove.notices).toContainText('Imported "First question (imported)".');
  await expect(chat.questions).toHaveText(['First question', 'Second question']);
  await expect(chat.replies).toHaveText([/First answer\./, /Second answer\./]);
  await list.open();
  await expect(list.row('First question')).toHaveCount(1);
  await expect(list.row('First question (imported)')).toHaveCount(1);

  // A file whose messages form a cycle is refused, saying why and what to do.
  const broken = JSON.parse(file.text) as { nodes: { id: string; parentId: string | null }[] };
  broken.nodes[0]!.parentId = broken.nodes.at(-1)!.id;
  await list.importFile('broken.json', JSON.stringify(broken));
  await expect(cove.notices).toContainText('form a cycle');
  await expect(cove.notices).toContainText('Nothing was imported');
  await list.open();
  await expect(list.row('First question')).toHaveCount(1);
  await expect(list.row('First question (imported)')).toHaveCount(1);

  await cove.reload();
  await list.open();
  await expect(list.row('First question')).toHaveCount(1);
  await expect(list.row('First question (imported)')).toHaveCount(1);
  await expect(list.row('First question (fork)')).toBeVisible();
});

// Invariant 20: deleting a workspace or conversation removes what it owned, only that.
test('a deleted conversation and a deleted branch come back from Recently deleted after a reload', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const list = new SessionsPanel(cove);
  await chat.connect(provider);
  provider.script(
    { content: 'Use datetime.strptime with a format string.' },
    { content: 'Use zoneinfo.' },
    { content: 'Use babel.' },
    { content: 'A sine wave is sin(x).' },
  );
  await chat.ask('How do I parse dates?');
  await expect.poll(() => provider.titleRequests.length).toBe(1);
  await chat.ask('And time zones?');
  await chat.edit(chat.questions.last(), 'And locales?');
  await chat.idle();
  await expect(chat.replies).toHaveText([/strptime/, /Use babel\./]);

  // Delete the branch shown; the conversation goes back to the other one.
  await list.openTree();
  await list.treeItem(/^And locales\?/).click();
  await cove.page.getByRole('button', { name: 'Delete branch' }).click();
  await cove.dialog.getByRole('button', { name: 'Delete branch' }).click();
  await expect(cove.notices).toContainText('Deleted a branch of "How do I parse dates".');
  await expect(chat.replies).toHaveText([/strptime/, /Use zoneinfo\./]);
  await list.treeToggle.click();

  await cove.page.getByRole('button', { name: 'New conversation' }).click();
  await chat.ask('Plot a sine wave');
  await expect.poll(() => provider.titleRequests.length).toBe(2);
  await list.open();
  await list.delete('Plot a sine wave');
  await expect(cove.notices).toContainText('Deleted "Plot a sine wave".');

  // The notices' Undo lived in the tab; Recently deleted is stored and survives a reload.
  await cove.reload();
  await list.openRecentlyDeleted();
  await expect(list.recentlyDeleted.getByRole('listitem')).toHaveCount(2);
  await expect(list.deletedEntry('Plot a sine wave')).toContainText('2 messages');
  await expect(list.deletedEntry('Branch of "How do I parse dates"')).toContainText('And locales?');
  await list.panel.screenshot({ path: 'test-results/sessions-recently-deleted.png' });

  await list.restore('Plot a sine wave');
  await expect(cove.notices).toContainText('Restored "Plot a sine wave".');
  await expect(chat.questions).toHaveText(['Plot a sine wave']);
  await expect(chat.replies).toHaveText([/A sine wave is sin\(x\)\./]);

  await list.restore('Branch of "How do I parse dates"');
  // Back beside the other branch: the switcher at the question says so.
  await expect(chat.questions).toHaveText(['How do I parse dates?', /^And locales\?\s*2 \/ 2/]);
  await expect(chat.replies).toHaveText([/strptime/, /Use babel\./]);
  await list.open();
  await expect(list.row('Plot a sine wave', list.group('Today'))).toBeVisible();
  await expect(list.recentlyDeletedToggle).toHaveCount(0);
});
