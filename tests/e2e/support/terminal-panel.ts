import { expect, type Locator } from '@playwright/test';
import type { CovePage } from './cove-page';

/**
 * The terminal as a person (or a screen reader) meets it: the Terminal tab's panel, its
 * input named "Terminal", and the screen's rows, which xterm's screen-reader mode keeps as
 * a list of text.
 */
export class TerminalPanel {
  constructor(readonly cove: CovePage) {}

  get tab(): Locator {
    return this.cove.page.getByRole('tab', { name: 'Terminal', exact: true });
  }

  get panel(): Locator {
    return this.cove.page.getByRole('tabpanel', { name: 'Terminal', exact: true });
  }

  /** Where keys go (xterm's input). */
  get input(): Locator {
    return this.panel.getByRole('textbox', { name: 'Terminal', exact: true });
  }

  /** The visible rows of the screen, as text. */
  get screen(): Locator {
    return this.panel.getByRole('list');
  }

  /** Ctrl+`: shows the terminal and gives it the keyboard. */
  async openByKeyboard(): Promise<void> {
    await this.cove.page.keyboard.press('Control+Backquote');
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.input).toBeFocused({ timeout: 15_000 });
  }

  /** Types a command line and presses Enter. */
  async run(line: string): Promise<void> {
    await this.cove.page.keyboard.type(line);
    await this.cove.page.keyboard.press('Enter');
  }

  /** Waits for the prompt to come back after the last command (`~ $` at the end). */
  async expectPrompt(): Promise<void> {
    await expect(this.screen).toHaveText(/\$\s*$/);
  }
}
