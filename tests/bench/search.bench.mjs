// Project search and Quick open in Chromium, through Cove's real IndexedDB store, workspace
// service and project search service (tests/bench/search-page/), with no UI around them.
//   search.find_1k_ms          a regular expression searched over 1,000 files of 10 KB
//                              (10 MB), one match in each (under the panel's 2,000, so
//                              "Replace all" covers every file)
//   search.replace_1k_ms       "Replace all" of that search: every match of every file
//                              worked out and written in one batch (aim ≤ 500)
//   search.replace_longest_task_ms  the longest main-thread task while it does (aim ≤ 50)
//   search.undo_1k_ms          its Undo, every file put back
//   search.find_longest_task_ms the longest main-thread task of the search
//   quickopen.query_10k_ms     one fuzzy ranking of 10,000 paths for a typed query, as a
//                              keystroke in Quick open asks for it (aim ≤ 16)
// Each figure is the median of `runs` measurements after one warm-up.
import { openBenchPage } from './bench-page.mjs';

const QUERIES = ['mod', 'srcutmod12', 'tests/core', 'vwmdl_module_99', 'zzz'];

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  const { page, close } = await openBenchPage(browser, {
    name: 'search',
    global: 'coveSearchBench',
    define: { __COVE_VERSION__: '"bench"', __COVE_BUILD__: '"bench"' },
  });
  try {
    const files = await page.evaluate(() => window.coveSearchBench.prepare(1000));
    if (files !== 1000) throw new Error(`expected 1,000 files, got ${files}`);
    const rounds = [];
    for (let i = 0; i <= runs; i++) {
      const round = await page.evaluate(() =>
        window.coveSearchBench.timeReplace(
          'def function_(\\d+)\\(items\\)',
          'def handler_$1(items)',
        ),
      );
      if (round.files !== 1000 || round.matches !== 1000)
        throw new Error(`replace changed ${round.matches} matches in ${round.files} files`);
      if (i > 0) rounds.push(round);
    }
    const paths = await page.evaluate(() => window.coveSearchBench.preparePaths(10_000));
    if (paths !== 10_000) throw new Error(`expected 10,000 paths, got ${paths}`);
    const ranks = [];
    for (let i = 0; i <= runs; i++) {
      for (const query of QUERIES) {
        const ranked = await page.evaluate((q) => window.coveSearchBench.timeRank(q), query);
        if (query === 'mod' && ranked.total !== 10_000)
          throw new Error(`"mod" matched ${ranked.total} of 10,000 paths`);
        if (i > 0) ranks.push(ranked.ms);
      }
    }
    await page.evaluate(() => window.coveSearchBench.close());
    const pick = (key) => median(rounds.map((round) => round[key]));
    return {
      'search.find_1k_ms': pick('searchMs'),
      'search.find_longest_task_ms': pick('searchTask'),
      'search.replace_1k_ms': pick('replaceMs'),
      'search.replace_longest_task_ms': pick('replaceTask'),
      'search.undo_1k_ms': pick('undoMs'),
      'quickopen.query_10k_ms': median(ranks),
    };
  } finally {
    await close();
  }
}
