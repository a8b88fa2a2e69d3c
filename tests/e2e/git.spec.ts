import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import type { BackupManifest } from './support/backup-file';
import { CovePage } from './support/cove-page';
import { setGitAuthor, SourceControl } from './support/source-control';

/** Writes the workspace named `name` of a backup (its .git included) to a new folder. */
function workspaceFromBackup(backup: Uint8Array, name: string): string {
  const entries = unzipSync(backup);
  const manifest = JSON.parse(strFromU8(entries['cove-backup.json']!)) as BackupManifest;
  const id = manifest.workspaces.find((workspace) => workspace.name === name)!.id;
  const root = mkdtempSync(join(tmpdir(), 'cove-e2e-git-'));
  for (const row of manifest.files) {
    if (row.workspaceId !== id) continue;
    const target = join(root, String(row.path));
    if (row.kind === 'folder') mkdirSync(target, { recursive: true });
    else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, entries[String(row.entry)]!);
    }
  }
  return root;
}

test('git: initialize, edit in the editor, stage, commit, and the git command line sees the commits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Git demo');
  await cove.uploadFile('main.py', 'print(1)\n');

  await setGitAuthor(cove, 'Ada Lovelace', 'ada@example.com');

  const git = new SourceControl(page);
  await git.show();
  await git.panel.getByRole('button', { name: 'Initialize repository' }).click();
  await expect(git.list('Changes')).toContainText('main.py');
  await expect(git.list('Changes').getByLabel('untracked')).toBeVisible();
  await git.panel.getByRole('button', { name: 'Stage main.py' }).click();
  await expect(git.list('Staged changes')).toContainText('main.py');
  await git.commit('Add main');
  await expect(git.panel.getByText('No changes since the last commit.')).toBeVisible();

  // Git's folder stays out of the file tree.
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(cove.item('main.py')).toBeVisible();
  await expect(cove.item('.git')).toHaveCount(0);

  // An edit in the editor shows under Changes, with its diff in the merge view.
  await cove.item('main.py').click();
  await cove.typeInto('main.py', 'print("two")\n');
  await page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  await git.show();
  await expect(git.list('Changes').getByLabel('modified')).toBeVisible();
  await git.list('Changes').getByRole('button', { name: 'main.py', exact: true }).click();
  const diff = git.panel.getByRole('region', { name: 'Changes to main.py' });
  await expect(diff).toContainText('print("two")');
  await page.screenshot({ path: test.info().outputPath('source-control-1280x800.png') });
  await page.setViewportSize({ width: 800, height: 600 });
  await git.show();
  await page.screenshot({ path: test.info().outputPath('source-control-800x600.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Discard asks first, puts the committed text back, and its notice's Undo returns the edit.
  await git.panel.getByRole('button', { name: 'Discard changes to main.py' }).click();
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect.poll(() => cove.editorText('main.py')).toBe('print(1)\n');
  await expect(git.panel.getByText('No changes since the last commit.')).toBeVisible();
  await cove.notices
    .getByRole('status')
    .filter({ hasText: 'Discarded the changes to main.py.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect.poll(() => cove.editorText('main.py')).toBe('print("two")\n');
  await expect(git.list('Changes').getByLabel('modified')).toBeVisible();

  await git.panel.getByRole('button', { name: 'Stage main.py' }).click();
  await expect(git.list('Staged changes')).toContainText('main.py');
  await git.commit('Say two');
  await expect(git.history.getByRole('listitem')).toHaveCount(2);

  // A commit of the history lists its files; a file shows what the commit did to it.
  const sayTwo = git.history.getByRole('button', { name: /^Say two/ });
  await sayTwo.click();
  await expect(sayTwo).toHaveAttribute('aria-expanded', 'true');
  const commitFiles = git.history.getByRole('list', { name: /^Files of commit [0-9a-f]{7}$/ });
  await expect(commitFiles.getByLabel('modified')).toBeVisible();
  await commitFiles.getByRole('button', { name: 'main.py', exact: true }).click();
  const commitDiff = git.panel.getByRole('region', { name: 'Changes to main.py' });
  await expect(commitDiff).toContainText(/\(in [0-9a-f]{7}\)/);
  await expect(commitDiff).toContainText('print("two")');
  await page.screenshot({ path: test.info().outputPath('commit-diff.png') });
  await sayTwo.click();
  await commitDiff.getByRole('button', { name: 'Close the diff' }).click();

  // Amend replaces the last commit: its message comes to edit, the history keeps two.
  await git.panel.getByRole('checkbox', { name: 'Amend the last commit' }).check();
  const message = git.panel.getByRole('textbox', { name: 'Commit message' });
  await expect(message).toHaveValue('Say two');
  await expect(git.panel.getByRole('button', { name: 'Amend', exact: true })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('amend.png') });
  await git.commit('Say two, amended');
  await expect(git.history.getByRole('listitem')).toHaveCount(2);
  await expect(
    git.panel.getByRole('checkbox', { name: 'Amend the last commit' }),
  ).not.toBeChecked();

  // A new branch is checked out at once; switching back keeps the history of each.
  await git.panel.getByRole('button', { name: 'New branch…' }).click();
  await cove.answer('feature', 'Create and switch');
  const branch = git.panel.getByRole('combobox', { name: 'Branch' });
  await expect(branch.locator('option:checked')).toHaveText('feature');
  await branch.selectOption('main');
  await expect(branch.locator('option:checked')).toHaveText('main');
  await expect(git.history.getByRole('listitem')).toHaveCount(2);

  // The backup carries the repository; the git command line reads it.
  await cove.openSettings();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const root = workspaceFromBackup(await readFile(await (await download).path()), 'Git demo');
  try {
    const cli = (...args: string[]) =>
      execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
    expect(cli('log', '--format=%an <%ae> %s')).toBe(
      'Ada Lovelace <ada@example.com> Say two, amended\nAda Lovelace <ada@example.com> Add main',
    );
    expect(cli('show', 'HEAD:main.py')).toBe('print("two")');
    expect(cli('status', '--porcelain')).toBe('');
    expect(cli('branch', '--format=%(refname:short)')).toBe('feature\nmain');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('git: one change of a file is staged, then unstaged, on its own', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Hunks');
  const before = Array.from({ length: 12 }, (_, i) => `v${i} = ${i}\n`).join('');
  await cove.uploadFile('values.py', before);
  await setGitAuthor(cove, 'Ada Lovelace', 'ada@example.com');
  const git = new SourceControl(page);
  await git.show();
  await git.panel.getByRole('button', { name: 'Initialize repository' }).click();
  await git.panel.getByRole('button', { name: 'Stage values.py' }).click();
  await git.commit('Values');

  await page.getByRole('tab', { name: 'Files' }).click();
  await cove.item('values.py').click();
  await cove.typeInto(
    'values.py',
    before.replace('v0 = 0', 'v0 = 100').replace('v11 = 11', 'v11 = 1100'),
  );
  await page.keyboard.press('ControlOrMeta+s');
  await cove.expectSaved();
  await git.show();
  await git.list('Changes').getByRole('button', { name: 'values.py', exact: true }).click();
  const diff = git.panel.getByRole('region', { name: 'Changes to values.py' });
  await expect(diff.getByRole('button', { name: 'Stage this change' })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('hunk-staging.png') });
  await diff.getByRole('button', { name: 'Stage this change' }).first().click();

  // One change staged, the other not: the file is under both groups.
  await expect(git.list('Staged changes')).toContainText('values.py');
  await expect(git.list('Changes')).toContainText('values.py');
  await expect(diff.getByRole('button', { name: 'Stage this change' })).toHaveCount(1);
  await expect(diff).toContainText('v11 = 1100');
  await git.list('Staged changes').getByRole('button', { name: 'values.py', exact: true }).click();
  await expect(diff).toContainText('(staged)');
  await expect(diff).toContainText('v0 = 100');
  await expect(diff.getByRole('button', { name: 'Unstage this change' })).toHaveCount(1);
  await diff.getByRole('button', { name: 'Unstage this change' }).click();
  await expect(git.panel.getByText('Staged changes (0)')).toBeVisible();
  await expect(git.list('Changes')).toContainText('values.py');
});
