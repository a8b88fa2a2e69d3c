import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { editBackup, type BackupManifest } from './support/backup-file';
import { CovePage } from './support/cove-page';
import { KeysSettings } from './support/keys-page';

// Invariant 14: export, wipe, import gives back the same files and tree.
test('download a backup, restore it into a fresh browser: everything comes back', async ({
  browser,
  page,
}) => {
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Thesis');
  await cove.newFile('chapter1.md');
  await cove.typeInto('chapter1.md', '# Chapter 1\n\nIt was a dark and stormy night.\n');
  await page.keyboard.press('ControlOrMeta+s');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'figure.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0, 1, 2, 255]) },
  ]);
  await expect(cove.item('figure.png')).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(/Using .* of .* available\./)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const backup = await readFile(await (await download).path());

  // A new context is a browser with nothing stored.
  const fresh = await browser.newContext();
  const other = await new CovePage(await fresh.newPage()).open();
  await expect(other.workspaceSelect.locator('option')).toHaveCount(1);
  await other.page.getByRole('button', { name: 'Settings' }).click();
  const restoreChooser = other.page.waitForEvent('filechooser');
  await other.page.getByRole('button', { name: 'Restore backup…' }).click();
  await (
    await restoreChooser
  ).setFiles([{ name: 'backup.zip', mimeType: 'application/zip', buffer: backup }]);
  await other.page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(other.notices).toContainText('Backup restored: 2 workspaces');
  await other.page.getByRole('button', { name: 'Close settings' }).click();
  await other.switchWorkspace('Thesis');
  await other.item('chapter1.md').click();
  await expect
    .poll(() => other.editorText('chapter1.md'))
    .toBe('# Chapter 1\n\nIt was a dark and stormy night.\n');
  await other.item('figure.png').click();
  await expect(other.page.getByText('is binary, 6 bytes')).toBeVisible();
  await fresh.close();
});

// Invariant 5: a failed migration or import leaves the previous data readable.
test('a bad backup file is refused and nothing changes', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await page.getByRole('button', { name: 'Settings' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Restore backup…' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') },
  ]);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  const alert = cove.notices.getByRole('alert');
  await expect(alert).toContainText('This file is not a usable Cove backup');
  await expect(alert).toContainText('Nothing was changed.');
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.item('main.py')).toBeVisible();
  await expect(cove.workspaceSelect.locator('option')).toHaveCount(1);
});

test.describe('a tampered backup is refused whole, naming the row, and Cove keeps working', () => {
  const session = (workspaceId: string) => ({
    id: 'tampered-session',
    workspaceId,
    title: 'Tampered',
    mode: 'chat',
    leafId: 'tampered-node',
    createdAt: 1,
    updatedAt: 1,
  });
  const cases: [name: string, edit: (m: BackupManifest) => void, row: RegExp][] = [
    [
      'open tabs that are not a list of paths',
      (m) =>
        m.settings.push({ key: `editor.tabs.${m.workspaces[0]!.id}`, value: { garbage: [1, 2] } }),
      /setting "editor\.tabs\.[^"]+" is damaged \(at value\.paths/,
    ],
    [
      'a file whose date is text',
      (m) => (m.files.find((f) => f.path === 'main.py')!.mtime = 'yesterday'),
      /file "main\.py" is damaged \(at mtime/,
    ],
    [
      'a message with a role Cove does not have',
      (m) => {
        m.sessions.push(session(m.workspaces[0]!.id));
        m.nodes.push({
          id: 'tampered-node',
          sessionId: 'tampered-session',
          parentId: null,
          role: 'administrator',
          content: 'hi',
          status: 'complete',
          startedAt: 1,
        });
      },
      /message "tampered-node" is damaged \(at role/,
    ],
  ];

  for (const [name, edit, row] of cases) {
    test(name, async ({ page }) => {
      const cove = await new CovePage(page).open();
      await cove.openSettings();
      const good = await new KeysSettings(cove).downloadBackup();
      await page.getByRole('button', { name: 'Close settings' }).click();
      // Changed after the backup: a restore that wrote anything would undo it.
      await cove.item('main.py').click();
      await cove.typeInto('main.py', 'print("after the backup")\n');
      await cove.expectSaved();

      await cove.openSettings();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Restore backup…' }).click();
      await (
        await chooser
      ).setFiles([
        { name: 'tampered.zip', mimeType: 'application/zip', buffer: editBackup(good, edit) },
      ]);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
      const alert = cove.notices.getByRole('alert');
      await expect(alert).toContainText(row);
      await expect(alert).toContainText('Nothing was changed.');
      await page.getByRole('button', { name: 'Close settings' }).click();

      // Nothing was written: the next start is a normal one, with the newer text.
      await cove.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'could not start' })).toHaveCount(0);
      await cove.item('main.py').click();
      await expect.poll(() => cove.editorText('main.py')).toBe('print("after the backup")\n');
    });
  }
});
