// Python figures, measured through Cove's own interface in the production build (no hooks
// in the app): a person's clicks are made from inside the page by a MutationObserver, so
// Playwright's round trips never land inside a timed span, and every time is read from
// performance.now() in the page.
//
//   python.first_print_ms          navigation start → "1" printed by a Run of print(1), on
//                                  a second visit (service worker and snapshot warm)
//   python.first_print_console_ms  the same for the console page the pyodide package ships
//                                  (node_modules/pyodide/console.html), second visit too
//   python.first_print_ratio       Cove / console
//   python.first_visit_print_ms    navigation → the Welcome main.py's first output on a first
//                                  visit (nothing cached): Run clicked the moment it allows
//   python.first_visit_print_console_ms  the console's first visit: navigation → "1"
//   python.first_visit_ratio       Cove / console, first visits
//   python.timeout_recovery_ms     in the 1,000-file workspace of the sync figure: a
//                                  time.sleep run killed at its 1 s limit (terminate
//                                  path): the timeout status appearing → the first output of
//                                  the next run, which the warm spare answers
//   python.cold_boot_ms            the boot of a fresh interpreter without a snapshot: on a
//                                  first visit (nothing cached, no service worker), the Run
//                                  click → the first output. Start-up began with the page
//                                  (a few hundred ms earlier), so this slightly understates
//                                  the boot; it includes saving the new snapshot.
//   python.trivial_run_ms          a Run of `pass` on a ready interpreter: click → "Finished in" shown
//                                  (saving, file sync check, run, write-back, rendering)
//   python.sync_1000_files_ms      after importing a zip of 1,000 small files: a Run that
//                                  changes 100 of them, click → "Finished in" (the 1,000 go
//                                  into the worker and the 100 come back into the store)
import { createRequire } from 'node:module';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { startStaticServer } from '../fixtures/static-server.mjs';

const TRIVIAL_RUNS = 20;
const TIMEOUT = 120_000;

/**
 * Installs, in the page, a watcher that clicks a button once it is enabled and then
 * resolves with timings when `done` holds. Runs in the page (serialised by Playwright).
 * @param {{ button: string, tree?: string, region?: string, output?: string, statusPrefix?: string }} spec
 */
function watchInPage(spec) {
  const state = { clickedAt: undefined, doneAt: undefined };
  const find = (selector, test) => [...document.querySelectorAll(selector)].find(test);
  const check = () => {
    if (state.clickedAt === undefined) {
      if (spec.tree) {
        const item = find('[role="treeitem"]', (el) => el.textContent?.trim() === spec.tree);
        const button = find('button', (el) => el.textContent?.trim() === spec.button);
        if (item && !button) item.click();
      }
      const button = find('button', (el) => el.textContent?.trim() === spec.button && !el.disabled);
      if (button) {
        state.clickedAt = performance.now();
        button.click();
      }
      return;
    }
    const region = spec.region
      ? find('section', (el) => el.getAttribute('aria-label') === spec.region)
      : document;
    if (!region) return;
    let done = false;
    if (spec.output !== undefined) {
      const log = region.querySelector('[role="log"]');
      done = !!log && (log.textContent ?? '').includes(spec.output);
    } else if (spec.statusPrefix !== undefined) {
      const status = region.querySelector('[role="status"]');
      done = !!status && (status.textContent ?? '').startsWith(spec.statusPrefix);
    }
    if (done) {
      state.doneAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  globalThis.__coveBench = state;
  check();
}

/** Waits for the watcher of {@link watchInPage} and returns its times. */
async function watched(page) {
  await page.waitForFunction(() => globalThis.__coveBench?.doneAt !== undefined, null, {
    timeout: TIMEOUT,
    polling: 100,
  });
  return page.evaluate(() => ({ ...globalThis.__coveBench }));
}

async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: TIMEOUT,
  });
}

