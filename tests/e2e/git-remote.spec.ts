import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { CovePage } from './support/cove-page';

/** Where tests/fixtures/git-http-server.mjs serves bare repositories from (see the config). */
const SERVED = join(process.cwd(), '.git-fixtures');
const BOB = ['-c', 'user.name=Bob', '-c', 'user.email=bob@example.com'];

/**
 * A repository on the local git server, made with the git command line: a working clone
 * the test commits in ("someone else") and the bare repository Cove clones and pushes to.
 */
function serveRepository(name: string) {
  const work = mkdtempSync(join(tmpdir(), 'cove-e2e-remote-'));
  const cli = (...args: string[]) =>
    execFileSync('git', ['-C', work, ...BOB, ...args], { encoding: 'utf8' }).trim();
  cli('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'README.md'), '# Demo\n');
  writeFileSync(join(work, 'main.py'), 'print("hello")\n');
  cli('add', '.');
  cli('commit', '-q', '-m', 'Start');
  mkdirSync(SERVED, { recursive: true });
  const bare = join(SERVED, `${name}.git`);
  execFileSync('git', ['clone', '-q', '--bare', work, bare]);
  cli('remote', 'add', 'served', bare);
  // The server receives a push into a copy of the repository; this hook, run there by git,
  // writes what the git command line sees of it.
  const pushed = join(work, 'pushed.txt');
  const hook = join(bare, 'hooks', 'post-receive');
  writeFileSync(
    hook,
    `#!/bin/sh\ngit log --format='%an <%ae> %s' main > '${pushed}'\ngit show main:main.py >> '${pushed}'\n`,
  );
  chmodSync(hook, 0o755);
  return {
    url: `http://localhost:${PORTS.git}/${name}.git`,
    cli,
    work,
    pushed: () => readFileSync(pushed, 'utf8'),
    remove: () => {
      rmSync(work, { recursive: true, force: true });
      rmSync(bare, { recursive: true, force: true });
    },
  };
}

test('git remote: clone by URL, edit, commit and push; a push behind the remote says to pull first', async ({
  page,
}) => {
  const repo = serveRepository(`demo-${test.info().workerIndex}-${Date.now()}`);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cove = await new CovePage(page).open();
    await cove.openSettings();
    await cove.settings.getByLabel('Author name').fill('Ada Lovelace');
    await cove.settings.getByLabel('Author email').fill('ada@example.com');
    await cove.settings.getByRole('button', { name: 'Save Git settings' }).click();
    await expect(cove.settings.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(cove.settings.getByLabel('CORS proxy')).toHaveValue('');
    await page.getByRole('button', { name: 'Close settings' }).click();

    // A new workspace: the Git tab offers to clone.
    await cove.createWorkspace('Scratch');
    const panel = page.getByRole('tabpanel', { name: 'Git' });
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    const clone = panel.getByRole('form', { name: 'Clone a repository' });
    await clone.getByLabel('Repository URL').fill(repo.url);
    await expect(clone.getByLabel(/Full history/)).not.toBeChecked();
    await clone.getByRole('button', { name: 'Clone' }).click();
    await expect(cove.notices).toContainText(`Cloned ${repo.url} into the workspace`);
    await expect(panel).toContainText(`origin: ${repo.url}`);
    await expect(panel.getByRole('list', { name: 'History' })).toContainText('Start');
    await page.screenshot({ path: test.info().outputPath('git-remote-cloned.png') });

    // The files are in the tree, .git is not.
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(cove.item('main.py')).toBeVisible();
    await expect(cove.item('README.md')).toBeVisible();
    await expect(cove.item('.git')).toHaveCount(0);

    // Edit, commit, push; the server's git sees the commit, its author and its content.
    await cove.item('main.py').click();
    await cove.typeInto('main.py', 'print("from Cove")\n');
    await page.keyboard.press('ControlOrMeta+s');
    await cove.expectSaved();
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    await panel.getByRole('button', { name: 'Stage main.py' }).click();
    await panel.getByRole('textbox', { name: 'Commit message' }).fill('Say it from Cove');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Push', exact: true }).click();
    await expect(cove.notices).toContainText(`Pushed to ${repo.url}.`);
    const seen = repo.pushed();
    expect(seen).toContain('Ada Lovelace <ada@example.com> Say it from Cove');
    expect(seen).toContain('print("from Cove")');

    // Someone else pushes first: Cove's next push is refused and says to pull first.
    writeFileSync(join(repo.work, 'README.md'), '# Demo\nUpstream\n');
    repo.cli('commit', '-q', '-am', 'Upstream');
    repo.cli('push', '-q', 'served', 'main');
    await page.getByRole('tab', { name: 'Files' }).click();
    await cove.item('main.py').click();
    await cove.typeInto('main.py', 'print("again")\n');
    await page.keyboard.press('ControlOrMeta+s');
    await cove.expectSaved();
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    await panel.getByRole('button', { name: 'Stage main.py' }).click();
    await panel.getByRole('textbox', { name: 'Commit message' }).fill('Again');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(3);
    await panel.getByRole('button', { name: 'Push', exact: true }).click();
    await expect(cove.notices).toContainText('Could not push');
    await expect(cove.notices).toContainText('Pull first');
    await page.screenshot({ path: test.info().outputPath('git-remote-rejected.png') });

    // Pull merges the upstream commit (no conflict: another file), then the push goes.
    await panel.getByRole('button', { name: 'Pull', exact: true }).click();
    await expect(cove.notices).toContainText('merged');
    await panel.getByRole('button', { name: 'Push', exact: true }).click();
    // (The first push's notice may still be up: wait on what the server saw.)
    await expect
      .poll(() => repo.pushed())
      .toContain("Ada Lovelace <ada@example.com> Merge branch 'main' of");
    expect(repo.pushed()).toContain('Bob <bob@example.com> Upstream');
  } finally {
    repo.remove();
  }
});

test('git remote: a pull that conflicts shows the regions in the editor; abort puts things back, accepting both resolves', async ({
  page,
}) => {
  const repo = serveRepository(`conflict-${test.info().workerIndex}-${Date.now()}`);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const cove = await new CovePage(page).open();
    await cove.openSettings();
    await cove.settings.getByLabel('Author name').fill('Ada Lovelace');
    await cove.settings.getByLabel('Author email').fill('ada@example.com');
    await cove.settings.getByRole('button', { name: 'Save Git settings' }).click();
    await expect(cove.settings.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.getByRole('button', { name: 'Close settings' }).click();
    await cove.createWorkspace('Scratch');
    const panel = page.getByRole('tabpanel', { name: 'Git' });
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    const clone = panel.getByRole('form', { name: 'Clone a repository' });
    await clone.getByLabel('Repository URL').fill(repo.url);
    await clone.getByRole('button', { name: 'Clone' }).click();
    await expect(cove.notices).toContainText(`Cloned ${repo.url} into the workspace`);

    // Both sides change the same line: someone else pushes, Cove commits its own.
    writeFileSync(join(repo.work, 'main.py'), 'print("upstream")\n');
    repo.cli('commit', '-q', '-am', 'Upstream');
    repo.cli('push', '-q', 'served', 'main');
    await page.getByRole('tab', { name: 'Files' }).click();
    await cove.item('main.py').click();
    await cove.typeInto('main.py', 'print("ours")\n');
    await page.keyboard.press('ControlOrMeta+s');
    await cove.expectSaved();
    await page.getByRole('tab', { name: 'Git', exact: true }).click();
    await panel.getByRole('button', { name: 'Stage main.py' }).click();
    await panel.getByRole('textbox', { name: 'Commit message' }).fill('Ours');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);

    // The pull conflicts: the panel lists the file as conflicted and offers to abort.
    await panel.getByRole('button', { name: 'Pull', exact: true }).click();
    await expect(cove.notices).toContainText('The pull merged with conflicts in main.py');
    const merge = panel.getByRole('region', { name: 'Merging' });
    await expect(merge).toContainText('1 conflicted file');
    await expect(
      panel.getByRole('list', { name: /^Changes/ }).getByLabel('conflicted', { exact: true }),
    ).toBeVisible();
    await expect.poll(() => cove.editorText('main.py')).toContain('=======');

    // Abort: the file, the index and HEAD as before the pull.
    await merge.getByRole('button', { name: 'Abort merge' }).click();
    await cove.dialog.getByRole('button', { name: 'Abort merge' }).click();
    await expect(merge).toBeHidden();
    await expect(panel.getByText('No changes since the last commit.')).toBeVisible();
    await expect.poll(() => cove.editorText('main.py')).toBe('print("ours")\n');
    await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);

    // Pull again, and resolve in the editor: the region's actions replace it.
    await panel.getByRole('button', { name: 'Pull', exact: true }).click();
    await expect(merge).toContainText('1 conflicted file');
    await merge.getByRole('button', { name: 'main.py' }).click();
    const actions = page.getByRole('group', { name: 'Resolve this conflict' });
    await expect(actions).toHaveCount(1);
    await expect(actions.getByRole('button', { name: 'Accept current' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Accept incoming' })).toBeVisible();
    await expect(page.locator('.cm-conflict-current')).toHaveText('print("ours")');
    await expect(page.locator('.cm-conflict-incoming')).toHaveText('print("upstream")');
    await page.screenshot({ path: test.info().outputPath('git-conflict-editor.png') });
    await actions.getByRole('button', { name: 'Accept both' }).click();
    await expect(actions).toHaveCount(0);
    await expect.poll(() => cove.editorText('main.py')).toBe('print("ours")\nprint("upstream")\n');
    await page.keyboard.press('ControlOrMeta+s');
    await cove.expectSaved();
    await panel.getByRole('button', { name: 'Stage main.py' }).click();
    await expect(merge).toContainText('Every conflict is resolved');
    await panel.getByRole('textbox', { name: 'Commit message' }).fill('Merge upstream');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(merge).toBeHidden();
    await panel.getByRole('button', { name: 'Push', exact: true }).click();
    await expect
      .poll(() => repo.pushed())
      .toContain('Ada Lovelace <ada@example.com> Merge upstream');
    expect(repo.pushed()).toContain('print("ours")\nprint("upstream")\n');
  } finally {
    repo.remove();
  }
});
