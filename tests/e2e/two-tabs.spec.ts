import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

/** Adds a line at the end of a file in a tab. */
async function appendLine(tab: CovePage, path: string, line: string): Promise<void> {
  await tab.editor(path).click();
  await tab.page.keyboard.press('ControlOrMeta+End');
  await tab.page.keyboard.insertText(`${line}\n`);
}

const conflictBanner = (tab: CovePage) =>
  tab.page.getByRole('alert').filter({ hasText: 'changed elsewhere' });

/**
 * Two tabs both edit a file and save. Whether the second edit starts before the first save
 * reaches it depends on timing (autosave runs within a second), so this waits until the two
 * have settled: one tab lost the race and asks which version to keep (it is returned), or
 * both hold the same saved text ('agreed').
 */
async function settle(tabs: CovePage[], path: string): Promise<CovePage | 'agreed'> {
  let outcome: CovePage | 'agreed' | undefined;
  await expect
    .poll(async () => {
      for (const tab of tabs) {
        if (await conflictBanner(tab).isVisible()) outcome = tab;
      }
      if (outcome) return 'conflict';
      const unsaved = await Promise.all(
        tabs.map((tab) => tab.page.getByLabel('unsaved changes').count()),
      );
      const texts = await Promise.all(tabs.map((tab) => tab.editorText(path)));
      if (unsaved.every((count) => count === 0) && texts.every((text) => text === texts[0])) {
        outcome = 'agreed';
      }
      return outcome ? 'settled' : 'pending';
    })
    .not.toBe('pending');
  return outcome!;
}

test('two tabs see each other’s changes live', async ({ context }) => {
  const first = await new CovePage(await context.newPage()).open();
  const second = await new CovePage(await context.newPage()).open();
  await first.newFile('shared.py');
  await expect(second.item('shared.py')).toBeVisible();

  // A clean tab follows changes made elsewhere in place.
  await second.item('shared.py').click();
  await first.typeInto('shared.py', 'x = 1\n');
  await first.page.keyboard.press('ControlOrMeta+s');
  await expect.poll(() => second.editorText('shared.py')).toBe('x = 1\n');

  // Both tabs edit the file; no edit may be lost.
  await appendLine(second, 'shared.py', 'mine = 2');
  await appendLine(first, 'shared.py', 'theirs = 3');
  await first.page.keyboard.press('ControlOrMeta+s');
  await second.page.keyboard.press('ControlOrMeta+s');
  const loser = await settle([first, second], 'shared.py');
  if (loser !== 'agreed') {
    // They edited at once: the tab whose save came second asks which version to keep.
    const winner = loser === first ? second : first;
    const kept = loser === second ? 'x = 1\nmine = 2\n' : 'x = 1\ntheirs = 3\n';
    await expect.poll(() => loser.editorText('shared.py')).toBe(kept);
    await conflictBanner(loser).getByRole('button', { name: 'Keep my edits' }).click();
    await expect(conflictBanner(loser)).toBeHidden();
    await expect.poll(() => winner.editorText('shared.py')).toBe(kept);
  } else {
    // One tab saw the other's edit before making its own: the file holds both.
    for (const tab of [first, second]) {
      expect(await tab.editorText('shared.py')).toMatch(
        /^x = 1\n(mine = 2\ntheirs = 3|theirs = 3\nmine = 2)\n$/,
      );
    }
  }

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
  await appendLine(second, 'main.py', '# local draft');
  await appendLine(first, 'main.py', '# edited elsewhere');
  await first.page.keyboard.press('ControlOrMeta+s');
  const loser = await settle([first, second], 'main.py');
  if (loser !== 'agreed') {
    const winner = loser === first ? second : first;
    await expect(winner.page.getByLabel('unsaved changes')).toBeHidden();
    const theirs = await winner.editorText('main.py');
    await conflictBanner(loser).getByRole('button', { name: 'Use the new version' }).click();
    await expect.poll(() => loser.editorText('main.py')).toBe(theirs);
    await expect(loser.page.getByLabel('unsaved changes')).toBeHidden();
  } else {
    for (const tab of [first, second]) {
      const text = await tab.editorText('main.py');
      expect(text).toContain('# local draft');
      expect(text).toContain('# edited elsewhere');
    }
  }
});
