import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/** Settings → Memory as a person sees it: the notes per scope, search, edit and delete. */
export class MemorySettings {
  constructor(readonly cove: CovePage) {}

  get section(): Locator {
    return this.cove.settings.getByRole('region', { name: 'Memory', exact: true });
  }

  /** The notes of a scope's list. */
  notes(scope: 'Your memory (all workspaces)' | 'This workspace'): Locator {
    return this.section.getByRole('list', { name: scope }).getByRole('listitem');
  }

  /** One note of any scope, by its title. */
  note(title: string): Locator {
    return this.section.getByRole('listitem', { name: title, exact: true });
  }

  async open(): Promise<void> {
    await this.cove.openSettings();
    await this.section.scrollIntoViewIfNeeded();
  }

  async close(): Promise<void> {
    await this.cove.page.getByRole('button', { name: 'Close settings' }).click();
    await expect(this.cove.settings).toBeHidden();
  }

  /** Edits a note's text in place and saves it. */
  async edit(title: string, text: string): Promise<void> {
    const note = this.note(title);
    await note.getByRole('button', { name: 'Edit' }).click();
    await note.getByRole('textbox', { name: 'Text' }).fill(text);
    await note.getByRole('button', { name: 'Save note' }).click();
    await expect(note.getByRole('button', { name: 'Edit' })).toBeVisible();
  }

  /** Deletes a note, confirming the question. */
  async delete(title: string): Promise<void> {
    await this.note(title).getByRole('button', { name: 'Delete' }).click();
    await this.cove.page.getByRole('button', { name: 'Delete note' }).click();
    await expect(this.note(title)).toBeHidden();
  }
}
