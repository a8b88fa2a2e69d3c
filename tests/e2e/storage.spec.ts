import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';
import { SessionsPanel } from './support/sessions-panel';
import { StorageSettings } from './support/storage-settings';

/** A size as Settings shows it: "802 bytes", "1.2 KB". */
const SIZE = /\d+(\.\d)? (bytes?|KB|MB|GB)/;

test('Settings → Storage lists what each conversation holds; one deleted there is gone', async ({
  cove,
  provider,
}) => {
  const chat = new ChatPanel(cove);
  const storage = new StorageSettings(cove);
  const list = new SessionsPanel(cove);
  await chat.connect(provider);
  await cove.createWorkspace('Scratch');
  await cove.switchWorkspace('Welcome');
  provider.script({ content: 'Use datetime.strptime with a format string. '.repeat(40) });
  await chat.ask('How do I parse dates');
  await cove.page.getByRole('button', { name: 'New conversation' }).click();
  provider.script({ content: 'Call plt.plot(x, np.sin(x)).' });
  await chat.ask('Plot a sine wave');
  // Both conversations have their model-made titles before Storage is read.
  await expect.poll(() => provider.titleRequests.length).toBe(2);

  await storage.open();
  const welcome = storage.workspace('Welcome');
  await expect(welcome).toContainText('open');
  await expect(welcome).toContainText('2 conversations');
  await expect(welcome).toContainText(/files and folders \(/);
  // Biggest first: the long answer about dates comes before the short one.
  await expect(storage.conversations.getByRole('listitem')).toHaveCount(2);
  await expect(storage.conversations.getByRole('listitem').first()).toHaveAccessibleName(
    'How do I parse dates',
  );
  await expect(storage.conversation('How do I parse dates')).toContainText('2 messages');
  await expect(storage.conversation('How do I parse dates')).toContainText('KB');
  await expect(storage.conversation('Plot a sine wave')).toContainText(SIZE);
  await storage.section.screenshot({ path: test.info().outputPath('storage-usage.png') });

  await storage.deleteConversation('Plot a sine wave');
  await expect(storage.conversation('Plot a sine wave')).toHaveCount(0);
  await expect(storage.conversations.getByRole('listitem')).toHaveCount(1);
  await expect(welcome).toContainText('1 conversation ');
  await expect(cove.notices).toContainText('Deleted "Plot a sine wave".');

  // Open goes to the conversation and closes Settings; the list agrees it is the only one.
  await storage.conversation('How do I parse dates').getByRole('button', { name: /^Open/ }).click();
  await expect(cove.settings).toBeHidden();
  await expect(chat.questions).toHaveText(['How do I parse dates']);
  await list.open();
  await expect(list.panel.getByRole('listitem')).toHaveCount(1);
  await list.close();

  // Another workspace's row opens that workspace.
  await storage.open();
  await expect(storage.workspace('Scratch')).toContainText('Empty');
  await storage
    .workspace('Scratch')
    .getByRole('button', { name: 'Open workspace Scratch' })
    .click();
  await expect(cove.settings).toBeHidden();
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Scratch');
});
