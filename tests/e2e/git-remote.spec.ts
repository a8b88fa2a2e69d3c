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
