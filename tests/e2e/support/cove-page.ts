import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Cove as a person sees it: controls are found by role and accessible name only, so a test
 * breaks when the interface stops being usable, not when its markup changes.
 */
export class CovePage {
  constructor(readonly page: Page) {}

  async open(url = './'): Promise<this> {
    await this.page.goto(url);
    await this.ready();
    return this;
  }

  /** Waits until the shell is interactive (main.tsx marks it). */
  async ready(): Promise<void> {
    await expect(this.page.locator('html')).toHaveAttribute('data-ready', 'true', {
      timeout: 20_000,
    });
  }

  /**
   * Waits until the service worker controls the page. It registers once Python's start has
   * settled, then precaches the whole app (~30 MB): on a loaded machine that takes a while.
   */
  async serviceWorkerControls(): Promise<void> {
    await expect
      .poll(() => this.page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
        timeout: 90_000,
      })
      .toBe(true);
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.ready();
  }

  get tree(): Locator {
    return this.page.getByRole('tree', { name: 'Files' });
  }

  item(name: string): Locator {
    return this.page.getByRole('treeitem', { name, exact: true });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog').or(this.page.getByRole('alertdialog'));
  }

  /** The error shown inside the open dialog. */
  get dialogError(): Locator {
    return this.dialog.getByRole('alert');
  }

  /** The notification toasts. */
  get notices(): Locator {
    return this.page.getByRole('region', { name: 'Notifications' });
  }

  /** Fills and submits the one-field dialog that is open. */
  async answer(value: string, button: string): Promise<void> {
    const input = this.dialog.getByRole('textbox');
    await input.fill(value);
    await this.dialog.getByRole('button', { name: button }).click();
  }

  async newFile(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New file' }).click();
    await this.answer(name, 'Create');
    await expect(this.dialog).toBeHidden();
  }

  async newFolder(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New folder' }).click();
    await this.answer(name, 'Create');
    await expect(this.dialog).toBeHidden();
  }

  /** Opens the actions menu of a tree item and picks one. */
  async itemAction(name: string, action: string | RegExp): Promise<void> {
    await this.item(name).click({ button: 'right' });
    await this.page
      .getByRole('menu', { name: `Actions for ${name}` })
      .getByRole('menuitem', { name: action })
      .click();
  }

  async expand(folder: string): Promise<void> {
    const item = this.item(folder);
    if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
    await expect(item).toHaveAttribute('aria-expanded', 'true');
  }

  /** Closes an open tab by its close button. */
  async closeTab(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Close ${name}`, exact: true }).click();
    await expect(this.tab(name)).toHaveCount(0);
  }

  /** Imports a .zip through "Import zip" and waits for the report. */
  async importZip(bytes: Uint8Array, report: string | RegExp): Promise<void> {
    await this.startZipImport(bytes);
    await expect(this.notices).toContainText(report);
  }

  /** Picks a .zip through "Import zip" without waiting for the import to end. */
  async startZipImport(bytes: Uint8Array): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Import zip' }).click();
    await (
      await chooser
    ).setFiles([{ name: 'project.zip', mimeType: 'application/zip', buffer: Buffer.from(bytes) }]);
  }

  /** The progress of a zip import under way, with its Cancel button. */
  get zipImport(): Locator {
    return this.page.getByRole('group', { name: 'Zip import' });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(name)}`) });
  }

  /** The code editor's editable area for a file path. */
  editor(path: string): Locator {
    return this.page.getByRole('textbox', { name: `Editor: ${path}` });
  }

  /** The text of the editor as lines joined by newlines. */
  async editorText(path: string): Promise<string> {
    const lines = await this.editor(path).locator('.cm-line').allInnerTexts();
    return lines.map((line) => line.replace(/\u200b/g, '').replace(/\n$/, '')).join('\n');
  }

  /** Replaces the whole text of the open editor by typing. */
  async typeInto(path: string, text: string): Promise<void> {
    const editor = this.editor(path);
    await editor.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** The editor status line says "Saved". */
  async expectSaved(): Promise<void> {
    await expect(this.page.getByText('Saved', { exact: true })).toBeVisible();
  }

  get workspaceSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'Workspace' });
  }

  async createWorkspace(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New workspace' }).click();
    await this.answer(name, 'Create');
    await expect(this.dialog).toBeHidden();
    await expect(this.workspaceSelect.locator('option:checked')).toHaveText(name);
  }

  /** The settings dialog (opened with {@link openSettings}). */
  get settings(): Locator {
    return this.page.getByRole('dialog', { name: 'Settings' });
  }

  async openSettings(): Promise<void> {
    await this.page.getByRole('button', { name: 'Settings' }).click();
    await expect(this.settings).toBeVisible();
  }

  /** One provider in Settings → Providers, by its exact name. */
  providerCard(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }

  /** The form that adds a provider (over Settings). */
  get addProviderForm(): Locator {
    return this.page.getByRole('dialog', { name: 'Add provider' });
  }

  /** Adds a provider through Settings → Providers (settings must be open). */
  async addProvider(input: ProviderInput): Promise<void> {
    await this.settings.getByRole('button', { name: 'Add provider' }).click();
    const form = this.addProviderForm;
    await form
      .getByLabel('Preset')
      .selectOption({ label: input.preset ?? 'Custom (OpenAI-compatible)' });
    await form.getByLabel('Name', { exact: true }).fill(input.name);
    await form.getByLabel('Base URL').fill(input.baseURL);
    if (input.apiKey !== undefined) await form.getByLabel('API key').fill(input.apiKey);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form).toBeHidden();
    await expect(this.providerCard(input.name)).toBeVisible();
  }

  /** The "▶ Run <file>" button of the output panel. */
  runButton(file: string): Locator {
    return this.page.getByRole('button', { name: `▶ Run ${file}`, exact: true });
  }

  /** What the last run printed (stdout and stderr in order). */
  get output(): Locator {
    return this.page.getByRole('log', { name: 'Program output' });
  }

  /** The line saying how the last run ended ("Finished in 12 ms."). */
  get runStatus(): Locator {
    return this.page.getByRole('region', { name: /^Run of / }).getByRole('status');
  }

  /** Creates a Python file, types its text, saves it and leaves it open in the editor. */
  async writePython(path: string, text: string): Promise<void> {
    await this.newFile(path);
    await expect(this.tab(path.split('/').pop()!)).toBeVisible();
    await this.typeInto(path, text);
    await expect.poll(() => this.editorText(path)).toBe(text);
    await this.page.keyboard.press('ControlOrMeta+s');
    await this.expectSaved();
  }

  /** Adds a text file to the workspace root through Upload files. */
  async uploadFile(name: string, text: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Upload files' }).click();
    await (await chooser).setFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }]);
    await expect(this.notices).toContainText('Upload: 1 file added.');
  }

  /** Shows the "Arguments and input" fields of the output panel. */
  async showRunOptions(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: 'Arguments and input' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(this.page.getByLabel('Input for input()')).toBeVisible();
  }

  /** Changes Settings → Python and closes Settings. */
  async savePythonSettings(fields: {
    timeLimitSeconds?: number;
    packageIndex?: string;
    packageList?: string;
  }): Promise<void> {
    await this.openSettings();
    const settings = this.settings;
    if (fields.timeLimitSeconds !== undefined)
      await settings
        .getByLabel('Time limit per run (seconds)')
        .fill(String(fields.timeLimitSeconds));
    if (fields.packageIndex !== undefined)
      await settings.getByRole('textbox', { name: 'Package index' }).fill(fields.packageIndex);
    if (fields.packageList !== undefined)
      await settings.getByLabel('Package list (lock file URL, optional)').fill(fields.packageList);
    await settings.getByRole('button', { name: 'Save Python settings' }).click();
    await expect(this.notices).toContainText('Python settings saved.');
    await this.page.getByRole('button', { name: 'Close settings' }).click();
    await expect(settings).toBeHidden();
  }

  async switchWorkspace(name: string): Promise<void> {
    await this.workspaceSelect.selectOption({ label: name });
    await expect(this.workspaceSelect.locator('option:checked')).toHaveText(name);
  }
}

/** What {@link CovePage.addProvider} types into the provider form. */
export interface ProviderInput {
  /** The preset's label as the select shows it; default "Custom (OpenAI-compatible)". */
  preset?: string;
  name: string;
  baseURL: string;
  apiKey?: string;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
