import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/** The sidebar's Knowledge panel: what is indexed, Reindex and Remove. */
export class KnowledgePanel {
  constructor(readonly cove: CovePage) {}

  get panel(): Locator {
    return this.cove.page.getByRole('region', { name: 'Knowledge' });
  }

  async show(): Promise<void> {
    await this.cove.page.getByRole('tab', { name: 'Knowledge', exact: true }).click();
    await expect(this.panel).toBeVisible();
  }

  /** One added file or folder, by its path. */
  entry(path: string): Locator {
    return this.panel.getByRole('listitem', { name: path, exact: true });
  }

  /** Adds a tree item (file or folder) through its menu. */
  async add(path: string): Promise<void> {
    await this.cove.page.getByRole('tab', { name: 'Files', exact: true }).click();
    await this.cove.itemAction(path, 'Add to knowledge');
  }
}
