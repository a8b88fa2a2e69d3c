import { readFile } from 'node:fs/promises';
import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * How long the work behind a passphrase may take once submitted: 600,000 rounds of PBKDF2
 * (about 0.1 s of CPU here, on the browser's WebCrypto thread) and then the backup, restore
 * or import it unlocks. On a fresh profile that shares two cores with Python's first start
 * and the other test worker; the slowest seen here (restore, click to dialog closed) was
 * about 9 s, and this allows a machine three times slower.
 */
export const PASSPHRASE_WORK_MS = 30_000;

/**
 * Settings → Backup and the passphrase that protects API keys in files, as a person uses
 * them (by role and label). Works on a CovePage whose Settings dialog is open.
 */
export class KeysSettings {
  constructor(readonly cove: CovePage) {}

  /** The open passphrase dialog. */
  get passphraseDialog(): Locator {
    return this.cove.page.getByRole('dialog', { name: /^(Choose a passphrase|Passphrase for)/ });
  }

  /** Downloads a backup; with a passphrase the keys go in, encrypted. Returns the zip bytes. */
  async downloadBackup(passphrase?: string): Promise<Buffer> {
    const settings = this.cove.settings;
    const include = settings.getByRole('checkbox', {
      name: 'Add the API keys, encrypted with a passphrase',
    });
    await include.setChecked(passphrase !== undefined);
    const download = this.cove.page.waitForEvent('download');
    await settings.getByRole('button', { name: 'Download backup' }).click();
    if (passphrase !== undefined) {
      const dialog = this.passphraseDialog;
      await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
      await dialog.getByLabel('Repeat the passphrase').fill(passphrase);
      await dialog.getByRole('button', { name: 'Download backup' }).click();
      await this.passphraseWorkDone();
      await expect(dialog).toBeHidden();
    }
    return readFile(await (await download).path());
  }

  /** Chooses a backup to restore and confirms; a backup with keys then asks the passphrase. */
  async startRestore(backup: Buffer): Promise<void> {
    const page = this.cove.page;
    const chooser = page.waitForEvent('filechooser');
    await this.cove.settings.getByRole('button', { name: 'Restore backup…' }).click();
    await (
      await chooser
    ).setFiles([{ name: 'backup.zip', mimeType: 'application/zip', buffer: backup }]);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  }

  /**
   * Types a passphrase into the open "enter" dialog, submits it with `button` and waits until
   * the work it started is over: the dialog then shows why it failed, or is gone.
   */
  async enterPassphrase(passphrase: string, button: string): Promise<void> {
    const dialog = this.passphraseDialog;
    await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await this.passphraseWorkDone();
  }

  /**
   * Waits while the passphrase dialog shows that it is working (its progress bar appears on
   * submit, before any of the work). Gone, or back with an error, the work is over.
   */
  async passphraseWorkDone(): Promise<void> {
    await expect(this.passphraseDialog.getByRole('progressbar')).toHaveCount(0, {
      timeout: PASSPHRASE_WORK_MS,
    });
  }

  /** Exports the provider configuration with its keys under `passphrase`; returns the text. */
  async exportProvidersWithKeys(passphrase: string): Promise<string> {
    const settings = this.cove.settings;
    await settings.getByRole('checkbox', { name: 'Include API keys', exact: true }).check();
    const download = this.cove.page.waitForEvent('download');
    await settings.getByRole('button', { name: 'Export configuration' }).click();
    const dialog = this.passphraseDialog;
    await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await dialog.getByLabel('Repeat the passphrase').fill(passphrase);
    await dialog.getByRole('button', { name: 'Export' }).click();
    await this.passphraseWorkDone();
    await expect(dialog).toBeHidden();
    return readFile(await (await download).path(), 'utf8');
  }

  /** Chooses a provider configuration file to import. */
  async startProviderImport(text: string): Promise<void> {
    const chooser = this.cove.page.waitForEvent('filechooser');
    await this.cove.settings.getByRole('button', { name: 'Import configuration…' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'providers.json', mimeType: 'application/json', buffer: Buffer.from(text) },
    ]);
  }
}
