import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

const badNames: [string, string][] = [
  ['../escape.py', 'points outside the workspace'],
  ['/etc/passwd', 'is an absolute path'],
  ['a//b.py', 'has an empty folder name'],
  [`${'n'.repeat(256)}.py`, 'has a name longer than 255 characters'],
  ['back\\slash.py', 'contains a backslash'],
  ['main.py', '"main.py" already exists.'],
];

for (const [name, problem] of badNames) {
  test(`creating "${name.slice(0, 20)}" shows "${problem}" and writes nothing`, async ({
    page,
  }) => {
    const cove = await new CovePage(page).open();
    const before = await cove.tree.getByRole('treeitem').allInnerTexts();
    await page.getByRole('button', { name: 'New file' }).click();
    await cove.answer(name, 'Create');
    await expect(cove.dialogError).toContainText(problem);
    await expect(cove.dialog).toBeVisible();
    await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
    await cove.reload();
    expect(await cove.tree.getByRole('treeitem').allInnerTexts()).toEqual(before);
  });
}

test('a NUL in a name is refused', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await page.getByRole('button', { name: 'New file' }).click();
  // A NUL cannot be typed, but it can be pasted; fill() inserts it the same way.
  await cove.answer('bad\u0000name.py', 'Create');
  await expect(cove.dialogError).toContainText('contains a NUL character');
});

test('a rename onto an existing name is refused and both files stay', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await cove.itemAction('README.md', 'Rename or move…');
  await cove.answer('main.py', 'Rename');
  await expect(cove.dialogError).toContainText('"main.py" already exists.');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cove.item('README.md')).toBeVisible();
  await expect(cove.item('main.py')).toBeVisible();
});

test('a file over the 10 MB upload limit is refused by name with the limit stated', async ({
  page,
}) => {
  const cove = await new CovePage(page).open();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: 'huge.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(11 * 1024 * 1024),
    },
    { name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('fine') },
  ]);
  await expect(cove.notices).toContainText('Upload: 1 file added, 1 skipped.');
  await expect(cove.notices).toContainText('huge.bin: is 11.0 MB, over the 10.0 MB limit');
  await expect(cove.item('small.txt')).toBeVisible();
  await expect(cove.item('huge.bin')).toBeHidden();
});

// Invariant 5: a failed migration or import leaves the previous data readable.
test('a damaged zip is rejected and the workspace stays as it was', async ({ page }) => {
  const cove = await new CovePage(page).open();
  const good = zipSync({ 'x.py': Buffer.from('print(1)\n'.repeat(200)) });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: 'broken.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(good.subarray(0, good.length - 30)),
    },
  ]);
  await expect(cove.notices.getByRole('alert')).toContainText(
    'This zip file is damaged or not a zip',
  );
  await expect(cove.notices.getByRole('alert')).toContainText('Nothing was imported.');
  await expect(cove.item('x.py')).toBeHidden();
});

test('a hostile zip: entries escaping the workspace are skipped and listed, the rest imported', async ({
  page,
}) => {
  const cove = await new CovePage(page).open();
  const hostile = zipSync({
    '../../evil.py': Buffer.from('import os'),
    '/abs/path.py': Buffer.from('x'),
    'good/ok.py': Buffer.from('print("ok")\n'),
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'hostile.zip', mimeType: 'application/zip', buffer: Buffer.from(hostile) }]);
  const alert = cove.notices.getByRole('alert');
  await expect(alert).toContainText('Zip import: 1 file added, 2 skipped.');
  await expect(alert).toContainText('../../evil.py: "../../evil.py" points outside the workspace');
  await expect(alert).toContainText('/abs/path.py: "/abs/path.py" is an absolute path');
  await cove.expand('good');
  await expect(cove.item('ok.py')).toBeVisible();
  await expect(cove.item('evil.py')).toBeHidden();
});

test('a zip bomb is stopped at the stated limit and nothing is imported', async ({ page }) => {
  const cove = await new CovePage(page).open();
  // 21 entries of 10 MB of zeros: each under the per-file limit, 210 MB together.
  const zeros = new Uint8Array(10 * 1024 * 1024 - 1);
  const entries: Record<string, Uint8Array> = {};
  for (let i = 0; i < 21; i++) entries[`part${i}.bin`] = zeros;
  const bomb = zipSync(entries, { level: 9 });
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'bomb.zip', mimeType: 'application/zip', buffer: Buffer.from(bomb) }]);
  await expect(cove.notices.getByRole('alert')).toContainText(
    'This zip expands to more than 200.0 MB.',
  );
  await expect(cove.item('part0.bin')).toBeHidden();
});

