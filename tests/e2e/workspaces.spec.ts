import { zipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

test('create, switch, rename and delete workspaces; the last one reopens', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await cove.createWorkspace('Homework');
  await expect(cove.tree).toHaveCount(0);
  await expect(page.getByText('No files yet')).toBeVisible();
  await cove.newFile('solution.py');

  await cove.switchWorkspace('Welcome');
  await expect(cove.item('main.py')).toBeVisible();
  await expect(cove.item('solution.py')).toBeHidden();

  await cove.switchWorkspace('Homework');
  await expect(cove.item('solution.py')).toBeVisible();
  await expect(cove.tab('solution.py')).toBeVisible();

  await page.getByRole('button', { name: 'Rename workspace' }).click();
  await cove.answer('Homework 2', 'Rename');
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Homework 2');

  await cove.reload();
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Homework 2');
  await expect(cove.item('solution.py')).toBeVisible();

  await page.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(cove.dialog).toContainText('Delete workspace "Homework 2"?');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cove.workspaceSelect.locator('option')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete workspace' }).click();
  await cove.dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(cove.workspaceSelect.locator('option')).toHaveCount(1);
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Welcome');
});

test('workspace names are checked', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await page.getByRole('button', { name: 'New workspace' }).click();
  await cove.answer('welcome', 'Create');
  await expect(cove.dialogError).toHaveText(
    'A workspace named "welcome" already exists. Choose another name.',
  );
  await cove.answer('   ', 'Create');
  await expect(cove.dialogError).toContainText('A workspace needs a name.');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(cove.workspaceSelect.locator('option')).toHaveCount(1);
});

test('deleting the last workspace leaves a clear way to start again', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await page.getByRole('button', { name: 'Delete workspace' }).click();
  await cove.dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(page.getByText('No workspace yet.')).toBeVisible();
  await cove.reload();
  // The Welcome workspace is for the first visit only; it does not come back.
  await page.getByRole('button', { name: 'Create a workspace' }).click();
  await cove.answer('Fresh', 'Create');
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Fresh');
});

test('the workspace picker shows the open workspace whatever the order of creation', async ({
  page,
}) => {
  const cove = await new CovePage(page).open();
  // Each creation checks that the picker shows the new workspace.
  for (const name of ['Beta', 'Alpha', 'Gamma', 'Delta']) {
    await cove.createWorkspace(name);
    await expect(page.getByRole('banner')).toContainText(name);
  }
  await expect(cove.workspaceSelect.locator('option')).toHaveText([
    'Alpha',
    'Beta',
    'Delta',
    'Gamma',
    'Welcome',
  ]);
  await cove.newFile('delta.py');

  await cove.switchWorkspace('Alpha');
  await expect(page.getByRole('banner')).toContainText('Alpha');
  await expect(cove.item('delta.py')).toBeHidden();

  // A rename that moves the workspace in the sorted list keeps it shown.
  await page.getByRole('button', { name: 'Rename workspace' }).click();
  await cove.answer('Zeta', 'Rename');
  await expect(cove.workspaceSelect.locator('option:checked')).toHaveText('Zeta');
  await expect(page.getByRole('banner')).toContainText('Zeta');

  await cove.switchWorkspace('Delta');
  await expect(cove.item('delta.py')).toBeVisible();
});

test('the selected folder stays in its workspace', async ({ page }) => {
  const cove = await new CovePage(page).open();
  await cove.newFolder('src/updir');
  await cove.expand('src');
  await cove.item('updir').click();
  await expect(cove.item('updir')).toHaveAttribute('aria-selected', 'true');

  // A zip imported into a new workspace lands at its root.
  await cove.createWorkspace('Imported');
  await cove.importZip(
    zipSync({ 'pkg/mod.py': new TextEncoder().encode('x = 1\n') }),
    'Zip import: 1 file added.',
  );
  await expect(cove.item('pkg')).toHaveAttribute('aria-level', '1');
  await expect(cove.item('src')).toHaveCount(0);

  // So does a new file in another new workspace.
  await cove.switchWorkspace('Welcome');
  await expect(cove.item('updir')).toHaveAttribute('aria-selected', 'true');
  await cove.createWorkspace('Empty');
  await page.getByRole('button', { name: 'New file' }).click();
  await expect(cove.dialog.getByRole('textbox')).toHaveAccessibleName('Name');
  await cove.answer('top.py', 'Create');
  await expect(cove.dialog).toBeHidden();
  await expect(cove.item('top.py')).toHaveAttribute('aria-level', '1');
  await expect(cove.item('src')).toHaveCount(0);

  // Back in Welcome the folder is still selected, and new files go into it.
  await cove.switchWorkspace('Welcome');
  await expect(cove.item('updir')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'New file' }).click();
  await expect(cove.dialog.getByRole('textbox')).toHaveAccessibleName('Name (in src/updir/)');
  await cove.dialog.getByRole('button', { name: 'Cancel' }).click();
});
