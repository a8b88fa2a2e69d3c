import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * The composer's `@` and `/` menu as a person uses it: the message box is a combobox, the
 * menu a listbox of options named by path or command, the mentions chips above the box.
 */
export class ComposerMenu {
  constructor(readonly cove: CovePage) {}

  get box(): Locator {
    return this.cove.page.getByRole('combobox', { name: 'Message' });
  }

  /** The `@` menu. */
  get mentions(): Locator {
    return this.cove.page.getByRole('listbox', { name: 'Files, folders and symbols' });
  }

  /** The `/` menu. */
  get commands(): Locator {
    return this.cove.page.getByRole('listbox', { name: 'Commands' });
  }

  /** An option of the menu shown, by its exact name (a path, or `/command`). */
  option(name: string): Locator {
    return this.cove.page.getByRole('option', { name, exact: true });
  }

  /** The mention chips above the message box. */
  get pending(): Locator {
    return this.cove.page
      .locator('form.composer')
      .getByRole('list', { name: 'Mentions', exact: true });
  }

  /** The mention chips of a sent message. */
  chipsOf(message: Locator): Locator {
    return message.getByRole('list', { name: 'Mentions', exact: true });
  }

  /** Types into the message box at the caret, as a person does. */
  async type(text: string): Promise<void> {
    await this.box.click();
    await this.cove.page.keyboard.type(text);
  }

  /** Checks that `name` is the option the keyboard would pick. */
  async expectChosen(name: string): Promise<void> {
    const option = this.option(name);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(this.box).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id'))!,
    );
  }
}
