// NOT YET RUN: the bench lock was busy until the deadline. Run it with
// `flock /tmp/cove-e2e.lock env BENCH_SUITES=git npm run bench` (it is not in the default list yet).
// Cloning from a git server in Chromium, through Cove's real store and GitRepository:
//   git.clone_ms   a shallow clone (the Git panel's default) of a repository of 1,000 text
//                  files of 1 KB in 20 folders, one commit (about 1 MB of files), made with
//                  the git command line and served by tests/fixtures/git-http-server.mjs
//                  (git's own upload-pack) on localhost: from the call to every file and
//                  git's objects being in IndexedDB, each clone into a new workspace.
// The median of `runs` clones after one warm-up.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBenchPage } from './bench-page.mjs';

const FILES = 1000;
const FOLDERS = 20;
const PORT = 4186;
/** The mock server looks repositories up under the working directory. */
const ROOT = resolve('.git-fixtures-bench');

function makeRepository() {
  const work = mkdtempSync(join(tmpdir(), 'cove-bench-git-'));
  const git = (...args) =>
    execFileSync('git', ['-C', work, '-c', 'user.name=Bench', '-c', 'user.email=b@x', ...args]);
  git('init', '-q', '-b', 'main');
  for (let i = 0; i < FILES; i++) {
    const folder = join(work, `pkg_${i % FOLDERS}`);
    mkdirSync(folder, { recursive: true });
    let text = `# module ${i}\n`;
    for (let line = 0; text.length < 1024; line++) text += `value_${line} = ${i * 31 + line}\n`;
    writeFileSync(join(folder, `module_${i}.py`), text.slice(0, 1024));
  }
  git('add', '.');
  git('commit', '-q', '-m', 'Bench fixture');
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  execFileSync('git', ['clone', '-q', '--bare', work, join(ROOT, 'bench.git')]);
  rmSync(work, { recursive: true, force: true });
}

async function startGitServer() {
  const script = fileURLToPath(new URL('../fixtures/git-http-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, '--port', String(PORT), '--root', ROOT], {
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/`)).ok) break;
    } catch {
      if (tries > 100) throw new Error('the git server did not start');
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  return () => child.kill();
}

/**
 * @param {{ browser: import('@playwright/test').Browser, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, runs, median }) {
  makeRepository();
  const stop = await startGitServer();
  const { page, close } = await openBenchPage(browser, {
    name: 'git',
    global: 'coveGitBench',
    // As the app's build (vite.config.ts): isomorphic-git's browser bundle.
    plugins: [
      {
        name: 'isomorphic-git-browser',
        config: () => ({
          resolve: {
            alias: [
              {
                find: /^isomorphic-git$/,
                replacement: resolve('node_modules/isomorphic-git/index.umd.min.js'),
              },
            ],
          },
        }),
      },
    ],
  });
  try {
    const url = `http://localhost:${PORT}/bench.git`;
    await page.evaluate(() => window.coveGitBench.prepare());
    const first = await page.evaluate((u) => window.coveGitBench.timeClone(u), url);
    if (first.files !== FILES) throw new Error(`expected ${FILES} files, got ${first.files}`);
    const times = [];
    for (let i = 0; i < runs; i++) {
      times.push((await page.evaluate((u) => window.coveGitBench.timeClone(u), url)).ms);
    }
    console.log(`bench: git clone of ${FILES} files, ${first.rows} rows written per clone`);
    await page.evaluate(() => window.coveGitBench.close());
    return { 'git.clone_ms': median(times) };
  } finally {
    await close();
    stop();
    rmSync(ROOT, { recursive: true, force: true });
  }
}
