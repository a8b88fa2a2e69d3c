// Workspace tools in Chromium: list_files on a 10,000-file workspace and search_files over
// 1,000 files (10 MB), through Cove's real IndexedDB store. The app does not offer the
// tools in its interface yet, so this suite builds a small page of its own
// (tests/bench/tools-page/) with Vite and drives it; nothing else of the app is loaded.
//   tools.list_10k_ms        list_files at its default depth, 10,000 files of 1 KB
//   tools.search_1k_ms       search_files (names and contents) for a rare needle, 1,000
//                            files of 10 KB: every file is read
//   store.list_10k_ms        FileStore.list alone on the same workspace (content-free)
//   store.list_content_10k_ms the same rows with their contents, as listing read before
//                            schema 3, for comparison
// Each figure is the median of `runs` calls on the same database after one warm-up call.
import { openBenchPage } from './bench-page.mjs';

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  const { page, close } = await openBenchPage(browser, { name: 'tools', global: 'coveToolsBench' });
  try {
    const listed = await page.evaluate(() => window.coveToolsBench.prepareList());
    if (listed !== 10_100) throw new Error(`expected 10,100 entries, got ${listed}`);
    const list = [];
    const storeList = [];
    const storeContent = [];
    await page.evaluate(() => window.coveToolsBench.timeList());
    for (let i = 0; i < runs; i++) {
      list.push(await page.evaluate(() => window.coveToolsBench.timeList()));
      const store = await page.evaluate(() => window.coveToolsBench.timeStoreList());
      storeList.push(store.list);
      storeContent.push(store.withContent);
    }

    const searched = await page.evaluate(() => window.coveToolsBench.prepareSearch());
    if (searched !== 1020) throw new Error(`expected 1,020 entries, got ${searched}`);
    const search = [];
    await page.evaluate(() => window.coveToolsBench.timeSearch());
    for (let i = 0; i < runs; i++) {
      search.push(await page.evaluate(() => window.coveToolsBench.timeSearch()));
    }
    await page.evaluate(() => window.coveToolsBench.close());
    return {
      'tools.list_10k_ms': median(list),
      'tools.search_1k_ms': median(search),
      'store.list_10k_ms': median(storeList),
      'store.list_content_10k_ms': median(storeContent),
    };
  } finally {
    await close();
  }
}
