// Editor figures: how soon a keystroke shows on screen while the app is busy beside it.
// Measured through Cove's own interface in the production build (no hooks in the app); the
// times are read from performance.now() in the page.
//
//   editor.keystroke_p95_ms       key to paint while typing into a Python file in Cove, with a
//                                 second tab of the same app (same profile) running a Python
//                                 busy loop: the 95th percentile over the characters typed
//   editor.keystroke_p50_ms       the same, the median
//   editor.keystroke_bare_p95_ms  the same typing into CodeMirror's own basic setup with
//                                 Python, alone on a page (tests/bench/editor-page/), under the
//                                 same load (Cove's second tab still running): the floor a page
//                                 with this editor has on this machine
//   editor.keystroke_ratio        Cove / bare, p95
//   editor.keystroke_cpu_ms       main-thread CPU time per character typed in Cove (Chromium's
//                                 ThreadTime over the typing, divided by the characters):
//                                 what a keystroke costs the page, whatever the machine's load
//   editor.keystroke_bare_cpu_ms  the same for CodeMirror alone
//
// Key to paint: from the keydown's timestamp (when the browser received the key) to the end
// of the first frame after the document changed (a requestAnimationFrame callback, then a
// message task after it). Headless Chromium draws at 60 Hz, so even an idle page waits up to
// one frame interval (16.7 ms) for its next frame.
//
// Before typing, the one-time work of a first visit (Python's first boot and snapshot, the
// service worker's precache, Ruff's compile) has finished: this is typing on a page in use.
import { openBenchPage } from './bench-page.mjs';
import { keyToPaintSamples, percentile, recordKeyToPaint } from './key-to-paint.mjs';

const TIMEOUT = 120_000;

/** A few hundred characters of Python, typed as a person does, key by key. */
const TEXT = [
  'def total(values):',
  'result = 0',
  'for value in values:',
  'result += value * 2',
  'return result',
  '',
  'numbers = [1, 2, 3, 4, 5, 6, 7, 8]',
  'print(total(numbers))',
  'squares = {n: n * n for n in numbers}',
  'print(sorted(squares.items()))',
  'words = "a quick brown fox jumps over the lazy dog".split()',
  'print(max(words, key=len))',
  '',
].join('\n');

/**
 * Types TEXT into the focused editors of `pages`, line by line in turn, so that each meets
 * the same load over time. Returns, per page, {p50, p95, keys} of key to paint.
 */
async function typeInTurn(pages) {
  const cpu = await Promise.all(pages.map((page) => mainThreadTime(page)));
  for (const page of pages) await page.evaluate(recordKeyToPaint);
  const lines = TEXT.split('\n').map((line) => `${line}\n`);
  for (const line of lines) {
    for (const page of pages) await page.keyboard.type(line, { delay: 5 });
  }
  const keys = lines.join('').length;
  return Promise.all(
    pages.map(async (page, i) => {
      const samples = await keyToPaintSamples(page, keys, TIMEOUT);
      return {
        p50: percentile(samples, 0.5),
        p95: percentile(samples, 0.95),
        keys: samples.length,
        cpu: ((await cpu[i]()) * 1000) / keys,
      };
    }),
  );
}

/**
 * Starts counting the CPU time of `page`'s main thread (Chromium's ThreadTime metric, in
 * seconds); the function returned gives the time used since.
 */
async function mainThreadTime(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'ThreadTime').value;
  };
  const start = await read();
  return async () => {
    const used = (await read()) - start;
    await cdp.detach();
    return used;
  };
}

async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: TIMEOUT,
  });
}

/** Creates a file through the New file dialog and leaves its editor focused. */
async function newFile(page, name) {
  await page.getByRole('button', { name: 'New file' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('textbox', { name: `Editor: ${name}` }).click();
}

/**
 * The first tab: a first visit left to finish its one-time work, then a new Python file whose
 * first lint has run (Ruff compiled). Returns the page with that file's editor focused.
 */
async function openTypingTab(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
    timeout: TIMEOUT,
  });
  // Python's first boot (and its snapshot) is over once a run can print.
  await page.getByRole('treeitem', { name: 'main.py', exact: true }).click();
  await page.getByRole('button', { name: '▶ Run main.py', exact: true }).click();
  await page
    .getByRole('log', { name: 'Program output' })
    .getByText('Hello')
    .first()
    .waitFor({ timeout: TIMEOUT });
  await newFile(page, 'typing.py');
  // An unused import: Ruff's finding shows that the linter is compiled and has answered.
  await page.keyboard.type('import os\n');
  await page.locator('.cm-lint-marker').first().waitFor({ timeout: TIMEOUT });
  await page.keyboard.press('ControlOrMeta+End');
  return page;
}

/** The second tab of the same profile: a Python busy loop, running until its tab closes. */
async function startBusyTab(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Time limit per run (seconds)').fill('3600');
  await settings.getByRole('button', { name: 'Save Python settings' }).click();
  await page.getByText('Python settings saved.').first().waitFor();
  await page.getByRole('button', { name: 'Close settings' }).click();
  await newFile(page, 'busy.py');
  await page.keyboard.insertText('print("busy")\nn = 0\nwhile True:\n    n += 1\n');
  await page.keyboard.press('ControlOrMeta+s');
  await page.getByRole('button', { name: '▶ Run busy.py', exact: true }).click();
  await page
    .getByRole('log', { name: 'Program output' })
    .getByText('busy')
    .waitFor({ timeout: TIMEOUT });
  return page;
}

/** CodeMirror alone, its editor focused. */
async function openBare(browser) {
  const bare = await openBenchPage(browser, { name: 'editor', global: 'editorBench' });
  await bare.page.getByRole('textbox', { name: 'Editor: typing.py' }).click();
  await bare.page.keyboard.type('import os\n');
  return bare;
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, url, runs, median }) {
  const cove = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    try {
      const typing = await openTypingTab(context, url);
      await startBusyTab(context, url);
      await typing.bringToFront();
      const peer = await openBare(browser);
      try {
        // Line by line in turn, each run starting with the other one.
        const order = i % 2 === 0 ? [typing, peer.page] : [peer.page, typing];
        const [a, b] = await typeInTurn(order);
        cove.push(order[0] === typing ? a : b);
        bare.push(order[0] === typing ? b : a);
      } finally {
        await peer.close();
      }
      const round = (ms) => Math.round(ms);
      const show = ({ p50, p95, cpu }) =>
        `p50 ${round(p50)} ms, p95 ${round(p95)} ms, main thread ${cpu.toFixed(1)} ms/key`;
      console.log(`  cove ${show(cove.at(-1))}; bare ${show(bare.at(-1))}`);
    } finally {
      await context.close();
    }
  }
  const p95 = median(cove.map((r) => r.p95));
  const bareP95 = median(bare.map((r) => r.p95));
  return {
    'editor.keystroke_p95_ms': p95,
    'editor.keystroke_p50_ms': median(cove.map((r) => r.p50)),
    'editor.keystroke_bare_p95_ms': bareP95,
    'editor.keystroke_ratio': p95 / bareP95,
    'editor.keystroke_cpu_ms': median(cove.map((r) => r.cpu)),
    'editor.keystroke_bare_cpu_ms': median(bare.map((r) => r.cpu)),
  };
}
