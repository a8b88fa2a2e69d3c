import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * The conversations list (search, day groups, star, rename, more actions) and the
 * conversation tree, as a person reaches them from the chat header.
 */
export class SessionsPanel {
  constructor(readonly cove: CovePage) {}

  get toggle(): Locator {
    return this.cove.page.getByRole('button', { name: 'Conversations', exact: true });
  }

  get panel(): Locator {
    return this.cove.page.getByRole('region', { name: 'Conversations' });
  }

  get search(): Locator {
    return this.panel.getByRole('searchbox', { name: 'Search conversations' });
  }

  /** Opens the list (when closed) and waits for it. */
  async open(): Promise<void> {
    if (!(await this.panel.isVisible())) await this.toggle.click();
    await expect(this.panel).toBeVisible();
  }

  async close(): Promise<void> {
    if (await this.panel.isVisible()) await this.toggle.click();
    await expect(this.panel).toBeHidden();
  }

  /** The list under a day heading ("Today", "Starred", …). */
  group(label: string): Locator {
    return this.panel.getByRole('list', { name: label });
  }

  /** The row of the conversation titled `title`. */
  row(title: string, within: Locator = this.panel): Locator {
    return within
      .getByRole('listitem')
      .filter({ has: this.cove.page.getByRole('button', { name: title, exact: true }) });
  }

  /** Opens a conversation from the list (the list closes). */
  async show(title: string): Promise<void> {
    await this.open();
    await this.row(title).getByRole('button', { name: title, exact: true }).click();
    await expect(this.panel).toBeHidden();
  }

  async star(title: string): Promise<void> {
    const star = this.row(title).getByRole('button', { name: 'Star' });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
  }

  async rename(title: string, to: string): Promise<void> {
    await this.row(title).getByRole('button', { name: 'Rename' }).click();
    await this.cove.answer(to, 'Rename');
    await expect(this.row(to)).toBeVisible();
  }

  /** Runs an entry of a conversation's "More actions" menu. */
  async action(title: string, action: string): Promise<void> {
    await this.row(title).getByRole('button', { name: 'More actions' }).click();
    await this.cove.page.getByRole('menuitem', { name: action }).click();
  }

  /** Deletes a conversation from the list, confirming the question. */
  async delete(title: string): Promise<void> {
    await this.action(title, 'Delete…');
    await this.cove.dialog.getByRole('button', { name: 'Delete conversation' }).click();
    await expect(this.row(title)).toHaveCount(0);
  }

  /** Exports a conversation (as JSON or Markdown) and returns the file's name and text. */
  async exportFile(
    title: string,
    action: 'Export as JSON' | 'Export as Markdown',
  ): Promise<{ name: string; text: string }> {
    await this.open();
    const download = this.cove.page.waitForEvent('download');
    await this.action(title, action);
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Imports a conversation file through "Import…". */
  async importFile(name: string, text: string): Promise<void> {
    await this.open();
    const chooser = this.cove.page.waitForEvent('filechooser');
    await this.panel.getByRole('button', { name: 'Import…' }).click();
    await (
      await chooser
    ).setFiles([{ name, mimeType: 'application/json', buffer: Buffer.from(text) }]);
  }

  /** The "Recently deleted" disclosure under the conversations (absent when empty). */
  get recentlyDeletedToggle(): Locator {
    return this.panel.getByRole('button', { name: /^Recently deleted/ });
  }

  get recentlyDeleted(): Locator {
    return this.panel.getByRole('list', { name: 'Recently deleted' });
  }

  /** Opens the list and its Recently deleted section. */
  async openRecentlyDeleted(): Promise<void> {
    await this.open();
    if ((await this.recentlyDeletedToggle.getAttribute('aria-expanded')) !== 'true')
      await this.recentlyDeletedToggle.click();
    await expect(this.recentlyDeleted).toBeVisible();
  }

  /** The entry of Recently deleted named `name` (a title, or 'Branch of "title"'). */
  deletedEntry(name: string): Locator {
    return this.recentlyDeleted.getByRole('listitem').filter({
      has: this.cove.page.getByRole('button', { name: `Restore ${name}`, exact: true }),
    });
  }

  /** Restores an entry of Recently deleted; the list closes on the conversation. */
  async restore(name: string): Promise<void> {
    await this.openRecentlyDeleted();
    await this.deletedEntry(name)
      .getByRole('button', { name: `Restore ${name}` })
      .click();
    await expect(this.panel).toBeHidden();
  }

  get treeToggle(): Locator {
    return this.cove.page.getByRole('button', { name: 'Conversation tree' });
  }

  get tree(): Locator {
    return this.cove.page.getByRole('tree', { name: 'Conversation tree' });
  }

  async openTree(): Promise<void> {
    if (!(await this.tree.isVisible())) await this.treeToggle.click();
    await expect(this.tree).toBeVisible();
  }

  /** An entry of the conversation tree, by the start of its label. */
  treeItem(label: string | RegExp): Locator {
    return this.tree.getByRole('treeitem', { name: label });
  }
}
