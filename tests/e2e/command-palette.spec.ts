import { expect, test } from './support/fixtures';
import { CommandPalette } from './support/command-palette';
import { QuickOpen } from './support/quick-open';

test('Ctrl+Shift+P runs a command by part of its name, and Escape gives the focus back', async ({
  cove,
  page,
}) => {
  const palette = new CommandPalette(cove);
  const mode = page.getByRole('radiogroup', { name: 'Mode' });
  await cove.writePython('hello.py', 'print("hi")\n');
  await expect(mode.getByRole('radio', { name: 'Chat' })).toBeChecked();

  // From inside the editor: the palette opens over it; Escape closes it and the editor has
  // the focus again.
  await cove.editor('hello.py').click();
  await palette.open();
  await expect(palette.options.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('command-palette.png') });
  await page.keyboard.press('Escape');
  await expect(palette.dialog).toBeHidden();
  await expect(cove.editor('hello.py')).toBeFocused();

  // "toggle agent" switches the conversation's mode, and back.
  await palette.run('toggle agent', 'Toggle agent mode');
  await expect(mode.getByRole('radio', { name: 'Agent' })).toBeChecked();
  // The focus went back to the editor before the command ran.
  await expect(cove.editor('hello.py')).toBeFocused();

  // "new conv" starts a new conversation, in chat mode.
  await palette.run('new conv', 'New conversation');
  await expect(mode.getByRole('radio', { name: 'Chat' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Conversation' })).toHaveValue('');

  // The recently used come first; a command's shortcut is shown, not part of its name.
  await palette.open();
  await expect(palette.options.nth(0)).toHaveAccessibleName('New conversation');
  await expect(palette.options.nth(1)).toHaveAccessibleName('Toggle agent mode');
  await expect(palette.option('Run the current file')).toHaveAttribute(
    'aria-keyshortcuts',
    /^(Control|Meta)\+Enter$/,
  );
  await expect(palette.option('Quick open')).toHaveAttribute(
    'aria-keyshortcuts',
    /^(Control|Meta)\+P$/,
  );

  // A command that cannot run now is listed dimmed with why, and Enter does not run it.
  await palette.type('stop the run');
  await expect(palette.selected).toHaveAccessibleName('Stop the run');
  await expect(palette.selected).toHaveAttribute('aria-disabled', 'true');
  await expect(palette.selected).toHaveAccessibleDescription('No program is running.');
  await page.keyboard.press('Enter');
  await expect(palette.dialog).toBeVisible();
  await expect(palette.dialog.getByRole('status')).toHaveText(
    'Stop the run: No program is running.',
  );

  // Home and End move through the list; Escape closes.
  await palette.box.fill('>');
  await page.keyboard.press('End');
  const last = await palette.options.last().getAttribute('aria-label');
  await expect(palette.selected).toHaveAccessibleName(last!);
  await page.keyboard.press('Home');
  await expect(palette.selected).toHaveAccessibleName('New conversation');
  await page.keyboard.press('Escape');
  await expect(palette.dialog).toBeHidden();

  // "settings" opens Settings, which takes the focus.
  await palette.run('settings', 'Open settings');
  await expect(cove.settings).toBeVisible();
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.settings).toBeHidden();
});

test('">" in Quick open switches to the command palette, and deleting it back', async ({
  cove,
  page,
}) => {
  const quick = new QuickOpen(cove);
  const palette = new CommandPalette(cove);
  await quick.open();
  await expect(quick.options.first()).toBeVisible();

  await quick.box.pressSequentially('>');
  await expect(palette.dialog).toBeVisible();
  await expect(palette.box).toBeFocused();
  await expect(palette.options.first()).toBeVisible();

  await page.keyboard.press('Backspace');
  await expect(quick.dialog).toBeVisible();
  await expect(quick.box).toHaveValue('');
  await expect(quick.options.first()).toBeVisible();

  // Ctrl+Shift+P in Quick open goes to commands too, and Ctrl+P back to files.
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await expect(palette.box).toHaveValue('>');
  await expect(palette.box).toBeFocused();
  await page.keyboard.press('ControlOrMeta+p');
  await expect(quick.box).toHaveValue('');
  await expect(quick.box).toBeFocused();

  // A command chosen there runs: "show logs" opens the Logs.
  // Typed as keys into the box, which has the focus (its name changes with the ">").
  await page.keyboard.type('>show logs');
  await expect(palette.box).toHaveValue('>show logs');
  await expect(palette.selected).toHaveAccessibleName('Show logs');
  await page.keyboard.press('Enter');
  await expect(palette.dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Logs' })).toBeVisible();
});

test('workspaces by name from the palette: switch to one, or focus the picker', async ({
  cove,
  page,
}) => {
  const palette = new CommandPalette(cove);
  await cove.createWorkspace('Homework');

  // One command per other workspace.
  await palette.run('switch to welcome', 'Switch to workspace “Welcome”');
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Welcome');

  // "Switch workspace…" shows the files panel and gives the picker the focus.
  await page.getByRole('button', { name: 'Show files panel' }).click();
  await expect(cove.workspaceSelect).toBeHidden();
  await palette.run('switch workspace', 'Switch workspace…');
  await expect(cove.workspaceSelect).toBeFocused();
});