/** Creates a file through the New file dialog and types its text into the editor. */
async function writeFile(page, name, text) {
  await page.getByRole('button', { name: 'New file' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const editor = page.getByRole('textbox', { name: `Editor: ${name}` });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  await page.keyboard.press('ControlOrMeta+s');
  await page.getByText('Saved', { exact: true }).waitFor();
}

async function openTab(page, name) {
  await page.getByRole('tab', { name: new RegExp(`^${name.replace('.', '\\.')}`) }).click();
  await page.getByRole('button', { name: `▶ Run ${name}`, exact: true }).waitFor();
}

/** Clicks Run on the open file from inside the page; resolves with click → done in ms. */
/** Waits until the output panel says Python is ready (not starting, not running). */
async function pythonReady(page) {
  await page.waitForFunction(
    () => document.querySelector('.runtime-status')?.getAttribute('title') === 'Python is ready',
    null,
    { timeout: TIMEOUT },
  );
}

async function timedRun(page, spec) {
  await page.evaluate(watchInPage, spec);
  const times = await watched(page);
  return times.doneAt - times.clickedAt;
}

/** The zip a person imports for the sync figure: 1,000 small files and the script. */
function syncZip() {
  const files = {};
  for (let i = 0; i < 1000; i++) {
    files[`data/f${String(i).padStart(4, '0')}.txt`] = strToU8(`file ${i}\n${'x'.repeat(200)}\n`);
  }
  files['touch.py'] = strToU8(
    [
      'for i in range(0, 1000, 10):',
      '    with open(f"data/f{i:04d}.txt", "a") as f:',
      '        f.write("changed\\n")',
      '',
    ].join('\n'),
  );
  return Buffer.from(zipSync(files));
}

/** One fresh profile: first visit, then every Cove figure on the second visit. */
async function measureCove(browser, url, median) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    // First visit: nothing cached. Open main.py and Run it as soon as the button allows.
    await page.goto(url);
    await page.evaluate(watchInPage, {
      tree: 'main.py',
      button: '▶ Run main.py',
      output: 'Hello, world!',
    });
    const cold = await watched(page);
    await ready(page);

    await writeFile(page, 'pass.py', 'pass\n');
    await writeFile(page, 'recover.py', 'print(1)\nimport time; time.sleep(60)\n');
    await writeFile(page, 'one.py', 'print(1)\n');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, {
      timeout: TIMEOUT,
    });

    // Second visit: one.py is the open tab; Run it the moment the button is there.
    await context.addInitScript(watchInPage, { button: '▶ Run one.py', output: '1\n' });
    await page.reload();
    const warm = await watched(page);
    await ready(page);
    await page.getByRole('region', { name: 'Run of one.py' }).getByRole('status').waitFor();

    // Trivial runs. Each run's interpreter is replaced afterwards (nothing of a run outlives
    // it), so each is timed on a ready interpreter: the spare that took over.
    await openTab(page, 'pass.py');
    const trivial = [];
    for (let i = 0; i < TRIVIAL_RUNS; i++) {
      await pythonReady(page);
      trivial.push(
        await timedRun(page, {
          button: '▶ Run pass.py',
          region: 'Run of pass.py',
          statusPrefix: 'Finished in',
        }),
      );
      // The next run must not see this run's status as its own.
      await page.getByRole('button', { name: 'Clear output' }).click();
    }

    // 1,000 files in, 100 back.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import zip' }).click();
    await (
      await chooser
    ).setFiles([{ name: 'many.zip', mimeType: 'application/zip', buffer: syncZip() }]);
    await page.getByText(/Zip import: 1,?001 files added/).waitFor({ timeout: TIMEOUT });
    await page.getByRole('treeitem', { name: 'touch.py', exact: true }).click();
    await openTab(page, 'touch.py');
    const sync = await timedRun(page, {
      button: '▶ Run touch.py',
      region: 'Run of touch.py',
      statusPrefix: 'Finished in',
    });
    const wrote = await page.getByRole('region', { name: 'Run of touch.py' }).innerText();
    if (!wrote.includes('data/f0990.txt')) throw new Error(`The sync run did not write: ${wrote}`);

    // Timeout recovery: time limit 1 s, a sleeping run is killed, Run selection (line 1,
    // `print(1)`) follows the moment the status says so.
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByLabel('Time limit per run (seconds)').fill('1');
    await settings.getByRole('button', { name: 'Save Python settings' }).click();
    await page.getByText('Python settings saved.').waitFor();
    await page.getByRole('button', { name: 'Close settings' }).click();
    await openTab(page, 'recover.py');
    await page
      .getByRole('textbox', { name: 'Editor: recover.py' })
      .locator('.cm-line')
      .first()
      .click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    // The kill hands the run after it to the spare: time it once that spare is ready.
    await page.waitForFunction(
      () => document.querySelector('.runtime-status')?.getAttribute('data-spare') === 'ready',
      null,
      { timeout: TIMEOUT },
    );
    await page.evaluate(() => {
      const state = { killedAt: undefined, doneAt: undefined };
      globalThis.__coveBench = state;
      const find = (selector, test) => [...document.querySelectorAll(selector)].find(test);
      const observer = new MutationObserver(() => {
        if (state.killedAt === undefined) {
          const region = find(
            'section',
            (el) => el.getAttribute('aria-label') === 'Run of recover.py',
          );
          const status = region?.querySelector('[role="status"]');
          const again = find('button', (el) => el.getAttribute('aria-label') === 'Run selection');
          if (status?.textContent?.startsWith('Stopped: the run took longer') && again) {
            state.killedAt = performance.now();
            again.click();
          }
          return;
        }
        const next = find(
          'section',
          (el) => el.getAttribute('aria-label') === 'Run of recover.py (lines 1–1)',
        );
        if (next?.querySelector('[role="log"]')?.textContent === '1\n') {
          state.doneAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
      [...document.querySelectorAll('button')]
        .find((el) => el.textContent?.trim() === '▶ Run recover.py')
        .click();
    });
    const recovery = await watched(page);

    const figures = {
      firstPrint: warm.doneAt,
      firstVisitPrint: cold.doneAt,
      coldBoot: cold.doneAt - cold.clickedAt,
      trivial: median(trivial),
      sync,
      recovery: recovery.doneAt - recovery.killedAt,
    };
    const round = (ms) => Math.round(ms);
    console.log(
      `  cove: Run clickable at ${round(warm.clickedAt)} ms, "1" at ${round(warm.doneAt)} ms;`,
      `cold boot ${round(figures.coldBoot)} ms; trivial ${round(figures.trivial)} ms;`,
      `sync ${round(sync)} ms; recovery ${round(figures.recovery)} ms`,
    );
    return figures;
  } finally {
    await context.close();
  }
}

/** The console page of the pyodide package, first and second visit, other hosts blocked. */
async function measureConsole(browser, consoleUrl) {
  const context = await browser.newContext();
  // The console loads jQuery and its terminal from a CDN; this machine has no network, and
  // the figure is about Python, so those requests fail at once.
  await context.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => route.abort(),
  );
  await context.addInitScript(() => {
    let value;
    const state = {};
    globalThis.__coveBench = state;
    // console.html does `globalThis.pyodide = await loadPyodide(…)`: print(1) the moment
    // the interpreter is handed over.
    Object.defineProperty(globalThis, 'pyodide', {
      configurable: true,
      get: () => value,
      set(pyodide) {
        value = pyodide;
        pyodide.setStdout({
          batched: (text) => {
            if (text === '1' && state.doneAt === undefined) state.doneAt = performance.now();
          },
        });
        pyodide.runPython('print(1)');
      },
    });
  });
  const page = await context.newPage();
  try {
    await page.goto(consoleUrl);
    const first = await watched(page);
    await page.reload();
    const times = await watched(page);
    console.log(
      `  console: first visit "1" at ${Math.round(first.doneAt)} ms, second at ${Math.round(times.doneAt)} ms`,
    );
    return { cold: first.doneAt, warm: times.doneAt };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ browser, url, runs, median }) {
  const require = createRequire(import.meta.url);
  const pyodideDir = path.dirname(require.resolve('pyodide/package.json'));
  const consoleServer = await startStaticServer({ root: pyodideDir });
  const cove = [];
  const consoleTimes = [];
  try {
    for (let i = 0; i < runs; i++) {
      cove.push(await measureCove(browser, url, median));
      consoleTimes.push(await measureConsole(browser, `${consoleServer.url}console.html`));
    }
  } finally {
    await consoleServer.close();
  }
  const pick = (key) => median(cove.map((figures) => figures[key]));
  const firstPrint = pick('firstPrint');
  const consoleFirstPrint = median(consoleTimes.map((times) => times.warm));
  const consoleFirstVisit = median(consoleTimes.map((times) => times.cold));
  const firstVisit = pick('firstVisitPrint');
  return {
    'python.first_visit_print_ms': firstVisit,
    'python.first_visit_print_console_ms': consoleFirstVisit,
    'python.first_visit_ratio': firstVisit / consoleFirstVisit,
    'python.first_print_ms': firstPrint,
    'python.first_print_console_ms': consoleFirstPrint,
    'python.first_print_ratio': firstPrint / consoleFirstPrint,
    'python.timeout_recovery_ms': pick('recovery'),
    'python.cold_boot_ms': pick('coldBoot'),
    'python.trivial_run_ms': pick('trivial'),
    'python.sync_1000_files_ms': pick('sync'),
  };
}
