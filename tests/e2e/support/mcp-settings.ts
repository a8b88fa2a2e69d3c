import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/** Settings → MCP servers as a person uses it: add, test, enable, approval, remove. */
export class McpSettings {
  constructor(readonly cove: CovePage) {}

  get page() {
    return this.cove.page;
  }

  get section(): Locator {
    return this.cove.settings.getByRole('region', { name: 'MCP servers' });
  }

  /** The form for a new server (or an edited one). */
  get form(): Locator {
    return this.page.getByRole('dialog', { name: /^(Add MCP server|Edit .*)$/ });
  }

  /** The list entry of the server named. */
  server(name: string): Locator {
    return this.section.getByRole('listitem', { name, exact: true });
  }

  /** Opens the add form and fills it; does not save. */
  async fill(input: { name: string; url: string; headers?: Record<string, string> }) {
    await this.section.getByRole('button', { name: 'Add MCP server' }).click();
    await expect(this.form).toBeVisible();
    await this.form.getByLabel('Name').fill(input.name);
    await this.form.getByLabel('URL').fill(input.url);
    let row = 0;
    for (const [name, value] of Object.entries(input.headers ?? {})) {
      row++;
      await this.form.getByRole('button', { name: 'Add header' }).click();
      await this.form.getByLabel(`Header ${row} name`).fill(name);
      await this.form.getByLabel(`Header ${row} value`).fill(value);
    }
  }

  /** Adds a server with Save and waits for it in the list. */
  async add(input: { name: string; url: string; headers?: Record<string, string> }) {
    await this.fill(input);
    await this.form.getByRole('button', { name: 'Save' }).click();
    await expect(this.form).toBeHidden();
    await expect(this.server(input.name)).toBeVisible();
  }

  /** Presses Test of a saved server; returns the entry, where the report or error shows. */
  async test(name: string): Promise<Locator> {
    const entry = this.server(name);
    await entry.getByRole('button', { name: `Test ${name}` }).click();
    return entry;
  }

  /** The report of a test shown inside `where`. */
  report(where: Locator): Locator {
    return where.getByRole('region', { name: 'Test result' });
  }

  /** Sets a server's approval ("ask" or "auto"). */
  async setApproval(name: string, value: 'ask' | 'auto') {
    await this.server(name).getByLabel('Approval').selectOption(value);
    await expect(this.server(name).getByLabel('Approval')).toHaveValue(value);
  }
}

/** Marks the fake provider's `modelId` as a vision model in Settings (closed afterwards). */
export async function setVision(cove: CovePage, modelId: string): Promise<void> {
  await cove.openSettings();
  const card = cove.providerCard('Fake');
  await card.getByText(/^Models \(\d+\)$/).click();
  await card.getByRole('button', { name: `Edit model ${modelId}` }).click();
  const editor = cove.page.getByRole('dialog', { name: `Model ${modelId}` });
  await editor.getByLabel('Vision (accepts images)').check();
  await editor.getByRole('button', { name: 'Save model' }).click();
  await expect(editor).toBeHidden();
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
}
