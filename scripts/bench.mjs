// `npm run bench`: builds Cove, serves the production build locally, measures it in Chromium
// and writes bench-results/latest.json ({commit, date, runs, metrics}) plus a summary table.
// Each figure is the median of several runs; the machine is noisy, so never time in tests.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { startStaticServer } from '../tests/fixtures/static-server.mjs';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Suites in tests/bench/, each exporting run(bench) → {metric: number}. */
const SUITES = (
  process.env.BENCH_SUITES ??
  'load,render,python,editor,tools,agent,checkpoints,mcp,sessions,zip,search,knowledge'
).split(',');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// BENCH_BUSY=N runs N busy loops beside the measurements (the CPU busy, as on a machine
// doing other work); Cove and its peer are measured under the same load, in the same run.
const BUSY = Number(process.env.BENCH_BUSY ?? 0);
const busy = Array.from({ length: BUSY }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
if (BUSY) console.log(`bench: ${BUSY} busy process(es) beside the measurements`);

const server = await startStaticServer({ root: 'dist' });
const browser = await chromium.launch({ executablePath: findChromium().path, args: CHROMIUM_ARGS });
const metrics = {};
try {
  for (const name of SUITES) {
    const suite = await import(`../tests/bench/${name}.bench.mjs`);
    console.log(`bench: ${name} (${RUNS} runs)…`);
    Object.assign(
      metrics,
      await suite.run({ browser, url: server.url, distDir: 'dist', runs: RUNS, median }),
    );
  }
} finally {
  await browser.close();
  await server.close();
  for (const child of busy) child.kill();
}

// Suites not run this time keep their last figures, so one file holds every issue's numbers;
// figures under load are kept apart from quiet ones.
const LATEST = BUSY ? 'bench-results/latest-busy.json' : 'bench-results/latest.json';
await mkdir('bench-results', { recursive: true });
let previous = {};
try {
  previous = JSON.parse(await readFile(LATEST, 'utf8')).metrics ?? {};
} catch {
  // First run.
}
const rounded = Object.fromEntries(
  Object.entries(metrics).map(([k, v]) => [k, Math.round(v * 100) / 100]),
);
const result = {
  commit: execSync('git rev-parse --short HEAD').toString().trim(),
  date: new Date().toISOString(),
  runs: RUNS,
  busyProcesses: BUSY,
  metrics: { ...previous, ...rounded },
};
await writeFile(LATEST, `${JSON.stringify(result, null, 2)}\n`);
await writeFile(
  `bench-results/${result.date.replace(/[:.]/g, '-')}.json`,
  `${JSON.stringify(result, null, 2)}\n`,
);

console.log(`\n| metric | median of ${RUNS} |\n|---|---|`);
for (const [name, value] of Object.entries(rounded)) console.log(`| ${name} | ${value} |`);
