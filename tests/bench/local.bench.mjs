// Figures for a model run in the browser (llama.cpp in a worker), measured through Cove's
// own interface in the production build, with the tiny GGUF the tests write
// (tests/fixtures/tiny-gguf.ts: 4 MB of f32 weights, 2 layers, a byte vocabulary; it
// babbles until the output limit). They measure the machinery, not a real model's speed.
//
//   local.load_ms                  Send of the first message → "Loaded … in" on screen:
//                                  the file read from OPFS, the worker and llama.cpp started
//                                  (wasm from the service worker's cache) and the model loaded
//   local.tokens_per_s             tokens of the reply (llama.cpp's count) / first letter on
//                                  screen → Send back, one thread
//   local.tokens_per_s_2_threads   the same with 2 threads: the page cross-origin isolated
//                                  (second load, service worker headers) and made to report 4
//                                  cores, which gives 2 threads (src/app/local-model-wiring.ts)
//   local.longest_task_ms          the longest main-thread task while the reply streams (one
//                                  thread), as PerformanceObserver('longtask') reports them
//                                  (only tasks over 50 ms are reported: 0 means none)
//
// Each run is a fresh browser context: the model is stored, the page reloaded (so the
// service worker controls it and serves the wasm), then one message is sent.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runnerImport } from 'vite';

const TIMEOUT = 120_000;

/** In the page: records long tasks and when the load notice, the reply and its end appear. */
function watchReply() {
  const state = { tasks: [], sentAt: undefined, loadedAt: undefined, firstAt: undefined };
  state.endAt = undefined;
  window.__localBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask' });
  const find = (selector, test) => [...document.querySelectorAll(selector)].find(test);
  const check = () => {
    const now = performance.now();
    if (state.loadedAt === undefined && /Loaded bench\.gguf in/.test(document.body.textContent)) {
      state.loadedAt = now;
    }
    const reply = find('[role="article"][aria-label="Assistant reply"] .markdown', () => true);
    if (state.firstAt === undefined && /[a-z]/.test(reply?.textContent ?? '')) state.firstAt = now;
    const usage = find('[aria-label="Token usage"]', () => true);
    const send = find('button', (el) => el.textContent?.trim() === 'Send');
    if (state.firstAt !== undefined && usage && send) {
      state.endAt ??= now;
      state.outTokens = Number(/([\d,]+) out/.exec(usage.textContent)?.[1].replace(/,/g, ''));
      state.threads = Number(/\((\d+) threads?/.exec(document.body.textContent)?.[1]);
    }
  };
  new MutationObserver(check).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  // The click from inside the page, so no Playwright round trip lands in a timed span.
  const send = find('button', (el) => el.textContent?.trim() === 'Send' && !el.disabled);
  state.sentAt = performance.now();
  send.click();
}

/** One run: a fresh context, the model stored, a reload, one reply. */
async function once(browser, url, modelPath, cores) {
  const context = await browser.newContext();
  try {
    if (cores) {
      await context.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
      }, cores);
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('local bench page:', error));
    await page.goto(url);
    await page.locator('html[data-ready="true"]').waitFor({ timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.getByRole('button', { name: 'Settings' }).first().click();
    const section = page.getByRole('region', { name: 'In this browser' });
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Add a GGUF file…' }).click();
    await (await chooser).setFiles(modelPath);
    await section.getByRole('list', { name: 'Models in this browser' }).waitFor();
    // The second load: served by the service worker, cross-origin isolated.
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ timeout: 60_000 });
    const picker = page.getByRole('combobox', { name: 'Model' });
    await page.waitForFunction(
      () => document.querySelector('#chat-model')?.value === 'in-browser/bench.gguf',
      null,
      { timeout: 30_000 },
    );
    await picker.waitFor();
    await page.getByRole('combobox', { name: 'Message' }).fill('Say something');
    await page.evaluate(watchReply);
    await page.waitForFunction(() => window.__localBench.endAt !== undefined, null, {
      timeout: TIMEOUT,
      polling: 250,
    });
    const s = await page.evaluate(() => window.__localBench);
    const during = s.tasks.filter(([start, d]) => start + d > s.firstAt && start < s.endAt);
    return {
      loadMs: s.loadedAt - s.sentAt,
      tokensPerSecond: s.outTokens / ((s.endAt - s.firstAt) / 1000),
      longest: Math.max(0, ...during.map(([, d]) => d)),
      threads: s.threads,
      isolated: await page.evaluate(() => crossOriginIsolated),
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, url, runs, median }) {
  const { module } = await runnerImport(path.resolve('tests/fixtures/tiny-gguf.ts'), {
    configFile: false,
    logLevel: 'warn',
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'cove-local-bench-'));
  const modelPath = path.join(dir, 'bench.gguf');
  await writeFile(modelPath, module.makeTinyGguf());
  const single = [];
  const multi = [];
  try {
    for (let i = 0; i < runs; i++) {
      single.push(await once(browser, url, modelPath));
      multi.push(await once(browser, url, modelPath, 4));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const threads = [...new Set(multi.map((r) => `${r.threads} (isolated: ${r.isolated})`))];
  console.log(`local bench: multi-threaded runs used ${threads.join(', ')} threads`);
  return {
    'local.load_ms': median(single.map((r) => r.loadMs)),
    'local.tokens_per_s': median(single.map((r) => r.tokensPerSecond)),
    'local.tokens_per_s_2_threads': median(multi.map((r) => r.tokensPerSecond)),
    'local.longest_task_ms': median(single.map((r) => r.longest)),
  };
}
