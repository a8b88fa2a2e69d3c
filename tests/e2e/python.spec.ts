import type { Locator, Page } from '@playwright/test';
import { startPackageIndex } from '../fixtures/python-package-index.mjs';
import { startStaticServer } from '../fixtures/static-server.mjs';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

// Python boots in a worker of the page: 4–6 s from nothing on this machine's two cores, more
// when two tests boot at once. Each test boots one interpreter (plus its spare), so related
// checks share a test; the first run of a test waits with FIRST_RUN.
const FIRST_RUN = { timeout: 60_000 };

test.describe.configure({ timeout: 120_000 });

/** The CodeMirror line (1-based) of the editor showing `path`. */
function editorLine(cove: CovePage, path: string, line: number): Locator {
  return cove
    .editor(path)
    .locator('.cm-line')
    .nth(line - 1);
}

/**
 * Waits until a second interpreter stands booted beside the first. "The next run starts at
 * once" after a run is killed holds because that spare takes over; right after a (re)load it
 * is still booting (tens of seconds on a busy machine), and a test that did not wait would
 * time Python's boot instead of the hand-over.
 */
async function spareReady(cove: CovePage): Promise<void> {
  await expect(cove.page.locator('.runtime-status')).toHaveAttribute(
    'data-spare',
    'ready',
    FIRST_RUN,
  );
}

/** Waits until the runtime status in the output toolbar says Python is ready. */
async function pythonReady(cove: CovePage): Promise<void> {
  await expect(cove.page.getByText('Python is ready', { exact: true })).toBeVisible(FIRST_RUN);
}

test('hello world; stdout and stderr keep their order, stderr styled apart; Ctrl/Cmd+Enter runs', async ({
  cove,
}) => {
  await cove.item('main.py').click();
  await cove.runButton('main.py').click();
  await expect(cove.output).toContainText('Hello, world! Welcome to Cove.', FIRST_RUN);
  await expect(cove.output).toContainText(
    'The first ten Fibonacci numbers: [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]',
  );
  await expect(cove.runStatus).toHaveText(/^Finished in \d+( ms|\.\d+ s)\.$/);

  await cove.writePython(
    'streams.py',
    [
      'import sys',
      'for i in range(3):',
      '    print(f"out {i}")',
      '    print(f"err {i}", file=sys.stderr)',
      'sys.stdout.write("no newline, ")',
      'print("done")',
    ].join('\n'),
  );
  // The keyboard shortcut runs the file shown in the editor.
  await cove.editor('streams.py').press('ControlOrMeta+Enter');
  await expect(cove.page.getByRole('region', { name: 'Run of streams.py' })).toBeVisible();
  await expect(cove.runStatus).toHaveText(/^Finished in/);
  await expect(cove.output).toHaveText(
    'out 0\nerr 0\nout 1\nerr 1\nout 2\nerr 2\nno newline, done\n',
  );
  const stderr = cove.output.locator('.stderr');
  await expect(stderr).toHaveText(['err 0\n', 'err 1\n', 'err 2\n']);
  await expect(cove.output.locator('.stdout')).toHaveText([
    'out 0\n',
    'out 1\n',
    'out 2\n',
    'no newline, done\n',
  ]);
  const colour = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).color);
  expect(await colour(stderr.first())).not.toBe(
    await colour(cove.output.locator('.stdout').first()),
  );

  // Output belongs to its workspace: a new one starts empty, and going back shows its run.
  await cove.createWorkspace('Second');
  await expect(cove.page.getByRole('region', { name: /^Run of / })).toHaveCount(0);
  await cove.switchWorkspace('Welcome');
  await expect(cove.page.getByRole('region', { name: 'Run of streams.py' })).toBeVisible();
  await expect(cove.output).toContainText('no newline, done');
});

