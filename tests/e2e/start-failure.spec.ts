import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { editBackup, fileInBackup } from './support/backup-file';
import { CovePage } from './support/cove-page';
import { KeysSettings } from './support/keys-page';

/**
 * A fault Cove has no test row for: reading navigator.locks throws while Cove wires its
 * services, after the database has opened. Whatever the cause, the start fails past the
 * point where the stored data could be read.
 */
async function breakStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'locks', {
      get() {
        throw new Error('Simulated fault while starting');
      },
    });
  });
}

test('a start that fails still lets the person download their data and restore a backup', async ({
  context,
  page,
}) => {
  const cove = await new CovePage(page).open();
  await cove.item('main.py').click();
  await cove.typeInto('main.py', 'print("kept through a failed start")\n');
  await cove.expectSaved();
  await cove.openSettings();
  const backup = await new KeysSettings(cove).downloadBackup();
  await page.close();

  const broken = await context.newPage();
  await breakStart(broken);
  await broken.goto('./');
  const fatal = broken.getByRole('alert').filter({ hasText: 'Cove could not start' });
  await expect(fatal).toContainText('Simulated fault while starting');
  await broken.screenshot({ path: test.info().outputPath('start-failure.png') });

  // What is stored can be downloaded without the app.
  const rescued = broken.waitForEvent('download');
  await fatal.getByRole('button', { name: 'Download a backup' }).click();
  const rescue = await readFile(await (await rescued).path());
  expect(fileInBackup(rescue, 'main.py')).toBe('print("kept through a failed start")\n');
  await expect(fatal.getByRole('status')).toContainText('Downloaded cove-backup-');

  // A tampered backup is refused; a good one is restored.
  const restoreFile = async (buffer: Buffer) => {
    const chooser = broken.waitForEvent('filechooser');
    await fatal.getByRole('button', { name: 'Restore a backup…' }).click();
    await (await chooser).setFiles([{ name: 'backup.zip', mimeType: 'application/zip', buffer }]);
  };
  await restoreFile(
    editBackup(backup, (m) => m.settings.push({ key: 'app.lastWorkspace', value: { id: 1 } })),
  );
  await expect(fatal.getByRole('alert')).toContainText('setting "app.lastWorkspace" is damaged');
  await restoreFile(Buffer.from(backup));
  const form = fatal.getByRole('form', { name: 'Restore this backup' });
  await expect(form).toContainText('1 workspace');
  await form.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(fatal.getByRole('status')).toContainText('Backup restored: 1 workspace');

  // Once the fault is gone, Cove starts with the data as it was.
  const healthy = new CovePage(await context.newPage());
  await healthy.open();
  await healthy.item('main.py').click();
  await expect
    .poll(() => healthy.editorText('main.py'))
    .toBe('print("kept through a failed start")\n');
});
