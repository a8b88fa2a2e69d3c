import { expect, type FrameLocator, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * The live preview as a person sees it: the Preview tab under the editor, the page in its
 * frame, the Reload button and the console under the page.
 */
export class PreviewPane {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  /** The Preview tab of the panel under the editor. */
  get tab(): Locator {
    return this.page.getByRole('tab', { name: 'Preview', exact: true });
  }

  /** The frame showing `name` (the file's base name). */
  frameElement(name: string): Locator {
    return this.page.getByTitle(`Preview of ${name}`, { exact: true });
  }

  /** The page inside the frame showing `name`. */
  frame(name: string): FrameLocator {
    return this.frameElement(name).contentFrame();
  }

  /** The console's messages. */
  get console(): Locator {
    return this.page.getByRole('log', { name: 'Console messages' });
  }

  /** Opens a file of the tree in the preview through its context menu. */
  async openFromTree(name: string): Promise<void> {
    await this.cove.itemAction(name, 'Open in preview');
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.frameElement(name.split('/').pop()!)).toBeVisible();
  }

  async reload(): Promise<void> {
    await this.page.getByRole('button', { name: 'Reload preview' }).click();
  }

  async clearConsole(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear console' }).click();
    await expect(this.console.getByRole('listitem')).toHaveCount(0);
  }
}