test('a syntax error is located in the editor; a traceback links to its line; Debug with AI sends the failure', async ({
  cove,
  provider,
}) => {
  await connectProvider(cove, provider);
  await cove.writePython(
    'broken.py',
    ['print("before")', 'values = [1, 2', 'print("after")', ''].join('\n'),
  );
  await cove.runButton('broken.py').click();
  await expect(cove.runStatus).toHaveText('Not run: the code has a syntax error.', FIRST_RUN);
  // Nothing ran: "before" was not printed.
  await expect(cove.output).toHaveText('');
  await expect(
    cove.page.getByRole('button', { name: /^broken\.py, line 2, column \d+$/ }),
  ).toBeVisible();
  // The editor underlines the error on line 2, and only there; hovering says what it is.
  const marked = cove.editor('broken.py').locator('.cm-lintRange-error');
  await expect(marked).toHaveCount(1);
  await expect(editorLine(cove, 'broken.py', 2).locator('.cm-lintRange-error')).toHaveCount(1);
  // Ruff's lint (which starts once Python has) can land while the pointer rests there and
  // redraws the marks, closing the tooltip: point at the mark again until it says it.
  await expect(async () => {
    await cove.page.mouse.move(0, 0);
    await marked.hover();
    await expect(cove.page.locator('.cm-tooltip-lint')).toContainText("'[' was never closed", {
      timeout: 2_000,
    });
  }).toPass();

  await cove.typeInto(
    'broken.py',
    ['def ratio(a, b):', '    return a / b', '', 'print("start")', 'print(ratio(1, 0))'].join('\n'),
  );
  await cove.runButton('broken.py').click();
  await expect(cove.runStatus).toHaveText(/^Failed after \d+ ms with ZeroDivisionError\.$/);
  await expect(cove.output).toContainText('start');
  await expect(cove.page.getByText('ZeroDivisionError: division by zero').first()).toBeVisible();
  const traceback = cove.page.getByRole('list', { name: 'Traceback' });
  await expect(traceback.getByRole('listitem')).toHaveText([
    /^broken\.py, line 5 in <module>\s*print\(ratio\(1, 0\)\)/,
    /^broken\.py, line 2 in ratio\s*return a \/ b/,
  ]);
  // Following a link puts the cursor on that line: its line number is the active one.
  const activeLineNumber = cove.page.locator('.cm-lineNumbers .cm-activeLineGutter');
  await traceback.getByRole('button', { name: 'broken.py, line 2' }).click();
  await expect(activeLineNumber).toHaveText('2');
  await expect(cove.editor('broken.py').locator('.cm-activeLine')).toHaveText('    return a / b');
  await traceback.getByRole('button', { name: 'broken.py, line 5' }).click();
  await expect(activeLineNumber).toHaveText('5');

  // With a model set up, Debug with AI sends the failure to it.
  provider.script({ content: 'Check `b` before dividing.' });
  await cove.page.getByRole('button', { name: 'Debug with AI' }).click();
  const question = cove.page.getByRole('article', { name: 'Your message' }).last();
  await expect(question).toContainText('broken.py');
  await expect(question).toContainText('ZeroDivisionError: division by zero');
  await expect(cove.page.getByRole('article', { name: 'Assistant reply' }).last()).toContainText(
    'Check b before dividing.',
  );
  const sent = provider.chatRequests().at(-1)!.body as {
    messages: { role: string; content: string }[];
  };
  const asked = sent.messages.at(-1)!;
  expect(asked.role).toBe('user');
  expect(asked.content).toContain('ZeroDivisionError: division by zero');
  expect(asked.content).toContain('line 2, in ratio');
});

