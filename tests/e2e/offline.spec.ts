import { expect, test } from '@playwright/test';
import { startStaticServer } from '../fixtures/static-server.mjs';
import { CovePage } from './support/cove-page';

// Invariant 15: after one visit Cove opens and works offline.
test('after one visit Cove opens and works with the server gone', async ({ page }) => {
  const server = await startStaticServer({ root: 'dist' });
  try {
    const cove = await new CovePage(page).open(server.url);
    await cove.newFile('offline.py');
    // The service worker has precached the shell once it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
  } finally {
    await server.close();
  }
  // The server is really gone: a direct request fails.
  await expect(page.request.get(server.url)).rejects.toThrow();
  const cove = new CovePage(page);
  await cove.reload();
  await expect(cove.item('offline.py')).toBeVisible();
  await cove.item('main.py').click();
  await cove.editor('main.py').click();
  await page.keyboard.insertText('# edited offline\n');
  await page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  await cove.reload();
  await cove.tab('main.py').click();
  await expect.poll(() => cove.editorText('main.py')).toContain('# edited offline');
});