// Invariant 6: every failure says its cause and the next step.
test('a full disk: the person is told and the previous content stays', async ({ page }) => {
  // Simulates the browser refusing writes for lack of space, from a chosen moment on.
  await page.addInitScript(() => {
    const original = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      const page = window as unknown as { __diskFull?: boolean; __refusedPuts?: number };
      if (page.__diskFull && this.name === 'files') {
        page.__refusedPuts = (page.__refusedPuts ?? 0) + 1;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return original.apply(this, args);
    } as IDBObjectStore['put'];
  });
  // Timers run in real time, and can be run ahead below.
  await page.clock.install();
  const cove = await new CovePage(page).open();
  await cove.item('main.py').click();
  // The Welcome main.py ends with the Fibonacci line: the whole file is in the editor.
  await expect.poll(() => cove.editorText('main.py')).toMatch(/fibonacci\(10\)\)\s*$/);
  const before = await cove.editorText('main.py');
  await page.evaluate(() => ((window as unknown as { __diskFull: boolean }).__diskFull = true));
  await cove.editor('main.py').click();
  await page.keyboard.insertText('# this edit cannot be saved\n');
  await page.keyboard.press('ControlOrMeta+s');
  const alert = cove.notices
    .getByRole('alert')
    .filter({ hasText: 'Saving main.py failed; your text is still in the editor' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  // One failure, one notice: a failed save is not retried on its own every second. The
  // page's clock runs the next five seconds of its timers at once, so nothing is waited for.
  const refusedPuts = () =>
    page.evaluate(() => (window as unknown as { __refusedPuts?: number }).__refusedPuts ?? 0);
  const refused = await refusedPuts();
  await page.clock.runFor(5_000);
  expect(await refusedPuts()).toBe(refused);
  await expect(alert).toHaveCount(1);
  // A repeated notice would count up ("×2") in the same alert.
  await expect(alert).not.toContainText('×');
  await expect(alert).toContainText('The browser has no room left for Cove');
  await expect(page.getByLabel('unsaved changes')).toBeVisible();
  await expect.poll(() => cove.editorText('main.py')).toContain('# this edit cannot be saved');
  // Another page of the same browser reads what is stored: the previous content.
  const other = await new CovePage(await page.context().newPage()).open();
  await other.item('main.py').click();
  await expect.poll(() => other.editorText('main.py')).toBe(before);
});

test('a full disk: deleting a file still works (how people make room)', async ({ page }) => {
  // From a chosen moment on, the browser refuses every write that adds data, in every table.
  await page.addInitScript(() => {
    const full = () => (window as unknown as { __diskFull?: boolean }).__diskFull === true;
    const refuse = <F extends (...args: never[]) => unknown>(original: F): F =>
      function (this: unknown, ...args: Parameters<F>) {
        if (full()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      } as F;
    IDBObjectStore.prototype.put = refuse(IDBObjectStore.prototype.put);
    IDBObjectStore.prototype.add = refuse(IDBObjectStore.prototype.add);
    IDBCursor.prototype.update = refuse(IDBCursor.prototype.update);
  });
  const cove = await new CovePage(page).open();
  await cove.newFile('fill0.txt');
  await cove.typeInto('fill0.txt', 'x'.repeat(2000));
  await cove.expectSaved();
  await page.evaluate(() => ((window as unknown as { __diskFull: boolean }).__diskFull = true));

  await cove.itemAction('fill0.txt', 'Delete…');
  await cove.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(cove.item('fill0.txt')).toBeHidden();
  // Closing its tab cannot be remembered (that would be a write), and Cove says so; the
  // delete itself reported nothing.
  await expect(cove.notices).toContainText('Could not remember open tabs');
  await expect(cove.notices).not.toContainText('Could not delete');
  // Stored: a reload (which lifts the simulated full disk) does not bring it back.
  await cove.reload();
  await expect(cove.item('main.py')).toBeVisible();
  await expect(cove.item('fill0.txt')).toBeHidden();
});

test('names with bidirectional controls are refused everywhere they come in, shown as escapes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cove = await new CovePage(page).open();
  const before = await cove.tree.getByRole('treeitem').allInnerTexts();

  // Typed (or pasted) in New file and in Rename.
  await page.getByRole('button', { name: 'New file' }).click();
  await cove.answer('\u202Egnp.py', 'Create');
  await expect(cove.dialogError).toContainText(
    '"\\u202Egnp.py" contains an invisible bidirectional control (U+202E)',
  );
  await expect(cove.dialogError).toContainText('type the name again without right-to-left marks');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
  await cove.itemAction('README.md', 'Rename or move…');
  await cove.answer('READ\u2067ME.md', 'Rename');
  await expect(cove.dialogError).toContainText('(U+2067)');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();

  // From a zip: skipped and listed by its escaped name.
  const zip = zipSync({ 'docs/\u202Efdp.exe': Buffer.from('x'), 'ok.py': Buffer.from('1\n') });
  await cove.importZip(zip, 'Zip import: 1 file added, 1 skipped.');
  await expect(cove.notices.getByRole('alert')).toContainText(
    'docs/\\u202Efdp.exe: "docs/\\u202Efdp.exe" contains an invisible bidirectional control',
  );

  // Written by Python: not kept, and the run says so.
  await cove.writePython('spoof.py', 'open("\\u202egnp.py", "w").write("x")\n');
  await cove.editor('spoof.py').press('ControlOrMeta+Enter');
  await expect(cove.runStatus).toHaveText(/^Finished in/, { timeout: 60_000 });
  await expect(cove.notices).toContainText(
    'Some files the program wrote were not saved in the workspace.',
  );
  await expect(cove.notices).toContainText(
    '\\u202Egnp.py: cannot be kept in the workspace: "\\u202Egnp.py" contains an invisible bidirectional control (U+202E)',
  );

  await cove.reload();
  const after = await cove.tree.getByRole('treeitem').allInnerTexts();
  expect(after.filter((name) => !before.includes(name)).sort()).toEqual(['ok.py', 'spoof.py']);
  expect(after.join('')).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
});

// Invariant 9: rendering untrusted text runs no script and loads nothing.
test('a name that looks like markup is kept and shown as text in the tree and the tabs', async ({
  page,
}) => {
  const name = '<img src=x onerror=alert(1)>.py';
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const cove = await new CovePage(page).open();
  const folder = '<svg onload=alert(2)><b>bold';
  await cove.newFolder(folder);
  // The new folder is selected: the file goes inside it.
  await cove.newFile(name);
  await expect(cove.item(name)).toHaveAttribute('aria-selected', 'true');
  await expect(cove.tab(name)).toBeVisible();
  await cove.reload();
  await expect(cove.item(folder)).toHaveText(folder);
  await cove.expand(folder);
  await expect(cove.item(name)).toHaveText(name);
  await expect(cove.tab(name)).toContainText(name);
  // Text, not elements: no image was made, no bold, no script ran.
  await expect(cove.tree.locator('img, svg[onload], b')).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Open files' }).locator('img, b')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('markup-name.png') });
});

test('a 5 MB file on one line opens read-only, says why, and can be downloaded', async ({
  page,
}) => {
  const cove = await new CovePage(page).open();
  const unit = 'var a=[1,2,3],b={"k":"v"};function f(x){return x*2+a.length}';
  const line = unit.repeat(Math.ceil(5_000_000 / unit.length)).slice(0, 5_000_000);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'bundle.min.js', mimeType: 'text/javascript', buffer: Buffer.from(line) }]);
  await expect(cove.notices).toContainText('Upload: 1 file added.');
  await cove.item('bundle.min.js').click();
  const note = page.getByRole('note', { name: 'Read-only' });
  await expect(note).toContainText('a line of 5,000,000 characters');
  await expect(note).toContainText('Download it to edit it in another editor');
  await expect(page.getByText('Read-only', { exact: true })).toBeVisible();
  // Typing changes nothing, and nothing is saved.
  const editor = cove.editor('bundle.min.js');
  await expect(editor).toHaveAttribute('aria-readonly', 'true');
  await editor.click();
  await page.keyboard.type('oops');
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  expect(await cove.editorText('bundle.min.js')).not.toContain('oops');
  const download = page.waitForEvent('download');
  await note.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bundle.min.js');
  expect((await readFile(await file.path(), 'utf8')) === line).toBe(true);
  await page.screenshot({ path: test.info().outputPath('long-line-read-only.png') });
  // An ordinary file still opens for editing.
  await cove.item('main.py').click();
  await expect(note).toBeHidden();
  await expect(cove.editor('main.py')).not.toHaveAttribute('aria-readonly', 'true');
});
