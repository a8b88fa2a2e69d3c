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
