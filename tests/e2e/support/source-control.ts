import { expect, type Locator, type Page } from '@playwright/test';
import type { CovePage } from './cove-page';

/** The Source Control panel of the left column, as a person works it. */
export class SourceControl {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Git' });
  }

  async show(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Git', exact: true }).click();
    await expect(this.panel).toBeVisible();
  }

  list(group: 'Staged changes' | 'Changes'): Locator {
    return this.panel.getByRole('list', { name: new RegExp(`^${group} \\(`) });
  }

  get history(): Locator {
    return this.panel.getByRole('list', { name: 'History' });
  }

  async commit(message: string): Promise<void> {
    await this.panel.getByRole('textbox', { name: 'Commit message' }).fill(message);
    await this.page.keyboard.press('ControlOrMeta+Enter');
    await expect(this.history.getByRole('listitem').first()).toContainText(message);
  }
}

/** Sets the commit author in Settings → Git and closes Settings. */
export async function setGitAuthor(cove: CovePage, name: string, email: string): Promise<void> {
  await cove.openSettings();
  await cove.settings.getByLabel('Author name').fill(name);
  await cove.settings.getByLabel('Author email').fill(email);
  await cove.settings.getByRole('button', { name: 'Save Git settings' }).click();
  await expect(cove.settings.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
}
