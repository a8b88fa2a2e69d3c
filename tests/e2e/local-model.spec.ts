import { writeFileSync } from 'node:fs';
import { makeTinyGguf } from '../fixtures/tiny-gguf';
import { expect, test } from './support/fixtures';

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
  await expect(first).toContainText(/[a-z]{3}/, { timeout: 30_000 });
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
  await expect(second).toContainText(/[a-z]{3}/);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(second.getByText('Stopped. What arrived is kept.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  const kept = await second.locator('.markdown').innerText();
  expect(kept.length).toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath('chat-in-this-browser.png') });
});
