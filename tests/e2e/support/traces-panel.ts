import { expect, type Download, type Locator } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { CovePage } from './cove-page';

/** The Traces and Logs dialogs as a person uses them, opened from the header. */
export class TracesPanel {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Traces' });
  }

  get logsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Logs' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Traces', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  async openLogs(): Promise<void> {
    await this.page.getByRole('button', { name: 'Logs', exact: true }).click();
    await expect(this.logsDialog).toBeVisible();
  }

  /** The rows of the runs table (header row excluded). */
  get runs(): Locator {
    return this.dialog.getByRole('table', { name: 'Agent runs' }).locator('tbody tr');
  }

  /** Opens the `index`th run of the list (newest first). */
  async openRun(index = 0): Promise<void> {
    await this.runs
      .nth(index)
      .getByRole('button', { name: /^Open the run of/ })
      .click();
    await expect(this.dialog.getByRole('region', { name: 'Run detail' })).toBeVisible();
  }

  /** The steps of the run shown, as the timeline lists them. */
  get steps(): Locator {
    return this.dialog.getByRole('list', { name: 'Steps' }).getByRole('article');
  }

  get replay(): Locator {
    return this.dialog.getByRole('region', { name: 'Replay' });
  }

  /** Clicks `button` and returns the parsed JSON of the file it downloads. */
  async downloadJson(button: Locator): Promise<{ name: string; json: unknown }> {
    const download: Promise<Download> = this.page.waitForEvent('download');
    await button.click();
    const file = await download;
    const text = await readFile((await file.path())!, 'utf8');
    return { name: file.suggestedFilename(), json: JSON.parse(text) as unknown };
  }

  async close(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** The rows of the log table. */
  get logEntries(): Locator {
    return this.logsDialog.getByRole('table', { name: 'Log entries' }).locator('tbody tr');
  }
}