test('arguments and input() from the panel, EOFError at the end of the input; Run selection uses the file’s lines', async ({
  cove,
}) => {
  await cove.writePython(
    'ask.py',
    [
      'import sys',
      'print("args:", sys.argv[1:])',
      'name = input("Name? ")',
      'age = input("Age? ")',
      'print(f"{name} is {age}")',
      'input("More? ")',
    ].join('\n'),
  );
  await cove.showRunOptions();
  await cove.page.getByLabel('Arguments').fill('--loud "two words"');
  await cove.page.getByLabel('Input for input()').fill('Ada\n36');
  await cove.runButton('ask.py').click();
  await expect(cove.runStatus).toHaveText(/^Failed after \d+ ms with EOFError\.$/, FIRST_RUN);
  // What input() read is echoed where it was read, as a terminal shows typed input.
  await expect(cove.output).toHaveText(
    "args: ['--loud', 'two words']\nName? Ada\nAge? 36\nAda is 36\nMore? ",
  );
  const typed = cove.output.locator('.stdin');
  await expect(typed).toHaveText(['Ada\n', '36\n']);
  const colour = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).color);
  expect(await colour(typed.first())).not.toBe(
    await colour(cove.output.locator('.stdout').first()),
  );
  await expect(cove.page.getByRole('list', { name: 'Traceback' })).toContainText('ask.py, line 6');

  // Without a model, Debug with AI leaves the failure in the chat box to send later. The
  // notice leaves after 5 s, so it is checked first: on a loaded machine the checks of the
  // message box once took longer than that.
  await cove.page.getByRole('button', { name: 'Debug with AI' }).click();
  await expect(cove.notices).toContainText('The failed run is ready in the chat box');
  const messageBox = cove.page.getByRole('combobox', { name: 'Message' });
  await expect(messageBox).toHaveValue(/ask\.py/);
  await expect(messageBox).toHaveValue(/EOFError: EOF when reading a line/);

  await cove.page.getByLabel('Arguments').fill('');
  await cove.page.getByLabel('Input for input()').fill('');
  await cove.writePython(
    'pick.py',
    [
      'def unused():',
      '    raise RuntimeError("not selected")',
      '    total = 40 + 2',
      '    print("total", total)',
      'print("whole file")',
      'print(missing_name)',
    ].join('\n'),
  );
  // Select lines 3–4 (indented: they run dedented) and run just them.
  await editorLine(cove, 'pick.py', 3).click();
  await cove.page.keyboard.press('Home');
  await cove.page.keyboard.press('Shift+ArrowDown');
  await cove.page.keyboard.press('Shift+End');
  await cove.page.getByRole('button', { name: 'Run selection' }).click();
  await expect(cove.page.getByRole('region', { name: 'Run of pick.py (lines 3–4)' })).toBeVisible();
  await expect(cove.runStatus).toHaveText(/^Finished in/);
  await expect(cove.output).toHaveText('total 42\n');
  // An error in a selection is reported at the file's line number.
  await editorLine(cove, 'pick.py', 6).click();
  await cove.page.keyboard.press('Home');
  await cove.page.keyboard.press('Shift+End');
  await cove.editor('pick.py').press('ControlOrMeta+Enter');
  await expect(cove.page.getByRole('region', { name: 'Run of pick.py (lines 6–6)' })).toBeVisible();
  await expect(cove.runStatus).toHaveText(/with NameError\.$/);
  await expect(cove.output).toHaveText('');
  await expect(cove.page.getByRole('list', { name: 'Traceback' })).toContainText('pick.py, line 6');
});

