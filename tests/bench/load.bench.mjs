// Load figures: cold (nothing cached, no service worker) and warm (service worker serving
// the precached shell) time to an interactive shell, and the bytes the first load needs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Milliseconds from navigation start to the shell's "cove:ready" mark. */
async function timeToReady(page) {
  await page.waitForFunction(() => performance.getEntriesByName('cove:ready').length > 0, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => performance.getEntriesByName('cove:ready')[0].startTime);
}

/** Gzipped size of what index.html makes the browser fetch before the app can start. */
async function initialBytes(distDir) {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const refs = (pattern) => [...html.matchAll(pattern)].map((m) => m[1]);
  const scripts = [
    ...refs(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ];
  const styles = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const size = async (urls) => {
    let total = 0;
    for (const url of new Set(urls)) {
      const file = path.join(distDir, url.replace(/^(\.\/|\/)/, ''));
      total += gzipSync(await readFile(file), { level: 9 }).length;
    }
    return total / 1024;
  };
  return {
    js: await size(scripts),
    css: await size(styles),
    files: scripts.length + styles.length,
  };
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, distDir: string, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, url, distDir, runs, median }) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    cold.push(await timeToReady(page));
    // Let the service worker finish precaching and take control, then load again from it.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.reload();
    await timeToReady(page);
    await page.reload();
    warm.push(await timeToReady(page));
    await context.close();
  }
  const bytes = await initialBytes(distDir);
  return {
    'load.cold_ms': median(cold),
    'load.warm_ms': median(warm),
    'load.warm_cold_ratio': median(warm) / median(cold),
    'bundle.initial_js_gzip_kb': bytes.js,
    'bundle.initial_css_gzip_kb': bytes.css,
  };
}
