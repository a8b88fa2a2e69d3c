import { expect, type Locator } from '@playwright/test';
import type { FakeOpenAIServer } from '../../fixtures/fake-openai-server.mjs';
import type { CovePage } from './cove-page';

/** The assistant panel as a person sees it: messages, the composer, branch switchers. */
export class ChatPanel {
  constructor(readonly cove: CovePage) {}

  /** Adds the test's fake provider with one chat model and closes Settings. */
  /** Adds the fake provider; `listed` adds fields to its model's listing (`context_length`). */
  async connect(provider: FakeOpenAIServer, listed: Record<string, unknown> = {}): Promise<void> {
    provider.configure({
      models: [{ id: 'chat-model', object: 'model', owned_by: 'fake', ...listed }],
    });
    await this.cove.openSettings();
    await this.cove.addProvider({ name: 'Fake', baseURL: provider.baseURL });
    await this.cove.page.getByRole('button', { name: 'Close settings' }).click();
    await expect(this.cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(
      /\/chat-model$/,
    );
  }

  get messageBox(): Locator {
    return this.cove.page.getByRole('combobox', { name: 'Message' });
  }

  /** The person's messages of the conversation shown, in order. */
  get questions(): Locator {
    return this.cove.page.getByRole('article', { name: 'Your message' });
  }

  /** The model's replies of the conversation shown, in order. */
  get replies(): Locator {
    return this.cove.page.getByRole('article', { name: 'Assistant reply' });
  }

  /** Sends a message and waits until its reply has finished. */
  async ask(text: string): Promise<void> {
    const before = await this.replies.count();
    await this.messageBox.fill(text);
    await this.messageBox.press('Enter');
    await expect(this.replies).toHaveCount(before + 1);
    await this.idle();
  }

  /** Waits until no reply is being written (Send is back). */
  async idle(): Promise<void> {
    await expect(this.cove.page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
    await expect(this.replies.last()).not.toHaveAttribute('aria-busy', 'true');
  }

  /** The branch switcher of a message ("‹ 2 / 3 ›"). */
  branches(message: Locator): Locator {
    return message.getByRole('group', { name: 'Branches' });
  }

  /** Goes to the previous or next branch at a message and waits for the switcher to say so. */
  async switchBranch(message: Locator, direction: 'Previous' | 'Next'): Promise<void> {
    await this.branches(message)
      .getByRole('button', { name: `${direction} branch` })
      .click();
  }

  /** Edits a message of the person in place and saves it (sends it as a new branch). */
  async edit(message: Locator, text: string, button: 'Save' | 'Cancel' = 'Save'): Promise<void> {
    await message.getByRole('button', { name: 'Edit message' }).click();
    const box = message.getByRole('textbox', { name: 'Edit your message' });
    await box.fill(text);
    await message.getByRole('button', { name: button }).click();
    await expect(box).toBeHidden();
  }
}