// Invariant 11: hard limits win, and the UI is usable afterwards.
test('a run past its time limit stops within a few seconds and the next run starts at once; so does Stop', async ({
  cove,
}) => {
  await cove.savePythonSettings({ timeLimitSeconds: 2 });
  await cove.writePython('done.py', 'print("next run works")');
  await cove.writePython('spin.py', 'print("spinning", flush=True)\nwhile True:\n    pass');
  const limit = 'Stopped: the run took longer than 2 s (the time limit).';

  // First visit: the page is not cross-origin isolated yet, so Stop and the page's watchdog
  // cannot interrupt Python; the run still ends at its limit.
  await pythonReady(cove);
  await spareReady(cove);
  await cove.runButton('spin.py').click();
  await expect(cove.output).toHaveText('spinning\n', FIRST_RUN);
  await expect(cove.runStatus).toContainText(limit, { timeout: 6_000 });
  await cove.tab('done.py').click();
  await cove.runButton('done.py').click();
  await expect(cove.output).toHaveText('next run works\n', { timeout: 5_000 });
  await expect(cove.runStatus).toHaveText(/^Finished in/);

  // From the second load the service worker makes the page cross-origin isolated, so the
  // page can interrupt Python too (it still terminates when that does not land in time).
  await cove.serviceWorkerControls();
  await cove.reload();
  expect(await cove.page.evaluate(() => crossOriginIsolated)).toBe(true);
  await pythonReady(cove);
  await cove.tab('spin.py').click();
  await cove.runButton('spin.py').click();
  await expect(cove.output).toHaveText('spinning\n', FIRST_RUN);
  await expect(cove.runStatus).toContainText(limit, { timeout: 6_000 });
  await cove.tab('done.py').click();
  await cove.runButton('done.py').click();
  await expect(cove.output).toHaveText('next run works\n', { timeout: 5_000 });

  // time.sleep cannot be interrupted: the worker is terminated and the warm spare takes over.
  await cove.writePython('sleepy.py', 'import time\nprint("sleeping", flush=True)\ntime.sleep(60)');
  await spareReady(cove);
  await cove.runButton('sleepy.py').click();
  await expect(cove.output).toHaveText('sleeping\n', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(
    `${limit} Python was restarted, so files the run wrote were discarded.`,
    {
      timeout: 6_000,
    },
  );
  await cove.tab('done.py').click();
  await cove.runButton('done.py').click();
  await expect(cove.output).toHaveText('next run works\n', { timeout: 5_000 });

  // Stop ends a run at once, well before its limit.
  await cove.savePythonSettings({ timeLimitSeconds: 30 });
  await cove.tab('spin.py').click();
  await cove.runButton('spin.py').click();
  await expect(cove.output).toHaveText('spinning\n', FIRST_RUN);
  await cove.page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(cove.runStatus).toHaveText(/^Stopped\./, { timeout: 3_000 });
  await expect(cove.page.getByRole('button', { name: 'Debug with AI' })).toBeHidden();
  await cove.tab('done.py').click();
  await cove.runButton('done.py').click();
  await expect(cove.output).toHaveText('next run works\n', { timeout: 5_000 });
  await expect(cove.runStatus).toHaveText(/^Finished in/);
});

test('files the program writes, changes and deletes show in the tree and the open editor', async ({
  cove,
}) => {
  await cove.newFile('data.txt');
  await cove.typeInto('data.txt', 'old line');
  await cove.expectSaved();
  await cove.writePython(
    'write.py',
    [
      'import os',
      'from pathlib import Path',
      'Path("results").mkdir(exist_ok=True)',
      'Path("results/report.txt").write_text("total: 42\\n")',
      'Path("data.txt").write_text(Path("data.txt").read_text().upper() + "\\nnew line\\n")',
      'os.remove("README.md")',
      'print(sorted(os.listdir(".")))',
    ].join('\n'),
  );
  await cove.runButton('write.py').click();
  await expect(cove.runStatus).toHaveText(/^Finished in/, FIRST_RUN);
  await expect(cove.output).toHaveText("['data.txt', 'main.py', 'results', 'write.py']\n");
  const section = cove.page.getByRole('region', { name: 'Run of write.py' });
  await expect(section).toContainText(/Wrote .*results\/report\.txt/);
  await expect(section).toContainText('Deleted README.md.');
  await expect(cove.item('README.md')).toBeHidden();
  await cove.expand('results');
  await cove.item('report.txt').click();
  await expect.poll(() => cove.editorText('results/report.txt')).toBe('total: 42\n');
  // The open, unedited data.txt shows what the program wrote.
  await cove.tab('data.txt').click();
  await expect.poll(() => cove.editorText('data.txt')).toBe('OLD LINE\nnew line\n');
  // It is stored: a reload shows the same.
  await cove.reload();
  await expect(cove.item('README.md')).toBeHidden();
  await cove.expand('results');
  await expect(cove.item('report.txt')).toBeVisible();
});

test('a program that eats all memory ends with a clear error; the next run works and the workspace is intact', async ({
  cove,
}) => {
  await cove.writePython(
    'bomb.py',
    [
      'chunks = []',
      'print("allocating", flush=True)',
      'while True:',
      '    chunks.append(bytearray(64 * 1024 * 1024))',
    ].join('\n'),
  );
  await cove.runButton('bomb.py').click();
  await expect(cove.output).toContainText('allocating', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(
    /with MemoryError\.$|ran out of memory and was restarted/,
    { timeout: 60_000 },
  );
  // The person is told what happened to the interpreter, not only the exception's name.
  await expect(cove.page.getByText(/ran out of memory/).first()).toBeVisible();
  await cove.item('main.py').click();
  await cove.runButton('main.py').click();
  await expect(cove.output).toContainText('Hello, world! Welcome to Cove.', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(/^Finished in/);
  await cove.reload();
  await expect(cove.item('bomb.py')).toBeVisible();
  await expect(cove.item('README.md')).toBeVisible();
  await cove.tab('bomb.py').click();
  await expect.poll(() => cove.editorText('bomb.py')).toContain('bytearray(64 * 1024 * 1024)');
});

test('a package loads from a self-hosted index; one that cannot be had is named in the error', async ({
  cove,
}) => {
  const index = await startPackageIndex({
    packages: [
      {
        name: 'tinyhello',
        version: '1.0.0',
        source: 'def greet(name):\n    return f"tinyhello greets {name}"\n',
      },
    ],
    unserved: ['ghostpkg'],
  });
  try {
    await pythonReady(cove);
    // The service worker keeps the packages a run downloads, for when the index is down: it
    // registers once Python has started, and must control the page before the first import.
    await cove.serviceWorkerControls();
    await cove.savePythonSettings({ packageIndex: index.url, packageList: index.lockFileUrl });
    await cove.writePython('use_pkg.py', 'import tinyhello\nprint(tinyhello.greet("Cove"))');
    await cove.runButton('use_pkg.py').click();
    await expect(cove.output).toHaveText('tinyhello greets Cove\n', FIRST_RUN);
    await expect(cove.runStatus).toHaveText(/^Finished in/);
    expect(index.requests).toContain('/tinyhello-1.0.0-py3-none-any.whl');

    // Listed in the package list, missing from the index.
    await cove.writePython('ghost.py', 'import ghostpkg\nprint("unreachable")');
    await cove.runButton('ghost.py').click();
    await expect(cove.runStatus).toHaveText(/with ModuleNotFoundError\.$/, FIRST_RUN);
    const section = cove.page.getByRole('region', { name: 'Run of ghost.py' });
    await expect(section).toContainText(`could not load ghostpkg: not available from ${index.url}`);
    // Said once: in the exception, not again in a list below it.
    await expect(section.getByText(/could not load ghostpkg/)).toHaveCount(1);
  } finally {
    await index.close();
  }
  // The index is down: the package that was loaded once still comes from the cache, and a
  // new one fails naming the package and the index.
  await cove.page.getByRole('button', { name: 'Restart Python' }).click();
  await expect(cove.notices).toContainText('a fresh interpreter is ready', FIRST_RUN);
  await cove.tab('use_pkg.py').click();
  await cove.runButton('use_pkg.py').click();
  await expect(cove.output).toHaveText('tinyhello greets Cove\n', FIRST_RUN);
  await cove.tab('ghost.py').click();
  await cove.runButton('ghost.py').click();
  const section = cove.page.getByRole('region', { name: 'Run of ghost.py' });
  await expect(section).toContainText(/could not load ghostpkg: .*could not be reached/, FIRST_RUN);
});

// Invariant 15: after one visit Cove opens and works offline.
/**
 * Records every text the runtime status line shows from the page's start (a step can be
 * shown for less time than a poll takes); `seen()` reads those of the current page.
 */
async function recordStatusLine(page: Page): Promise<{ seen(): Promise<string[]> }> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { statusLineSeen: seen });
    new MutationObserver(() => {
      const text = document.querySelector('.runtime-status .status-long')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return {
    seen: () =>
      page.evaluate(() => (window as unknown as { statusLineSeen: string[] }).statusLineSeen),
  };
}

test('Python runs offline after a reload, from what the first visit cached; its start shows its steps', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const server = await startStaticServer({ root: 'dist' });
  const cove = new CovePage(page);
  const statusLine = await recordStatusLine(page);
  try {
    await cove.open(server.url);
    await cove.item('main.py').click();
    await cove.runButton('main.py').click();
    await expect(cove.output).toContainText('Hello, world!', FIRST_RUN);
    // The first start boots the interpreter and keeps a snapshot of it for the next.
    const firstStart = await statusLine.seen();
    expect(firstStart).toContain('Python is starting: loading its files…');
    expect(firstStart).toContain('Python is starting: starting the interpreter…');
    expect(firstStart).toContain(
      'Python is starting: saving the interpreter for a faster next start…',
    );
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
  } finally {
    await server.close();
  }
  await expect(page.request.get(server.url)).rejects.toThrow();
  // Pyodide's core files are handed to the sandbox straight from the precache, not fetched
  // through the service worker (which copies 13 MB on the page's main thread).
  const coreRequests: string[] = [];
  page.on('request', (request) => {
    if (/pyodide\/(pyodide\.asm\.(js|wasm)|python_stdlib\.zip)$/.test(request.url())) {
      coreRequests.push(request.url());
    }
  });
  await cove.reload();
  await cove.writePython(
    'offline.py',
    'import json, statistics\nprint(json.dumps({"mean": statistics.mean([1, 2, 3, 6])}))',
  );
  await cove.runButton('offline.py').click();
  await expect(cove.output).toHaveText('{"mean": 3}\n', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(/^Finished in/);
  expect(coreRequests).toEqual([]);
  // The next start restores that snapshot instead of booting again.
  const nextStart = await statusLine.seen();
  expect(nextStart).toContain('Python is starting: restoring the saved interpreter…');
  expect(nextStart).not.toContain('Python is starting: starting the interpreter…');
});

/** Adds the test's fake provider with one chat model and closes Settings. */
async function connectProvider(cove: CovePage, provider: FakeOpenAIServer): Promise<void> {
  provider.configure({ models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }] });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
}
