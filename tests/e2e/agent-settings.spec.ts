import { expect, test } from './support/fixtures';

test('Settings → Agent: per-tool approval and limits are checked, saved and kept after a reload', async ({
  cove,
}) => {
  await cove.openSettings();
  const agent = cove.settings.getByRole('region', { name: 'Agent' });
  await agent.scrollIntoViewIfNeeded();
  // Tools that only read never ask; the others follow the session's mode until chosen here.
  await expect(agent.getByRole('combobox', { name: /^list_files/ })).toBeDisabled();
  await expect(agent.getByRole('combobox', { name: /^list_files/ })).toHaveText('Never asks');
  const bash = agent.getByRole('combobox', { name: /^bash runs code/ });
  const write = agent.getByRole('combobox', { name: /^write_file edits files/ });
  await expect(bash).toHaveValue('mode');
  await bash.selectOption({ label: 'Always ask' });
  await write.selectOption({ label: 'Never ask' });

  const cap = agent.getByLabel('Longest tool result the model reads (characters)');
  await cap.fill('50');
  await agent.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(agent.getByRole('alert')).toHaveText(
    /The result limit must be a whole number from 1,000 to 200,000/,
  );
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await expect(cap).toBeFocused();

  await cap.fill('20000');
  await agent.getByLabel('Turns per run before it asks to go on').fill('80');
  await agent.getByRole('checkbox', { name: /reach this computer and private networks/ }).check();
  await expect(agent.getByRole('note')).toContainText('local servers, routers');
  await agent.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(cove.notices).toContainText('Agent settings saved.');
  await expect(agent.getByRole('alert')).toHaveCount(0);

  await cove.reload();
  await cove.openSettings();
  const again = cove.settings.getByRole('region', { name: 'Agent' });
  await expect(again.getByRole('combobox', { name: /^bash runs code/ })).toHaveValue('ask');
  await expect(again.getByRole('combobox', { name: /^write_file edits files/ })).toHaveValue(
    'allow',
  );
  await expect(again.getByLabel('Longest tool result the model reads (characters)')).toHaveValue(
    '20000',
  );
  await expect(again.getByLabel('Turns per run before it asks to go on')).toHaveValue('80');
  await expect(
    again.getByRole('checkbox', { name: /reach this computer and private networks/ }),
  ).toBeChecked();
  await again.scrollIntoViewIfNeeded();
  await cove.page.screenshot({ path: 'test-results/agent-settings.png' });
});
