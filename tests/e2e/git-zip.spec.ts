import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

const BOB = ['-c', 'user.name=Bob', '-c', 'user.email=bob@example.com'];

/** A folder with a repository the git command line made (two commits), zipped whole. */
function zippedRepository(work: string): Buffer {
  const git = (...args: string[]) => execFileSync('git', ['-C', work, ...BOB, ...args]);
  git('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'main.py'), 'print(1)\n');
  git('add', '.');
  git('commit', '-q', '-m', 'First');
  writeFileSync(join(work, 'main.py'), 'print(2)\n');
  git('commit', '-q', '-am', 'Second');
  const entries: Record<string, Uint8Array> = {};
  const walk = (at: string, prefix: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name), `${prefix}${entry.name}/`);
      else entries[`${prefix}${entry.name}`] = readFileSync(join(at, entry.name));
    }
  };
  walk(work, '');
  return Buffer.from(zipSync(entries));
}

test('a zipped repository imports with its history; export leaves .git out unless asked', async ({
  page,
}) => {
  const work = mkdtempSync(join(tmpdir(), 'cove-e2e-zip-git-'));
  const out = mkdtempSync(join(tmpdir(), 'cove-e2e-zip-out-'));
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cove = await new CovePage(page).open();
    await cove.createWorkspace('Zipped');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import zip' }).click();
    await (
      await chooser
    ).setFiles([{ name: 'repo.zip', mimeType: 'application/zip', buffer: zippedRepository(work) }]);
    await expect(cove.notices).toContainText('Zip import:');
    await expect(cove.item('main.py')).toBeVisible();
    await expect(cove.item('.git')).toHaveCount(0);

    // The Git panel reads the history the zip carried; nothing is changed.
    const panel = page.getByRole('tabpanel', { name: 'Git' });
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    const history = panel.getByRole('list', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText('Second');
    await expect(panel.getByText('No changes since the last commit.')).toBeVisible();

    // Export zip (Files) leaves .git out.
    await page.getByRole('tab', { name: 'Files' }).click();
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export zip' }).click();
    const plain = unzipSync(readFileSync(await (await download).path()));
    expect(Object.keys(plain).sort()).toEqual(['main.py']);

    // The Git panel's second action keeps it: the git command line reads the history.
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    await page.screenshot({ path: test.info().outputPath('git-zip-panel.png') });
    download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download as .zip with history' }).click();
    const whole = unzipSync(readFileSync(await (await download).path()));
    expect(Object.keys(whole)).toContain('.git/HEAD');
    for (const [path, bytes] of Object.entries(whole)) {
      if (path.endsWith('/')) continue;
      mkdirSync(dirname(join(out, path)), { recursive: true });
      writeFileSync(join(out, path), bytes);
    }
    const log = execFileSync('git', ['-C', out, 'log', '--format=%s %an'], { encoding: 'utf8' });
    expect(log.trim().split('\n')).toEqual(['Second Bob', 'First Bob']);
    expect(execFileSync('git', ['-C', out, 'status', '--porcelain'], { encoding: 'utf8' })).toBe(
      '',
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});
