import type { Locator } from '@playwright/test';
import { ChatPanel } from './support/chat-panel';
import { expect, test } from './support/fixtures';

/** What makes a control look usable or not. */
function look(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      cursor: style.cursor,
      opacity: Number(style.opacity),
      background: style.backgroundColor,
    };
  });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a repeated error counts up instead of stacking, stays clear of the chat box, and is dismissed', async ({
  cove,
}) => {
  await cove.item('main.py').click();
  const runSelection = cove.page.getByRole('button', { name: 'Run selection' });
  await runSelection.click();
  const notice = cove.notices.getByRole('alert');
  await expect(notice).toHaveText(/Select some Python code in the editor first\./);
  await runSelection.click();
  await runSelection.click();
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('×3');

  const noticeBox = (await notice.boundingBox())!;
  for (const control of [
    cove.page.getByRole('button', { name: 'Send', exact: true }),
    cove.page.getByRole('combobox', { name: 'Message' }),
    cove.runButton('main.py'),
  ]) {
    expect(overlaps(noticeBox, (await control.boundingBox())!)).toBe(false);
  }

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});

test('a notice is shown above an open dialog and can be dismissed there', async ({ cove }) => {
  await cove.item('main.py').click();
  await cove.page.getByRole('button', { name: 'Run selection' }).click();
  await expect(cove.notices.getByRole('alert')).toBeVisible();
  await cove.openSettings();
  // The modal dialog makes the rest of the page inert: the notice moves into it.
  const notice = cove.settings.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await expect(notice).toContainText('Select some Python code in the editor first.');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(cove.notices.getByRole('alert')).toHaveCount(0);
  await expect(cove.settings).toBeVisible();
});

test('disabled Run and Send look disabled and say why', async ({ cove, provider }) => {
  await cove.newFile('notes.md');
  const run = cove.page.getByRole('button', { name: '▶ Run', exact: true });
  await expect(run).toBeDisabled();
  await expect(run).toHaveAttribute('title', 'Open a Python file (.py) to run it');
  const disabledRun = await look(run);
  expect(disabledRun.cursor).toBe('not-allowed');
  expect(disabledRun.opacity).toBeLessThan(1);
  await cove.item('main.py').click();
  await expect(cove.runButton('main.py')).toBeEnabled();
  const enabledRun = await look(cove.runButton('main.py'));
  expect(enabledRun.background).not.toBe(disabledRun.background);
  expect(enabledRun.cursor).toBe('pointer');

  const send = cove.page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAttribute('title', 'Set up a model first');
  const disabledSend = await look(send);
  expect(disabledSend.cursor).toBe('not-allowed');
  expect(disabledSend.opacity).toBeLessThan(1);
  await new ChatPanel(cove).connect(provider);
  await expect(send).toHaveAttribute('title', 'Type a message first');
  await cove.page.getByRole('combobox', { name: 'Message' }).fill('hello');
  await expect(send).toBeEnabled();
  expect((await look(send)).background).not.toBe(disabledSend.background);
});

test('the header says when the browser is offline', async ({ cove }) => {
  const offline = cove.page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' });
  await expect(offline).toHaveCount(0);
  await cove.page.context().setOffline(true);
  await expect(offline).toBeVisible();
  await cove.page.context().setOffline(false);
  await expect(offline).toHaveCount(0);
});
