import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/** Quick open as a person uses it: Ctrl/Cmd+P, a query typed, a row chosen by keyboard. */
export class QuickOpen {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Quick open' });
  }

  get box(): Locator {
    return this.dialog.getByRole('combobox', { name: 'File name, :line or @symbol' });
  }

  /** The rows listed (files, the line to go to, or symbols). */
  get options(): Locator {
    return this.dialog.getByRole('option');
  }

  get selected(): Locator {
    return this.dialog.getByRole('option', { selected: true });
  }

  /** Presses Ctrl/Cmd+P wherever the focus is and waits for the box to have it. */
  async open(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+p');
    await expect(this.dialog).toBeVisible();
    await expect(this.box).toBeFocused();
  }

  /** Types a query as keys (each keystroke filters). */
  async type(query: string): Promise<void> {
    await this.box.pressSequentially(query);
    await expect(this.box).toHaveValue(query);
  }

  /** Enter on the selected row; the dialog closes. */
  async choose(): Promise<void> {
    await this.page.keyboard.press('Enter');
    await expect(this.dialog).toBeHidden();
  }
}
