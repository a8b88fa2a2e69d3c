// The workspace knowledge in Chromium: Cove's real IndexedDB store and the knowledge index
// in its worker (tests/bench/knowledge-page/), over a corpus the page makes
// (knowledge-page/knowledge-corpus.ts: 1,000 Markdown handbooks, 10 MB, 20,000 passages).
//   knowledge.index_1k_ms            the whole workspace added to an emptied knowledge: every
//                                    file read, cut, indexed and its passages written
//   knowledge.index_longest_task_ms  the longest main-thread task meanwhile (aim ≤ 50; 0 when
//                                    no task passed 50 ms, the Long Tasks API's floor)
//   knowledge.chunks                 passages indexed (20,000)
//   knowledge.query_p50_ms           one full-text search of the 20,000 passages, asked from
//                                    the page (aim ≤ 20): median over the evaluation set
//   knowledge.recall_at_5            share of the 60 questions of the evaluation set whose
//                                    answering section is among the first 5 passages
// Index figures are the median of `runs` rounds after one warm-up.
import { openBenchPage } from './bench-page.mjs';

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  const { page, close } = await openBenchPage(browser, {
    name: 'knowledge',
    global: 'coveKnowledgeBench',
    define: { __COVE_VERSION__: '"bench"', __COVE_BUILD__: '"bench"' },
  });
  try {
    const bytes = await page.evaluate(() => window.coveKnowledgeBench.prepare(1000));
    if (bytes < 9_500_000) throw new Error(`the corpus holds ${bytes} bytes, not 10 MB`);
    const rounds = [];
    for (let i = 0; i <= runs; i++) {
      const round = await page.evaluate(() => window.coveKnowledgeBench.timeIndex());
      if (round.chunks < 20_000) throw new Error(`indexed ${round.chunks} passages`);
      if (i > 0) rounds.push(round);
    }
    const queries = [];
    let recall = 0;
    for (let i = 0; i <= runs; i++) {
      const round = await page.evaluate(() => window.coveKnowledgeBench.timeQueries());
      if (i > 0) queries.push(...round.times);
      recall = round.recall;
    }
    await page.evaluate(() => window.coveKnowledgeBench.close());
    return {
      'knowledge.index_1k_ms': median(rounds.map((round) => round.ms)),
      'knowledge.index_longest_task_ms': median(rounds.map((round) => round.longestTask)),
      'knowledge.chunks': median(rounds.map((round) => round.chunks)),
      'knowledge.query_p50_ms': median(queries),
      'knowledge.recall_at_5': recall,
    };
  } finally {
    await close();
  }
}
