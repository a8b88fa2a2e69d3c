import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * The model's context as a person sees it: the token meter near the composer, compaction
 * markers with their summaries, and messages marked as outside the context.
 */
export class ContextPanel {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  /** The meter of the context used (its accessible value text has the figures). */
  get meter(): Locator {
    return this.page.getByRole('meter', { name: 'Context used' });
  }

  /** Every compaction marker of the conversation shown, in order. */
  get markers(): Locator {
    return this.page.getByRole('region', { name: 'Conversation compacted' });
  }

  /** Messages a compaction summarized (still shown, outside the context). */
  get outsideMessages(): Locator {
    return this.page
      .getByRole('article')
      .filter({ hasText: 'Outside the context: the model sees the summary below instead.' });
  }

  /** Sets the fake provider's model's window, output limit and prices in Settings. */
  async setModel(
    modelId: string,
    fields: { contextWindow: number; maxOutput: number; inputPrice?: number; outputPrice?: number },
  ): Promise<void> {
    await this.cove.openSettings();
    const card = this.cove.providerCard('Fake');
    await card.getByText(/^Models \(\d+\)$/).click();
    await card.getByRole('button', { name: `Edit model ${modelId}` }).click();
    const editor = this.page.getByRole('dialog', { name: `Model ${modelId}` });
    await editor.getByLabel('Context window (tokens)').fill(String(fields.contextWindow));
    await editor.getByLabel('Max output (tokens)').fill(String(fields.maxOutput));
    if (fields.inputPrice !== undefined)
      await editor.getByLabel('Input price').fill(String(fields.inputPrice));
    if (fields.outputPrice !== undefined)
      await editor.getByLabel('Output price').fill(String(fields.outputPrice));
    await editor.getByRole('button', { name: 'Save model' }).click();
    await expect(editor).toBeHidden();
    await this.page.getByRole('button', { name: 'Close settings' }).click();
  }
}
