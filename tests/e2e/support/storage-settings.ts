import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * Settings → Storage as a person reads it: what each workspace holds and the open
 * workspace's conversations, each with Open and Delete.
 */
export class StorageSettings {
  constructor(readonly cove: CovePage) {}

  get section(): Locator {
    return this.cove.settings.getByRole('region', { name: 'Storage' });
  }

  get workspaces(): Locator {
    return this.section.getByRole('list', { name: 'Workspaces' });
  }

  workspace(name: string): Locator {
    return this.workspaces.getByRole('listitem', { name, exact: true });
  }

  get conversations(): Locator {
    return this.section.getByRole('list', { name: /^Conversations in / });
  }

  conversation(title: string): Locator {
    return this.conversations.getByRole('listitem', { name: title, exact: true });
  }

  /** Opens Settings and scrolls to Storage. */
  async open(): Promise<void> {
    await this.cove.openSettings();
    await this.section.scrollIntoViewIfNeeded();
    await expect(this.workspaces).toBeVisible();
  }

  /** Deletes a conversation from Storage, answering the question. */
  async deleteConversation(title: string): Promise<void> {
    await this.conversation(title)
      .getByRole('button', { name: `Delete conversation ${title}` })
      .click();
    await this.cove.page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete conversation', exact: true })
      .click();
  }
}
