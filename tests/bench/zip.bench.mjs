// Zip import figures, measured through Cove's own interface in the production build:
//
//   zip.import_10k_ms               a .zip of 10,000 small Python files in 100 folders (the
//                                   most entries an import takes): the file handed to "Import
//                                   zip"'s chooser → the "Zip import: 10000 files added."
//                                   notice on screen
//   zip.import_10k_longest_task_ms  the longest main-thread task during that time, as the
//                                   page's PerformanceObserver('longtask') reports them (only
//                                   tasks over 50 ms are reported: 0 means none)
//
// Each run is a fresh browser context (an empty database), started once the page is idle
// (Python's start over), so the figures are the import's own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';

const TIMEOUT = 300_000;

/** 10,000 files of ~150–250 bytes: a vendored project, say. */
export function tenThousandFiles() {
  const entries = {};
  for (let i = 0; i < 10_000; i++) {
    const folder = `pkg${String(Math.floor(i / 100)).padStart(2, '0')}`;
    entries[`${folder}/mod${i % 100}.py`] = strToU8(
      `"""Module ${i}."""\nimport math\n\n\ndef f${i}(x):\n    return math.sqrt(x) * ${i}\n\n\nVALUES = [${i}, ${i + 1}, ${i + 2}]\n`,
    );
  }
  return zipSync(entries);
}

/** Resolves once no long task has been seen for `quietMs` (in the page). */
function waitUntilQuiet(quietMs) {
  return new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    observer.observe({ type: 'longtask' });
    function done() {
      observer.disconnect();
      resolve();
    }
  });
}

/** Starts recording long tasks and watching for the import's report; returns nothing. */
function watchImport() {
  const state = { tasks: [], doneAt: undefined };
  window.__zipBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask' });
  const observer = new MutationObserver(() => {
    const region = document.querySelector('[role="region"][aria-label="Notifications"]');
    if (region && /Zip import: 10000 files added/.test(region.textContent ?? '')) {
      state.doneAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, url, runs, median }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'cove-zip-bench-'));
  const zipPath = path.join(dir, 'ten-thousand.zip');
  await writeFile(zipPath, tenThousandFiles());
  const times = [];
  const longest = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error('zip bench page:', error));
      await page.goto(url);
      await page.locator('html[data-ready="true"]').waitFor({ timeout: 60_000 });
      await page.getByText('Python is ready').waitFor({ timeout: TIMEOUT });
      await page.evaluate(waitUntilQuiet, 1000);
      await page.evaluate(watchImport);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import zip' }).click();
      const picker = await chooser;
      // The file goes in by path (CDP), so no harness script runs in the page meanwhile.
      const startedAt = await page.evaluate(() => performance.now());
      await picker.setFiles(zipPath);
      await page.waitForFunction(() => window.__zipBench.doneAt !== undefined, null, {
        timeout: TIMEOUT,
        polling: 250,
      });
      const { doneAt, tasks } = await page.evaluate(() => window.__zipBench);
      times.push(doneAt - startedAt);
      const during = tasks.filter(
        ([start, duration]) => start + duration > startedAt && start < doneAt,
      );
      longest.push(Math.max(0, ...during.map(([, duration]) => duration)));
      await context.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    'zip.import_10k_ms': median(times),
    'zip.import_10k_longest_task_ms': median(longest),
  };
}
