import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * Rewinds as a person does them: "Rewind files to here" under a message, the preview
 * dialog with the files and what happens to each, the notice that offers Undo.
 */
export class RewindDialog {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  /** The preview dialog. */
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Rewind to this message' });
  }

  /** The files the preview lists. */
  get files(): Locator {
    return this.dialog.getByRole('list', { name: 'Files to rewind' }).getByRole('listitem');
  }

  /** One file of the preview, by path (its name says the action and any hand edit). */
  file(path: string): Locator {
    return this.files.filter({ has: this.page.getByText(path, { exact: true }) });
  }

  /** Opens the preview from a message's "Rewind files to here". */
  async open(message: Locator): Promise<void> {
    await message.getByRole('button', { name: 'Rewind files to here' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Confirms with "Rewind files" or "Rewind conversation and files" and waits for the notice. */
  async confirm(
    button: 'Rewind files' | 'Rewind conversation and files' = 'Rewind files',
  ): Promise<void> {
    await this.dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.cove.notices).toContainText(/Rewound \d+ files?/);
  }

  /** Undo in the notice the last rewind left. */
  async undo(): Promise<void> {
    await this.cove.notices.getByRole('button', { name: 'Undo' }).click();
    await expect(this.cove.notices).toContainText('Rewind undone.');
  }
}
