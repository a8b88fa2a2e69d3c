import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** One part of Settings, as a person sees it, for looking at long words and CJK. */
async function look(part: Locator, name: string): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('in a browser set to German', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });

  test('Settings speaks German in every section, the provider form too', async ({ cove }) => {
    const { page } = cove;
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    const settings = page.getByRole('dialog', { name: 'Einstellungen' });
    const providers = settings.getByRole('region', { name: 'Anbieter' });
    await expect(providers.getByText(/Noch keine Anbieter/)).toBeVisible();
    await look(providers, 'providers-de');
    for (const heading of ['Chat', 'Python', 'Git', 'MCP-Server', 'Agent', 'Gedächtnis']) {
      await expect(settings.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(settings.getByLabel('Zeitlimit pro Lauf (Sekunden)')).toBeVisible();
    await expect(
      settings.getByRole('button', { name: 'Agenteneinstellungen speichern' }),
    ).toBeVisible();
    await look(settings.getByRole('region', { name: 'Agent' }), 'agent-de');
    await look(settings.getByRole('region', { name: 'Gedächtnis' }), 'memory-de');
    await look(settings.getByRole('region', { name: 'Speicher' }), 'storage-de');

    await providers.getByRole('button', { name: 'Anbieter hinzufügen' }).click();
    const form = page.getByRole('dialog', { name: 'Anbieter hinzufügen' });
    await expect(form.getByLabel('Basis-URL')).toHaveValue(/^https:/);
    await expect(form.getByLabel('API-Schlüssel')).toHaveAttribute(
      'placeholder',
      'Schlüssel einfügen',
    );
    await form.getByRole('button', { name: 'Header hinzufügen' }).click();
    await expect(form.getByLabel('Name von Header 1')).toBeVisible();
    await look(form, 'provider-form-de');
    await form.getByRole('button', { name: 'Abbrechen' }).click();

    await settings.getByRole('button', { name: 'MCP-Server hinzufügen' }).click();
    const mcpForm = page.getByRole('dialog', { name: 'MCP-Server hinzufügen' });
    await expect(mcpForm.getByLabel('OAuth-Client-ID (optional)')).toBeVisible();
    await look(mcpForm, 'mcp-form-de');
  });
});

test.describe('in a browser set to Chinese', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });

  test('Settings speaks Chinese in every section, the provider form too', async ({ cove }) => {
    const { page } = cove;
    await page.getByRole('button', { name: '设置' }).click();
    const settings = page.getByRole('dialog', { name: '设置' });
    const providers = settings.getByRole('region', { name: '服务商' });
    await expect(providers.getByText(/还没有服务商/)).toBeVisible();
    await look(providers, 'providers-zh');
    for (const heading of ['聊天', 'Python', 'Git', 'MCP 服务器', '智能体', '记忆', '网络']) {
      await expect(settings.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await look(settings.getByRole('region', { name: 'Python' }), 'python-zh');
    await look(settings.getByRole('region', { name: '智能体' }), 'agent-zh');
    await look(settings.getByRole('region', { name: '存储' }), 'storage-zh');

    await providers.getByRole('button', { name: '添加服务商' }).click();
    const form = page.getByRole('dialog', { name: '添加服务商' });
    await expect(form.getByLabel('基础 URL')).toHaveValue(/^https:/);
    await look(form, 'provider-form-zh');
  });
});
