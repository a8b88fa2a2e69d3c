// Opens one of the benchmark pages (tests/bench/<name>-page/): builds it with Vite into
// dist-bench-<name>/, serves it, opens it in a fresh context of the bench's Chromium and
// waits until its script has put `global` on window. The pages run Cove's real modules
// (store, workspace, session engine, MCP client) without the app around them.
import path from 'node:path';
import { build } from 'vite';
import { startStaticServer } from '../fixtures/static-server.mjs';

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ name: string, global: string, plugins?: import('vite').PluginOption[], define?: Record<string, string> }} page
 * @returns {Promise<{ page: import('@playwright/test').Page, close: () => Promise<void> }>}
 */
export async function openBenchPage(browser, { name, global, plugins = [], define }) {
  const outDir = path.resolve(`dist-bench-${name}`);
  await build({
    configFile: false,
    root: path.resolve(`tests/bench/${name}-page`),
    base: './',
    logLevel: 'warn',
    plugins,
    ...(define ? { define } : {}),
    build: { outDir, emptyOutDir: true },
  });
  const server = await startStaticServer({ root: outDir });
  const context = await browser.newContext();
  const close = async () => {
    await context.close();
    await server.close();
  };
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${name} bench page:`, error));
    await page.goto(server.url);
    await page.waitForFunction((key) => key in window, global);
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
