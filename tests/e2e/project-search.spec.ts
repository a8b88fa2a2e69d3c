import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

test('project search: Ctrl+Shift+F from the editor, a match opens its file, Replace all and Undo', async ({
  page,
}) => {
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Search');
  await cove.uploadFile('alpha.py', 'planet = 1\nprint(planet)\n');
  await cove.uploadFile('beta.py', 'name = "planet"\n');

  // The shortcut works while the editor has focus: CodeMirror does not take it.
  await cove.item('alpha.py').click();
  await expect.poll(() => cove.editorText('alpha.py')).toBe('planet = 1\nprint(planet)\n');
  await cove.editor('alpha.py').click();
  await page.keyboard.press('Control+Shift+F');
  const panel = page.getByRole('tabpanel', { name: 'Search' });
  const searchBox = panel.getByRole('searchbox', { name: 'Search text' });
  await expect(searchBox).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Search', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.keyboard.type('planet');
  const summary = panel.getByRole('status');
  await expect(summary).toHaveText('3 results in 2 files.');
  await expect(panel.getByRole('region', { name: 'alpha.py' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'beta.py' })).toBeVisible();

  // A match opens its file at that line.
  await panel.getByRole('button', { name: 'Line 1: name = "planet"' }).click();
  await expect(cove.tab('beta.py')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => cove.editorText('beta.py')).toBe('name = "planet"\n');

  // Replace all asks first, saying how much it will change.
  await panel.getByRole('textbox', { name: 'Replace', exact: true }).fill('world');
  await panel.getByRole('button', { name: 'Replace all' }).click();
  await expect(cove.dialog).toContainText('Replace 3 matches in 2 files');
  // It shows each file's diff before anything is written.
  const changes = cove.dialog.getByRole('group', { name: 'Changes to make' });
  await expect(changes.getByLabel('Changes to alpha.py')).toContainText('-planet = 1');
  await expect(changes.getByLabel('Changes to alpha.py')).toContainText('+world = 1');
  await expect(changes.getByLabel('Changes to beta.py')).toContainText('+name = "world"');
  await page.screenshot({ path: test.info().outputPath('replace-preview.png') });
  await cove.dialog.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(cove.dialog).toBeHidden();
  await expect(cove.notices).toContainText('Replaced 3 matches in 2 files.');
  await expect.poll(() => cove.editorText('beta.py')).toBe('name = "world"\n');
  await cove.tab('alpha.py').click();
  await expect.poll(() => cove.editorText('alpha.py')).toBe('world = 1\nprint(world)\n');
  // The search runs again over the changed files.
  await expect(summary).toHaveText('No results.');

  // Undo puts both files back.
  await cove.notices.getByRole('button', { name: 'Undo' }).click();
  await expect(cove.notices).toContainText('Replace undone.');
  await expect.poll(() => cove.editorText('alpha.py')).toBe('planet = 1\nprint(planet)\n');
  await cove.tab('beta.py').click();
  await expect.poll(() => cove.editorText('beta.py')).toBe('name = "planet"\n');
  await expect(summary).toHaveText('3 results in 2 files.');
});

test('project search says what is wrong with a regular expression', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await page.getByRole('tab', { name: 'Search', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Search' });
  await panel.getByRole('button', { name: 'Use regular expression' }).click();
  await expect(panel.getByRole('button', { name: 'Use regular expression' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await panel.getByRole('searchbox', { name: 'Search text' }).fill('greet(');
  await expect(panel.getByRole('alert')).toContainText('The regular expression is invalid');
  // Back on the file tree with the arrow keys.
  await page.getByRole('tab', { name: 'Search', exact: true }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Files', exact: true })).toBeFocused();
  await expect(cove.tree).toBeVisible();
});
