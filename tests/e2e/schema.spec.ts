import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

// Invariant 13: old code never writes to a newer database schema.
test('a tab with old code stops writing when a newer schema opens the database', async ({
  context,
}) => {
  const old = await new CovePage(await context.newPage()).open();
  await old.item('main.py').click();
  // Another tab (a newer Cove) upgrades the database.
  const newer = await context.newPage();
  await newer.goto(old.page.url());
  await newer.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('cove', 1000);
        request.onupgradeneeded = () => undefined;
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
        request.onblocked = () => undefined;
      }),
  );
  const overlay = old.page.getByRole('alertdialog', { name: 'Cove was updated in another tab' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Reload' })).toBeVisible();
  // Reloaded, the same old code refuses to open the newer database and says what to do.
  await old.page.reload();
  await expect(old.page.getByRole('alert')).toContainText(
    'A newer version of Cove has already updated',
  );
  await expect(old.page.getByRole('alert')).toContainText('Reload the page');
});
