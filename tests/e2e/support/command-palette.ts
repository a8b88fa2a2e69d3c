import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * The command palette as a person uses it: Ctrl/Cmd+Shift+P (or ">" typed in Quick open),
 * part of a command's name typed, Enter to run the one selected.
 */
export class CommandPalette {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Command palette' });
  }

  get box(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Command' });
  }

  /** The commands listed, each named by its title. */
  get options(): Locator {
    return this.dialog.getByRole('listbox', { name: 'Commands' }).getByRole('option');
  }

  get selected(): Locator {
    return this.dialog.getByRole('option', { selected: true });
  }

  option(title: string): Locator {
    return this.dialog.getByRole('option', { name: title, exact: true });
  }

  /** Presses Ctrl/Cmd+Shift+P wherever the focus is; the box has it, holding ">". */
  async open(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+Shift+P');
    await expect(this.dialog).toBeVisible();
    await expect(this.box).toBeFocused();
    await expect(this.box).toHaveValue('>');
  }

  /** Types part of a command's name after the ">" (each keystroke filters). */
  async type(name: string): Promise<void> {
    await this.box.pressSequentially(name);
    await expect(this.box).toHaveValue(`>${name}`);
  }

  /** Opens the palette, types `name`, checks `title` is selected and runs it with Enter. */
  async run(name: string, title: string): Promise<void> {
    await this.open();
    await this.type(name);
    await expect(this.selected).toHaveAccessibleName(title);
    await this.page.keyboard.press('Enter');
    await expect(this.dialog).toBeHidden();
  }
}
