import { expect, type Locator } from '@playwright/test';
import type { FakeOpenAIServer } from '../../fixtures/fake-openai-server.mjs';
import { ChatPanel } from './chat-panel';
import type { CovePage } from './cove-page';

/**
 * The assistant panel in agent mode as a person sees it: the Chat / Agent switch and the
 * approval policy, tool call chips in the replies, the approval request, the plan, the
 * files a run changed, and the composer's Steer / Queue / Stop.
 */
export class AgentPanel {
  readonly chat: ChatPanel;

  constructor(readonly cove: CovePage) {
    this.chat = new ChatPanel(cove);
  }

  get page() {
    return this.cove.page;
  }

  /** Adds the test's fake provider (see {@link ChatPanel.connect}). */
  connect(provider: FakeOpenAIServer, listed: Record<string, unknown> = {}): Promise<void> {
    return this.chat.connect(provider, listed);
  }

  /** The Chat / Agent switch of the session shown. */
  get modeSwitch(): Locator {
    return this.page.getByRole('radiogroup', { name: 'Mode' });
  }

  /** Switches the session shown to agent mode and waits until it is. */
  async switchToAgent(): Promise<void> {
    await this.modeSwitch.getByRole('radio', { name: 'Agent' }).check();
    await expect(this.policy).toBeVisible();
  }

  /** The approval policy select (agent mode only). */
  get policy(): Locator {
    return this.page.getByRole('combobox', { name: 'Approval' });
  }

  /** Sends a message; in agent mode it starts a run. Does not wait for its end. */
  async send(text: string): Promise<void> {
    await this.chat.messageBox.fill(text);
    await this.chat.messageBox.press('Enter');
  }

  /** The pending approval request, for the tool named. */
  approval(toolName: string): Locator {
    return this.page.getByRole('region', { name: `Approve ${toolName}?` });
  }

  /**
   * Waits for the approval request of `toolName` to take focus as it appears, and checks
   * that Enter on the panel itself approves nothing.
   */
  async expectFocusedRequest(toolName: string): Promise<Locator> {
    const request = this.approval(toolName);
    await expect(request).toBeFocused();
    await this.page.keyboard.press('Enter');
    await expect(request).toBeFocused();
    return request;
  }

  /**
   * Approves the request of `toolName` with the keyboard: Tab from where focus is in the
   * panel, through the preview (diff, code), to Approve; Enter there approves.
   */
  async approveWithKeyboard(toolName: string): Promise<void> {
    const request = this.approval(toolName);
    const approve = request.getByRole('button', { name: 'Approve', exact: true });
    // The person may have clicked elsewhere since the request appeared: go back to it.
    if (!(await request.evaluate((panel) => panel.contains(document.activeElement)))) {
      await request.focus();
    }
    for (let tabs = 0; tabs < 6; tabs++) {
      if (await approve.evaluate((button) => button === document.activeElement)) break;
      await this.page.keyboard.press('Tab');
    }
    await expect(approve).toBeFocused();
    await this.page.keyboard.press('Enter');
    await expect(request).toBeHidden();
  }

  /** Rejects the pending request of `toolName`, with feedback the model reads. */
  async reject(toolName: string, feedback: string): Promise<void> {
    const request = this.approval(toolName);
    await request.getByRole('button', { name: 'Reject…' }).click();
    await request.getByLabel('Feedback for the agent').fill(feedback);
    await request.getByRole('button', { name: 'Reject with feedback' }).click();
    // The model may ask for the same tool again at once, so wait for this request's form.
    await expect(request.getByLabel('Feedback for the agent')).toBeHidden();
  }

  /** Sets how the fake provider's `modelId` calls tools, in Settings (closed afterwards). */
  async setToolCalling(modelId: string, mode: 'native' | 'text' | 'none'): Promise<void> {
    await this.cove.openSettings();
    const card = this.cove.providerCard('Fake');
    await card.getByText(/^Models \(\d+\)$/).click();
    await card.getByRole('button', { name: `Edit model ${modelId}` }).click();
    const editor = this.page.getByRole('dialog', { name: `Model ${modelId}` });
    await editor.getByLabel('Tool calling').selectOption(mode);
    await editor.getByRole('button', { name: 'Save model' }).click();
    await expect(editor).toBeHidden();
    await this.page.getByRole('button', { name: 'Close settings' }).click();
  }

  /** During a run: types `text` and delivers it with Steer (after the current tool batch). */
  async steer(text: string): Promise<void> {
    await this.chat.messageBox.fill(text);
    await this.page
      .getByRole('group', { name: 'Deliver message' })
      .getByRole('button', { name: 'Steer' })
      .click();
    await expect(this.chat.messageBox).toHaveValue('');
  }

  /** During a run: types `text` and queues it for after the run. */
  async queue(text: string): Promise<void> {
    await this.chat.messageBox.fill(text);
    await this.page
      .getByRole('group', { name: 'Deliver message' })
      .getByRole('button', { name: 'Queue' })
      .click();
    await expect(this.chat.messageBox).toHaveValue('');
  }

  /** Messages queued for after the run, shown above the composer. */
  get queued(): Locator {
    return this.page.getByRole('region', { name: /^Queued:/ });
  }

  /** Steering messages not delivered yet, shown above the composer. */
  get steering(): Locator {
    return this.page.getByRole('region', { name: /^Steering:/ });
  }

  /** Messages the run stopped before, waiting for the person, shown above the composer. */
  get held(): Locator {
    return this.page.getByRole('region', { name: /^Not sent:/ });
  }

  /** Every tool call chip shown, in order. */
  get toolCalls(): Locator {
    return this.page.getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
  }

  /** The chip (button) of the `index`-th call of `toolName` (0-based), by its accessible text. */
  chip(toolName: string, index = 0): Locator {
    return this.toolCalls.getByRole('button', { name: new RegExp(`^${toolName},`) }).nth(index);
  }

  /** Opens a chip (if closed) and returns its details group. */
  async expand(chip: Locator): Promise<Locator> {
    if ((await chip.getAttribute('aria-expanded')) !== 'true') await chip.click();
    await expect(chip).toHaveAttribute('aria-expanded', 'true');
    const id = await chip.getAttribute('aria-controls');
    return this.page.locator(`[id="${id}"]`);
  }

  /** The agent's plan above the conversation. */
  get plan(): Locator {
    return this.page.getByRole('list', { name: 'Plan' });
  }

  /** The list of files the last run changed. */
  get changedFiles(): Locator {
    return this.page.getByRole('region', { name: 'Files changed by the agent' });
  }

  /** Waits until the run is over (Send is back, the last reply is complete). */
  async idle(): Promise<void> {
    await this.chat.idle();
  }
}
