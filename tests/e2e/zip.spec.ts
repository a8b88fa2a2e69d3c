import { readFile } from 'node:fs/promises';
import { unzipSync, zipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

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
