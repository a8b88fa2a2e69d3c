import { expect, test } from './support/fixtures';

test('"Add a provider" opens Settings on the provider form, ready to type', async ({ cove }) => {
  const { page } = cove;
  await expect(page.getByText('Connect a model to start')).toBeVisible();
  await page.getByRole('button', { name: 'Add a provider' }).click();
  await expect(cove.settings).toBeVisible();
  await expect(cove.addProviderForm).toBeVisible();
  await expect(cove.addProviderForm.getByLabel('Preset')).toBeFocused();

  // Closing the form leaves Settings on the Providers section.
  await cove.addProviderForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cove.addProviderForm).toBeHidden();
  await expect(cove.settings.getByRole('heading', { name: 'Providers' })).toBeInViewport();
  await expect(cove.settings.getByRole('button', { name: 'Add provider' })).toBeInViewport();

  // Settings opened from the header starts at the top, without the form.
  await page.getByRole('button', { name: 'Close settings' }).click();
  await cove.openSettings();
  await expect(cove.addProviderForm).toBeHidden();
  await expect(cove.settings.getByRole('heading', { name: 'Appearance' })).toBeInViewport();
});

test('with no model, Send says why it is off and "Set up a model" leads to the provider form', async ({
  cove,
}) => {
  const { page } = cove;
  await page.getByRole('combobox', { name: 'Message' }).fill('hello');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAttribute('title', 'Set up a model first');
  await page.getByRole('button', { name: 'Set up a model' }).click();
  await expect(cove.addProviderForm).toBeVisible();
  await expect(cove.addProviderForm.getByLabel('Preset')).toBeFocused();
  // Nothing typed is lost on the way.
  await cove.addProviderForm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Close settings' }).click();
  await expect(page.getByRole('combobox', { name: 'Message' })).toHaveValue('hello');
});
