import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticServer } from '../fixtures/static-server.mjs';
import { CovePage } from './support/cove-page';

// Two deployments served one after the other from the same URL: the production build and a
// "next version" built from the same source with another build label.
let current: string;
let next: string;

test.beforeAll(() => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'cove-update-'));
  current = path.join(base, 'current');
  next = path.join(base, 'next');
  cpSync('dist', current, { recursive: true });
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, OUT_DIR: next, COVE_BUILD: 'next-version' },
    stdio: 'inherit',
  });
  expect(existsSync(path.join(next, 'service-worker.js'))).toBe(true);
});

test.afterAll(() => rmSync(path.dirname(current), { recursive: true, force: true }));

test('a new deployment asks to reload instead of mixing versions', async ({ page }) => {
  test.setTimeout(120_000);
  let root = current;
  const server = await startStaticServer({ root: current });
  // Point the running server at another folder by swapping what it serves.
  const swap = async (dir: string) => {
    root = dir;
    await server.close();
    return startStaticServer({ root, port: server.port });
  };
  let live = server;
  try {
    const cove = await new CovePage(page).open(live.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText(/Cove .* \(build (?!next-version)/)).toBeVisible();
    await page.getByRole('button', { name: 'Close settings' }).click();

    live = await swap(next);
    await cove.reload();
    // Still the old version: the new one waits for consent.
    const notice = cove.notices
      .getByRole('status')
      .filter({ hasText: 'A new version of Cove is available.' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText(/\(build (?!next-version)/)).toBeVisible();
    await page.getByRole('button', { name: 'Close settings' }).click();

    // Wait from before the click: on a fast path the new page loads before click() returns.
    const loaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await loaded;
    await cove.ready();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText('(build next-version)')).toBeVisible();
  } finally {
    await live.close();
  }
});
