import { expect, test } from '@playwright/test';
import { CovePage } from './support/cove-page';

test('panels resize from the keyboard and collapse; the layout is remembered', async ({ page }) => {
  const cove = await new CovePage(page).open();
  const splitter = page.getByRole('separator', { name: 'Resize files panel' });
  const before = Number(await splitter.getAttribute('aria-valuenow'));
  await splitter.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(before + 50));
  const sidebar = page.getByRole('region', { name: 'Files panel' });
  expect((await sidebar.boundingBox())!.width).toBeCloseTo(before + 50, -1);

  await page.getByRole('button', { name: 'Show assistant panel' }).click();
  await expect(page.getByRole('region', { name: 'Assistant panel' })).toBeHidden();
  await page.getByRole('button', { name: 'Show output panel' }).click();
  await expect(page.getByRole('region', { name: 'Output panel' })).toBeHidden();
  await cove.reload();
  await expect(page.getByRole('region', { name: 'Assistant panel' })).toBeHidden();
  await expect(page.getByRole('separator', { name: 'Resize files panel' })).toHaveAttribute(
    'aria-valuenow',
    String(before + 50),
  );
  await page.getByRole('button', { name: 'Show assistant panel' }).click();
  await expect(page.getByRole('region', { name: 'Assistant panel' })).toBeVisible();
});

test('a narrow window switches the panels to tabs', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  const cove = await new CovePage(page).open();
  const panels = page.getByRole('tablist', { name: 'Panels' });
  await expect(panels).toBeVisible();
  await panels.getByRole('tab', { name: 'Files' }).click();
  await cove.item('main.py').click();
  // Opening a file shows the editor.
  await expect(panels.getByRole('tab', { name: 'Editor' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(cove.editor('main.py')).toBeVisible();
  await panels.getByRole('tab', { name: 'Output' }).click();
  // The empty output says what to do (while Python starts: that Run waits for it).
  await expect(
    page.getByText(
      /^(Run a Python file to see what it prints here|Python is starting\. Press Run now)/,
    ),
  ).toBeVisible();
  await expect(cove.editor('main.py')).toBeHidden();
});

test('the theme follows the system and can be chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const cove = await new CovePage(page).open();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await cove.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('every button and field has an accessible name', async ({ page }) => {
  await new CovePage(page).open();
  await page.getByRole('treeitem', { name: 'main.py' }).click();
  const unnamed = await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'button, input, select, textarea, [role="button"], [role="tab"], [role="treeitem"], [role="separator"], [role="textbox"]',
      ),
    ];
    return controls
      .filter((el) => el.offsetParent !== null)
      .filter((el) => {
        const label =
          el.getAttribute('aria-label') ||
          (el.getAttribute('aria-labelledby') &&
            document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent) ||
          // A label by `for` or wrapped around the control (the Chat / Agent radios).
          ('labels' in el && (el as HTMLInputElement).labels?.[0]?.textContent) ||
          el.textContent;
        return !label?.trim();
      })
      .map((el) => el.outerHTML.slice(0, 120));
  });
  expect(unnamed).toEqual([]);
});

for (const size of [
  { width: 1400, height: 900 },
  { width: 800, height: 600 },
]) {
  test(`at ${size.width}×${size.height} the editor keeps its share and the output toolbar is one row`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const cove = await new CovePage(page).open();
    await cove.item('main.py').click();
    await expect(cove.editor('main.py')).toBeVisible();
    const box = async (name: string) => (await page.getByRole('region', { name }).boundingBox())!;
    const editor = await box('Editor panel');
    const output = await box('Output panel');
    const workArea = size.height - 40;
    // The editor keeps more than half the height and close to half the width; the output
    // panel is still big enough to read a traceback.
    expect(editor.height).toBeGreaterThanOrEqual(workArea * 0.5);
    expect(editor.width).toBeGreaterThanOrEqual(size.width * 0.44);
    expect(output.height).toBeGreaterThanOrEqual(Math.min(240, workArea * 0.4));
    // Side panels narrow at 800 px but never below a usable width.
    expect((await box('Files panel')).width).toBeGreaterThanOrEqual(160);
    expect((await box('Assistant panel')).width).toBeGreaterThanOrEqual(240);

    // Every control of the output toolbar sits on one row.
    const toolbar = page.getByRole('toolbar', { name: 'Run controls' });
    const toolbarBox = (await toolbar.boundingBox())!;
    expect(toolbarBox.height).toBeLessThan(44);
    const buttons = toolbar.getByRole('button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(6);
    for (const button of await buttons.all()) {
      const { y, height } = (await button.boundingBox())!;
      expect(Math.abs(y + height / 2 - (toolbarBox.y + toolbarBox.height / 2))).toBeLessThan(4);
    }
    await page.screenshot({ path: test.info().outputPath(`layout-${size.width}.png`) });
  });
}
