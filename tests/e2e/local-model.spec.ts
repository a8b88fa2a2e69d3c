import { writeFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';
import { makeTinyGguf, type TinyGgufOptions } from '../fixtures/tiny-gguf';
import { AgentPanel } from './support/agent-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

/** Writes a tiny GGUF and stores it through Settings → Providers → In this browser. */
async function storeModel(
  cove: CovePage,
  testInfo: TestInfo,
  name: string,
  options: TinyGgufOptions = {},
): Promise<void> {
  const path = testInfo.outputPath(name);
  writeFileSync(path, makeTinyGguf(options));
  await cove.openSettings();
  const section = cove.settings.getByRole('region', { name: 'In this browser' });
  const chooser = cove.page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Add a GGUF file…' }).click();
  await (await chooser).setFiles(path);
  await expect(section.getByRole('list', { name: 'Models in this browser' })).toContainText(name);
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
}

/** Waits until the service worker controls the page, so a reload can be served offline. */
async function controlled(cove: CovePage): Promise<void> {
  await cove.page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => cove.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
}

// A model run in the browser by llama.cpp (wllama). No weights can be downloaded here, so
// the test writes its own tiny GGUF (tests/fixtures/tiny-gguf.ts): it babbles lowercase
// letters and never stops by itself, which is what streaming and Stop need.
test('a GGUF picked from disk runs in the browser: streamed reply, usage, Stop, offline', async ({
  cove,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const path = testInfo.outputPath('tiny.gguf');
  writeFileSync(path, makeTinyGguf());
  const page = cove.page;

  await cove.openSettings();
  const section = cove.settings.getByRole('region', { name: 'In this browser' });
  await expect(section.getByText('No model stored in this browser.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Add a GGUF file…' }).click();
  await (await chooser).setFiles(path);
  const models = section.getByRole('list', { name: 'Models in this browser' });
  await expect(models.getByRole('listitem')).toHaveCount(1);
  await expect(models.getByText('tiny.gguf')).toBeVisible();
  await expect(models.getByText(/^\d+ KB$/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-in-this-browser.png') });
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('in-browser/tiny.gguf');

  const messageBox = page.getByRole('combobox', { name: 'Message' });
  const replies = page.getByRole('article', { name: 'Assistant reply' });
  await messageBox.fill('Say something');
  await messageBox.press('Enter');
  // The first reply loads the model and says how long that took.
  await expect(page.getByText(/^Loaded tiny\.gguf in \d+\.\d s/)).toBeVisible({ timeout: 60_000 });
  const first = replies.last();
  // The reply's text, not its footer (which names the model).
  await expect(first.locator('.markdown')).toContainText(/[a-z]{3}/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(first.getByLabel('Token usage')).toContainText(/[\d,]+ in · [\d,]+ out tokens/);

  // The model is in memory: the network is not needed any more. A new conversation, since
  // the tiny model's babble fills most of its window.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(replies).toHaveCount(0);
  await messageBox.fill('Say more');
  await messageBox.press('Enter');
  await expect(replies).toHaveCount(1);
  const second = replies.last();
  await expect(second.locator('.markdown')).toContainText(/[a-z]{3}/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(second.getByText('Stopped. What arrived is kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  const kept = await second.locator('.markdown').innerText();
  expect(kept.length).toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath('chat-in-this-browser.png') });
});

test('after a reload the stored model is listed and answers, also with the network gone', async ({
  cove,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const page = cove.page;
  await controlled(cove);
  await storeModel(cove, testInfo, 'kept.gguf', { contextLength: 2048 });
  const picker = page.getByRole('combobox', { name: 'Model' });
  const messageBox = page.getByRole('combobox', { name: 'Message' });
  const replies = page.getByRole('article', { name: 'Assistant reply' });
  const send = page.getByRole('button', { name: 'Send', exact: true });

  /** Asks, waits for a few streamed letters, stops. */
  const chatBriefly = async (text: string) => {
    await messageBox.fill(text);
    await messageBox.press('Enter');
    await expect(page.getByText(/^Loaded kept\.gguf in \d+\.\d s/)).toBeVisible({
      timeout: 60_000,
    });
    await expect(replies.last().locator('.markdown')).toContainText(/[a-z]{3}/, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(send).toBeVisible();
  };

  for (const offline of [false, true]) {
    await context.setOffline(offline);
    await cove.reload();
    await expect(picker).toHaveValue('in-browser/kept.gguf');
    await page.getByRole('button', { name: 'New conversation' }).click();
    await chatBriefly(offline ? 'Offline now' : 'After a reload');
    // The window is the one written in the file (2,048 tokens), not a default.
    await expect(page.getByRole('meter', { name: 'Context used' })).toHaveAttribute(
      'aria-valuemax',
      '2048',
    );
  }
  await cove.openSettings();
  const section = cove.settings.getByRole('region', { name: 'In this browser' });
  await expect(section.getByRole('list', { name: 'Models in this browser' })).toContainText(
    'kept.gguf',
  );
  await page.screenshot({ path: testInfo.outputPath('offline-after-reload.png') });
});

// The tiny model cannot reason, so this one is scripted (tests/fixtures/tiny-gguf.ts): its
// vocabulary has one token holding a whole tool call in Cove's text protocol, and its
// weights make llama.cpp pick that token, then the end of text, whatever the prompt. The
// file's chat template has no tools, so Cove uses its text protocol: the agent parses the
// call, runs the tool and sends the observation back, as with any model. The model then
// asks for the same call again (it can only say one thing), so the test stops the run.
test('agent mode with a model in the browser: its reply in the text protocol runs a tool', async ({
  cove,
}, testInfo) => {
  test.setTimeout(180_000);
  await storeModel(cove, testInfo, 'scripted.gguf', {
    contextLength: 32768,
    script: 'Thought: read the script first\nAction: read_file\nAction Input: {"path": "main.py"}',
  });
  const agent = new AgentPanel(cove);
  await agent.switchToAgent();
  await agent.send('What does main.py do?');
  const chip = agent.chip('read_file', 0);
  await expect(chip).toBeVisible({ timeout: 90_000 });
  const details = await agent.expand(chip);
  await expect(details).toContainText('main.py');
  await expect(details).toContainText('print');
  const stop = cove.page.getByRole('button', { name: 'Stop' });
  if (await stop.isVisible()) await stop.click();
  await agent.idle();
  await cove.page.screenshot({ path: testInfo.outputPath('agent-in-this-browser.png') });
});
