// Rewinding an agent turn in Chromium, through Cove's real IndexedDB store: a workspace of
// 1,000 files where one turn edited 80 (8 binary), deleted 10 and created 10. The suite
// builds a small page of its own (tests/bench/checkpoints-page/) with Vite and drives it;
// nothing else of the app is loaded.
//   sessions.rewind_100_ms        planRewind (read 100 files, hash them, load the blobs)
//                                 plus rewind (undo checkpoint, one atomic batch of 100
//                                 files, settle): what "Rewind files to here" costs from
//                                 the click to the files being back (aim ≤ 200)
//   sessions.rewind_100_plan_ms   the planning part alone (the preview)
// Each figure is the median of `runs` rewinds (each of a new turn) after one warm-up.
import { openBenchPage } from './bench-page.mjs';

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  const { page, close } = await openBenchPage(browser, {
    name: 'checkpoints',
    global: 'coveCheckpointsBench',
  });
  try {
    const entries = await page.evaluate(() => window.coveCheckpointsBench.prepare());
    if (entries !== 1010) throw new Error(`expected 1,010 entries, got ${entries}`);
    await page.evaluate(() => window.coveCheckpointsBench.timeRewind());
    const total = [];
    const plan = [];
    for (let i = 0; i < runs; i++) {
      const times = await page.evaluate(() => window.coveCheckpointsBench.timeRewind());
      total.push(times.total);
      plan.push(times.plan);
    }
    await page.evaluate(() => window.coveCheckpointsBench.close());
    return {
      'sessions.rewind_100_ms': median(total),
      'sessions.rewind_100_plan_ms': median(plan),
    };
  } finally {
    await close();
  }
}
