import { readFile } from 'node:fs/promises';
import { unzipSync, zipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

// Invariant 14: export, wipe, import gives back the same files and tree.
test('export a workspace as .zip and import it elsewhere: byte-identical files', async ({
  page,
}) => {
  const cove = await new CovePage(page).open();
  const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const source = zipSync({
    'src/app.py': Buffer.from('print("héllo")\r\n'),
    'data/blob.bin': binary,
    'empty/': new Uint8Array(0),
  });
  await cove.createWorkspace('Imported');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import zip' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'project.zip', mimeType: 'application/zip', buffer: Buffer.from(source) }]);
  await expect(cove.notices).toContainText('Zip import: 2 files added.');
  await expect(cove.item('empty')).toBeVisible();
  await cove.expand('src');
  await cove.item('app.py').click();
  await expect.poll(() => cove.editorText('src/app.py')).toBe('print("héllo")\n');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export zip' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Imported.zip');
  const exported = unzipSync(await readFile(await file.path()));
  expect(Object.keys(exported).sort()).toEqual([
    'data/',
    'data/blob.bin',
    'empty/',
    'src/',
    'src/app.py',
  ]);
  expect(Buffer.from(exported['src/app.py']!).equals(Buffer.from('print("héllo")\r\n'))).toBe(true);
  expect(Buffer.from(exported['data/blob.bin']!).equals(binary)).toBe(true);
});

/** 10,000 small Python files in 100 folders: the most entries an import accepts. */
function tenThousandFiles(): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (let i = 0; i < 10_000; i++) {
    entries[`pkg${String(Math.floor(i / 100)).padStart(2, '0')}/mod${i % 100}.py`] = Buffer.from(
      `# module ${i}\n\ndef f${i}(x):\n    return x * ${i}\n`,
    );
  }
  return zipSync(entries);
}

test('a 10,000-file zip imports with its progress shown, then the tree has it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Big');
  await cove.startZipImport(tenThousandFiles());
  await expect(cove.zipImport).toBeVisible();
  await expect(cove.zipImport.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  // Writing 10,000 files and their 100 folders takes a while: its count is shown.
  await expect(cove.zipImport).toContainText(/Importing [\d,]+ of 10,100 files and folders…/, {
    timeout: 60_000,
  });
  await page.screenshot({ path: test.info().outputPath('zip-import-progress.png') });
  await expect(cove.notices).toContainText('Zip import: 10000 files added.', { timeout: 120_000 });
  await expect(cove.zipImport).toBeHidden();
  await cove.expand('pkg99');
  await cove.item('mod42.py').click();
  await expect.poll(() => cove.editorText('pkg99/mod42.py')).toContain('def f9942(x):');
});

test('Cancel stops a zip import and the workspace stays as it was', async ({ page }) => {
  test.setTimeout(180_000);
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Untouched');
  await cove.newFile('keep.py');
  await cove.startZipImport(tenThousandFiles());
  await expect(cove.zipImport).toContainText(/(Unpacking|Importing) [\d,]+ of/, {
    timeout: 60_000,
  });
  await cove.zipImport.getByRole('button', { name: 'Cancel' }).click();
  await expect(cove.notices).toContainText('Zip import cancelled; nothing was added.', {
    timeout: 60_000,
  });
  await expect(cove.zipImport).toBeHidden();
  await expect(cove.tree.getByRole('treeitem')).toHaveCount(1);
  await expect(cove.item('keep.py')).toBeVisible();
  // Nothing half-written reached the database either.
  await cove.reload();
  await expect(cove.tree.getByRole('treeitem')).toHaveCount(1);
  await expect(cove.item('keep.py')).toBeVisible();
  await expect(cove.item('pkg00')).toHaveCount(0);
});
