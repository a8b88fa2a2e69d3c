import { startPackageIndex } from '../fixtures/python-package-index.mjs';
import { expect, test } from './support/fixtures';
import { TerminalPanel } from './support/terminal-panel';

// Python boots in a worker of the page (4–6 s on two cores, more under load); the first
// Python command waits for it.
const FIRST_RUN = { timeout: 60_000 };

test.describe.configure({ timeout: 120_000 });

test('the terminal opens by keyboard, lists and writes workspace files, and recalls a command with Up', async ({
  cove,
}) => {
  const terminal = new TerminalPanel(cove);
  await terminal.openByKeyboard();
  await terminal.expectPrompt();

  await terminal.run('ls');
  await expect(terminal.screen).toContainText('main.py');
  await expect(terminal.screen).toContainText('README.md');
  await terminal.expectPrompt();

  // What a command writes is a workspace file: the tree shows it.
  await terminal.run('echo hi > a.txt');
  await expect(cove.item('a.txt')).toBeVisible();
  await terminal.run('cat a.txt');
  await expect(terminal.screen).toContainText(/cat a\.txt\s*hi/);

  // The folder stays between commands.
  await terminal.run('mkdir -p notes && cd notes');
  await expect(terminal.screen).toContainText('~/notes $');
  await terminal.run('pwd');
  await expect(terminal.screen).toContainText('/workspace/notes');

  // Up brings the last command back; Enter runs it again.
  await terminal.run('echo recalled-once');
  await expect(terminal.screen).toContainText(/(recalled-once[\s\S]*){2}/);
  await terminal.expectPrompt();
  await cove.page.keyboard.press('ArrowUp');
  await expect(terminal.screen).toContainText(/(recalled-once[\s\S]*){3}/);
  await cove.page.keyboard.press('Enter');
  await expect(terminal.screen).toContainText(/(recalled-once[\s\S]*){4}/);

  // Pasted lines run one after another: none is dropped.
  await terminal.input.evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, 'echo one > one.txt\necho two > two.txt\n');
  await expect(cove.item('notes')).toBeVisible();
  await terminal.run('ls');
  await expect(terminal.screen).toContainText(/one\.txt\s*two\.txt/);

  // Ctrl+` from the terminal hides the panel; again brings it back with the keyboard.
  await cove.page.keyboard.press('Control+Backquote');
  await expect(terminal.tab).toBeHidden();
  await terminal.openByKeyboard();
});

test('python streams its output into the terminal and Ctrl+C stops it', async ({ cove }) => {
  // Python's start is shown in the Output view; wait for it there, so the first command
  // below does not race the boot.
  await expect(cove.page.getByText('Python is ready', { exact: true })).toBeVisible(FIRST_RUN);
  const terminal = new TerminalPanel(cove);
  await terminal.openByKeyboard();
  await terminal.expectPrompt();
  await terminal.run(
    String.raw`printf 'import time\ni = 0\nwhile True:\n    print(f"tick {i}", flush=True)\n    i += 1\n    end = time.time() + 0.3\n    while time.time() < end:\n        pass\n' > loop.py`,
  );
  await expect(cove.item('loop.py')).toBeVisible();
  await terminal.run('python loop.py');
  // Lines arrive while the program runs, not when it ends.
  await expect(terminal.screen).toContainText('tick 0', FIRST_RUN);
  await expect(terminal.screen).toContainText('tick 3');
  await cove.page.keyboard.press('Control+c');
  await expect(terminal.screen).toContainText('^C', { timeout: 5_000 });
  await terminal.expectPrompt();
  // The shell is free again.
  await terminal.run('echo after-stop');
  await expect(terminal.screen).toContainText(/echo after-stop\s*after-stop/);
});

test('pip install loads a package from the package index; one it does not list fails as pip says', async ({
  cove,
}) => {
  const index = await startPackageIndex({
    packages: [
      { name: 'tinyhello', version: '1.0.0', source: 'def greet(name):\n    return name\n' },
    ],
  });
  try {
    await expect(cove.page.getByText('Python is ready', { exact: true })).toBeVisible(FIRST_RUN);
    await cove.savePythonSettings({ packageIndex: index.url, packageList: index.lockFileUrl });
    const terminal = new TerminalPanel(cove);
    await terminal.openByKeyboard();
    await terminal.expectPrompt();
    // Names as pip takes them: any case, a version, and `python -m pip` too.
    await terminal.run('python -m pip install TinyHello==1.0.0 not-in-the-index');
    await expect(terminal.screen).toContainText(
      'No matching distribution found for not-in-the-index',
      FIRST_RUN,
    );
    await expect(terminal.screen).toContainText('Successfully installed tinyhello');
    await terminal.expectPrompt();
    expect(index.requests).toContain('/tinyhello-1.0.0-py3-none-any.whl');
  } finally {
    await index.close();
  }
});
