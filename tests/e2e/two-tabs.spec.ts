import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

/**
 * Two tabs both edit a file and save. Which save lands first depends on timing (autosave
 * runs within a second), so this finds the tab that lost the race: it shows the banner.
 */
async function tabWithConflict(tabs: CovePage[]): Promise<CovePage> {
  const banner = (tab: CovePage) =>
    tab.page.getByRole('alert').filter({ hasText: 'changed elsewhere' });
  return Promise.any(
    tabs.map(async (tab) => {
      await expect(banner(tab)).toBeVisible({ timeout: 10_000 });
      return tab;
    }),
  );
}

test('two tabs see each other’s changes live', async ({ context }) => {
  const first = await new CovePage(await context.newPage()).open();
  const second = await new CovePage(await context.newPage()).open();
  await first.newFile('shared.py');
  await expect(second.item('shared.py')).toBeVisible({ timeout: 2000 });

  // A clean tab follows changes made elsewhere in place.
  await second.item('shared.py').click();
  await first.typeInto('shared.py', 'x = 1\n');
  await first.page.keyboard.press('ControlOrMeta+s');
  await expect.poll(() => second.editorText('shared.py'), { timeout: 2000 }).toBe('x = 1\n');

  // A tab with unsaved edits asks which version to keep.
  await second.editor('shared.py').click();
  await second.page.keyboard.press('ControlOrMeta+End');
  await second.page.keyboard.insertText('mine = 2\n');
  await first.editor('shared.py').click();
  await first.page.keyboard.press('ControlOrMeta+End');
  await first.page.keyboard.insertText('theirs = 3\n');
  await first.page.keyboard.press('ControlOrMeta+s');
  await second.page.keyboard.press('ControlOrMeta+s');
  const loser = await tabWithConflict([first, second]);
  const winner = loser === first ? second : first;
  const kept = loser === second ? 'x = 1\nmine = 2\n' : 'x = 1\ntheirs = 3\n';
  const banner = loser.page.getByRole('alert').filter({ hasText: 'changed elsewhere' });
  // The losing tab still shows its own edit until the person decides.
  expect(await loser.editorText('shared.py')).toBe(kept);
  await banner.getByRole('button', { name: 'Keep my edits' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => winner.editorText('shared.py'), { timeout: 3000 }).toBe(kept);

  // Workspaces created in one tab appear in the other.
  await first.createWorkspace('From tab one');
  await expect(second.workspaceSelect.locator('option', { hasText: 'From tab one' })).toHaveCount(
    1,
  );
});

test('a conflict can also be settled by taking the other version', async ({ context }) => {
  const first = await new CovePage(await context.newPage()).open();
  const second = await new CovePage(await context.newPage()).open();
  await first.item('main.py').click();
  await second.item('main.py').click();
  await second.editor('main.py').click();
  await second.page.keyboard.insertText('# local draft\n');
  await first.typeInto('main.py', 'print("rewritten elsewhere")\n');
  await first.page.keyboard.press('ControlOrMeta+s');
  const loser = await tabWithConflict([first, second]);
  const winner = loser === first ? second : first;
  const theirs = await winner.editorText('main.py');
  const banner = loser.page.getByRole('alert').filter({ hasText: 'changed elsewhere' });
  await banner.getByRole('button', { name: 'Use the new version' }).click();
  expect(await loser.editorText('main.py')).toBe(theirs);
  await expect(loser.page.getByLabel('unsaved changes')).toBeHidden();
});
