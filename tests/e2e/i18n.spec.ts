import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The whole window, as a person sees it on a laptop, for looking at long words and CJK. */
async function look(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('in a browser set to English', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('choosing Deutsch in Settings switches the UI at once, and a reload keeps it', async ({
    cove,
  }) => {
    const { page } = cove;
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Language').selectOption({ label: 'Deutsch' });

    // No reload: the open dialog and the shell behind it are German now.
    const settings = page.getByRole('dialog', { name: 'Einstellungen' });
    await expect(settings.getByRole('heading', { name: 'Darstellung' })).toBeVisible();
    await expect(settings.getByLabel('Sprache')).toHaveValue('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await look(page, 'settings-de');
    await settings.getByRole('button', { name: 'Einstellungen schließen' }).click();

    await expect(page.getByRole('tab', { name: 'Dateien' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Ausgabe' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modell einrichten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bereich „Dateien“ anzeigen' })).toBeVisible();
    await expect(page.getByRole('button', { name: '▶ Ausführen main.py' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Dateiaktionen' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Agent' })).toBeVisible();
    await look(page, 'shell-de');

    await cove.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('tab', { name: 'Dateien' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();

    // And back: "Same as the browser" is English again, at once.
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await page.getByLabel('Sprache').selectOption({ label: 'Wie im Browser (English)' });
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('in a browser set to Chinese', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });

  test('Cove starts in Simplified Chinese', async ({ cove }) => {
    const { page } = cove;
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('tab', { name: '文件' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '终端' })).toBeVisible();
    await expect(page.getByRole('button', { name: '配置模型' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '消息' })).toHaveAttribute(
      'placeholder',
      /询问关于代码的问题/,
    );
    await page.getByRole('radio', { name: '智能体' }).check();
    await expect(page.getByLabel('审批')).toHaveValue('ask');
    await look(page, 'shell-zh');
    await page.getByRole('button', { name: '设置' }).click();
    const settings = page.getByRole('dialog', { name: '设置' });
    await expect(settings.getByLabel('语言')).toHaveValue('browser');
    await expect(settings.getByRole('heading', { name: '备份' })).toBeVisible();
    await look(page, 'settings-zh');
  });
});
