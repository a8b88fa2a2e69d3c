import { expect, test } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { CovePage } from './support/cove-page';

test('the build made with BASE_PATH=/cove/ works under that sub-path', async ({ page }) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  const cove = await new CovePage(page).open(`http://localhost:${PORTS.subpath}/cove/`);
  await cove.newFile('pages.py');
  await cove.reload();
  await expect(cove.item('pages.py')).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`http://localhost:${PORTS.subpath}/cove/`);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!;
    return (await fetch(link.href)).json();
  });
  expect(manifest.name).toBe('Cove');
  expect(failures).toEqual([]);
});

test('the app is installable: manifest with icons and theme colour', async ({ page, request }) => {
  await new CovePage(page).open();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(new URL(href!, page.url()).href)).json();
  expect(manifest).toMatchObject({ name: 'Cove', display: 'standalone', theme_color: '#0f766e' });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) =>
      `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`,
  );
  expect(sizes).toEqual(['192x192', '512x512', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const response = await request.get(new URL(icon.src, new URL(href!, page.url())).href);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

test('the Content-Security-Policy allows only Cove’s own code but any endpoint to connect to', async ({
  page,
}) => {
  await new CovePage(page).open();
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toMatch(/connect-src [^;]*https:/);
  // An inline script injected into the page is blocked by the policy.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return Boolean((window as unknown as { __injected?: boolean }).__injected);
  });
  expect(ran).toBe(false);
});
