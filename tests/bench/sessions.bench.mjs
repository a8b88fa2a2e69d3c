// Long sessions in Chromium, through Cove's real IndexedDB store and session engine: one
// session of 10,000 nodes with 100 branch points, whose active conversation is 200 messages
// (tests/bench/sessions-page/ builds it). The suite builds that small page with Vite and
// drives it; nothing else of the app is loaded.
//   sessions.open_10k_ms         opening the session as the chat panel does: read the session,
//                                its tree without bodies (the stored outline, checked against
//                                the keys of its 10,000 nodes) and the active path's bodies,
//                                build the path's message views, in a store that has not read
//                                it yet (aim ≤ 150)
//   sessions.open_10k_first_ms   the same the first time the session is opened after it was
//                                stored (an import, the upgrade to schema 8): no outline yet,
//                                so every node is read once to build it (one sample)
//   sessions.open_10k_again_ms   the same when this tab has read the session before (its nodes
//                                are kept in memory by the store)
//   sessions.branch_switch_ms    a branch switch at the 50th question in the open session: the
//                                engine gets the nodes (from the store's memory), plans the
//                                switch, stores the leaf, and the views of the new path are
//                                built (aim ≤ 50)
//   sessions.context_build_ms    the request for the next message from the 200-message path
//                                (aim ≤ 10)
//   sessions.append_1000_ratio   appending a node (one store transaction, then the path's
//                                views updated) to a 1,000-node conversation against a
//                                10-node one, medians of 20 appends each (aim ≤ 1.5)
//   sessions.heap_mb             the page's JS heap after a garbage collection, with the
//                                session shown
// Each figure is the median of `runs` measurements after one warm-up.
import solid from 'vite-plugin-solid';
import { openBenchPage } from './bench-page.mjs';

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  const { page, close } = await openBenchPage(browser, {
    name: 'sessions',
    global: 'coveSessionsBench',
    plugins: [solid()],
    define: { __COVE_VERSION__: '"bench"', __COVE_BUILD__: '"bench"' },
  });
  try {
    const nodes = await page.evaluate(() => window.coveSessionsBench.prepare());
    if (nodes !== 10_000) throw new Error(`expected 10,000 nodes, got ${nodes}`);

    const open = [];
    const openWarm = [];
    let first = 0;
    for (let i = 0; i <= runs; i++) {
      const cold = await page.evaluate(() => window.coveSessionsBench.timeOpen({ cold: true }));
      if (cold.shown !== 200) throw new Error(`expected 200 messages shown, got ${cold.shown}`);
      const warm = await page.evaluate(() => window.coveSessionsBench.timeOpen({ cold: false }));
      if (i === 0) first = cold.ms;
      if (i > 0) open.push(cold.ms);
      if (i > 0) openWarm.push(warm.ms);
    }

    const switches = [];
    for (let i = 0; i <= runs; i++) {
      const there = await page.evaluate(() => window.coveSessionsBench.timeSwitch('next'));
      if (there.shown !== 100 + 2 * 49) throw new Error(`branch shows ${there.shown} messages`);
      const back = await page.evaluate(() => window.coveSessionsBench.timeSwitch('previous'));
      // Back at the trunk's question, the newest leaf under it is the last side branch's.
      if (back.shown !== 296) throw new Error(`back on the trunk, ${back.shown} messages`);
      if (i > 0) switches.push(there.ms, back.ms);
    }

    const contexts = [];
    for (let i = 0; i <= runs; i++) {
      const result = await page.evaluate(() => window.coveSessionsBench.timeContext());
      if (result.messages !== 201) throw new Error(`context of ${result.messages} messages`);
      if (i > 0) contexts.push(result.ms);
    }

    const appendRatios = [];
    for (let i = 0; i <= runs; i++) {
      const small = await page.evaluate(() => window.coveSessionsBench.timeAppend(10, 20));
      const large = await page.evaluate(() => window.coveSessionsBench.timeAppend(1_000, 20));
      if (large.shown !== 1_020) throw new Error(`after appending, ${large.shown} messages shown`);
      if (i > 0) appendRatios.push(large.ms / small.ms);
    }

    await page.evaluate(() => window.coveSessionsBench.timeOpen({ cold: true }));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await page.evaluate(() => window.coveSessionsBench.close());
    return {
      'sessions.open_10k_ms': median(open),
      'sessions.open_10k_first_ms': first,
      'sessions.open_10k_again_ms': median(openWarm),
      'sessions.branch_switch_ms': median(switches),
      'sessions.context_build_ms': median(contexts),
      'sessions.append_1000_ratio': median(appendRatios),
      'sessions.heap_mb': usedSize / (1024 * 1024),
    };
  } finally {
    await close();
  }
}
