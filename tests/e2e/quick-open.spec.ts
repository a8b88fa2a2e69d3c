import { expect, test } from './support/fixtures';
import { QuickOpen } from './support/quick-open';

const UTIL = ['import os', '', '', 'def helper(x):', '    return x * 2', ''].join('\n');
const TOOLS = [
  'a = 1',
  'b = 2',
  'c = 3',
  '',
  '',
  'def compute():',
  '    return a + b + c',
  '',
].join('\n');

test('Ctrl+P opens a file by a fuzzy name, goes to a line and to a def, and Escape closes it', async ({
  cove,
  page,
}) => {
  // tools.py first: a new file goes into the folder selected, which src/util.py's would be.
  await cove.writePython('tools.py', TOOLS);
  await cove.writePython('src/util.py', UTIL);
  const quick = new QuickOpen(cove);
  const activeLineNumber = page.locator('.cm-lineNumbers .cm-activeLineGutter');

  // Whether the page kept Ctrl/Cmd+P from the browser (its Print dialog). A capture listener
  // on window added after Cove's runs after it, whatever Cove stops.
  await page.evaluate(() =>
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key.toLowerCase() === 'p' && (event.ctrlKey || event.metaKey)) {
          document.documentElement.dataset.printKept = String(!event.defaultPrevented);
        }
      },
      true,
    ),
  );

  // From inside the editor: CodeMirror does not keep the shortcut.
  await cove.tab('tools.py').click();
  await cove.editor('tools.py').click();
  await expect(cove.editor('tools.py')).toBeFocused();
  await quick.open();
  await expect(page.locator('html')).toHaveAttribute('data-print-kept', 'false');
  // Nothing typed: the files opened last come first, the most recent on top.
  await expect(quick.options.nth(0)).toHaveAccessibleName('tools.py');
  await expect(quick.options.nth(1)).toHaveAccessibleName('src/util.py');

  // A fuzzy query: the letters in order, not a substring; the matched ones are marked.
  await quick.type('srcutl');
  await expect(quick.options.first()).toHaveAccessibleName('src/util.py');
  await expect(quick.selected).toHaveAccessibleName('src/util.py');
  await expect(quick.options.first().locator('mark').first()).toBeVisible();
  await quick.choose();
  await expect(cove.tab('util.py')).toHaveAttribute('aria-selected', 'true');
  await expect(cove.editor('src/util.py')).toBeFocused();

  // Arrows choose another row.
  await quick.open();
  await quick.type('py');
  await expect(quick.selected).toHaveAccessibleName(/\.py$/);
  const first = await quick.options.nth(0).getAttribute('aria-label');
  const second = await quick.options.nth(1).getAttribute('aria-label');
  await page.keyboard.press('ArrowDown');
  await expect(quick.selected).toHaveAccessibleName(second!);
  await page.keyboard.press('ArrowUp');
  await expect(quick.selected).toHaveAccessibleName(first!);
  await page.keyboard.press('Escape');
  await expect(quick.dialog).toBeHidden();

  // ":3" goes to line 3 of the active file.
  await quick.open();
  await quick.type(':3');
  await expect(quick.options).toHaveCount(1);
  await expect(quick.options.first()).toHaveAccessibleName('Go to line 3 of src/util.py');
  await quick.choose();
  await expect(activeLineNumber).toHaveText('3');

  // "@" lists the file's definitions; Enter goes to the one chosen.
  await quick.open();
  await quick.type('@');
  await expect(quick.options).toHaveCount(1);
  await expect(quick.options.first()).toHaveAccessibleName('helper, function, line 4');
  await quick.choose();
  await expect(activeLineNumber).toHaveText('4');
  await expect(cove.editor('src/util.py').locator('.cm-activeLine')).toHaveText('def helper(x):');

  // "tools.py:6" opens another file at a line.
  await quick.open();
  await quick.type('tools.py:6');
  await expect(quick.options.first()).toHaveAccessibleName('tools.py, line 6');
  await quick.choose();
  await expect(cove.tab('tools.py')).toHaveAttribute('aria-selected', 'true');
  await expect(activeLineNumber).toHaveText('6');
  await expect(cove.editor('tools.py').locator('.cm-activeLine')).toHaveText('def compute():');
  await expect(cove.editor('tools.py')).toBeFocused();

  // No match says so; Escape closes and the focus is back in the editor.
  await quick.open();
  await quick.type('qqzz');
  await expect(quick.options).toHaveCount(0);
  await expect(quick.dialog.getByText('No file matches “qqzz”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(quick.dialog).toBeHidden();
  await expect(cove.editor('tools.py')).toBeFocused();
  await expect(cove.tab('tools.py')).toHaveAttribute('aria-selected', 'true');

  // A click opens a file too.
  await quick.open();
  await quick.type('util');
  await quick.options.first().click();
  await expect(quick.dialog).toBeHidden();
  await expect(cove.tab('util.py')).toHaveAttribute('aria-selected', 'true');
});
