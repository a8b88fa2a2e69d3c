// @vitest-environment jsdom
import { createSignal, Show } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { Command } from '../../../../src/app/commands/command';
import {
  createCommandRegistry,
  type CommandRegistry,
} from '../../../../src/app/commands/command-registry';
import type { EditorService } from '../../../../src/app/editor-service';
import { createMemoryStore } from '../../../../src/store/memory-store';
import type { WorkspaceService } from '../../../../src/app/workspace-service';
import type { FileMeta } from '../../../../src/store/records';
import { QuickOpenDialog } from '../../../../src/ui/quick-open/QuickOpenDialog';
import { waitUntil } from '../../support/wait-until';

beforeAll(() => {
  // jsdom has <dialog> without its methods, and no scrolling.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  document.body.innerHTML = '';
});

const MAIN_PY = [
  'import os',
  '',
  'def greet(name):',
  '    return name',
  '',
  'class Greeter:',
  '    def hello(self): ...',
].join('\n');

function mount(options: {
  paths: string[];
  recent?: string[];
  active?: { path: string; text: string };
  commands?: CommandRegistry;
  initial?: string;
}) {
  const commands =
    options.commands ??
    createCommandRegistry({ settings: createMemoryStore().settings, onError: () => {} });
  const editor = {
    recentFiles: () => options.recent ?? [],
    activeDocument: () => options.active,
    activePath: () => options.active?.path,
    openFile: vi.fn(async () => {}),
    reveal: vi.fn(async () => {}),
  } as unknown as EditorService & {
    openFile: ReturnType<typeof vi.fn>;
    reveal: ReturnType<typeof vi.fn>;
  };
  const entries = options.paths.map((path) => ({ path, kind: 'file' }) as FileMeta);
  entries.push({ path: 'src', kind: 'folder' } as FileMeta);
  const workspaces = { entries: () => entries } as unknown as WorkspaceService;
  const before = document.createElement('button');
  document.body.append(before);
  before.focus();
  const host = document.createElement('div');
  document.body.append(host);
  const [open, setOpen] = createSignal(true);
  const [start, setStart] = createSignal(
    options.initial !== undefined ? { input: options.initial } : undefined,
  );
  const onClose = vi.fn(() => setOpen(false));
  const dispose = render(
    () => (
      <Show when={open()}>
        <QuickOpenDialog
          editor={editor}
          workspaces={workspaces}
          commands={commands}
          {...(start() ? { start: start()! } : {})}
          onClose={onClose}
        />
      </Show>
    ),
    host,
  );
  const input = () => host.querySelector<HTMLInputElement>('[role="combobox"]')!;
  const type = (text: string) => {
    input().value = text;
    input().dispatchEvent(new InputEvent('input', { bubbles: true }));
  };
  const press = (key: string, held: KeyboardEventInit = {}) =>
    input().dispatchEvent(
      new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...held }),
    );
  const options_ = () => [...host.querySelectorAll('[role="option"]')];
  const labels = () => options_().map((option) => option.getAttribute('aria-label'));
  const selected = () =>
    host.querySelector('[role="option"][aria-selected="true"]')?.getAttribute('aria-label');
  const status = () => host.querySelector('[role="status"]')!.textContent;
  return {
    host,
    editor,
    onClose,
    before,
    input,
    type,
    press,
    options: options_,
    labels,
    selected,
    status,
    dispose,
    /** What the app does when a shortcut is pressed while the dialog is open. */
    restart: (input: string) => setStart({ input }),
  };
}

describe('QuickOpenDialog', () => {
  it('is a dialog named Quick open whose box has the focus', async () => {
    const view = mount({ paths: ['main.py'] });
    const dialog = view.host.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-label')).toBe('Quick open');
    expect(view.input().getAttribute('aria-label')).toBe('File name, :line or @symbol');
    await waitUntil(() => expect(document.activeElement).toBe(view.input()));
  });

  it('lists recent files first, then the rest by path, and no folders', () => {
    const view = mount({ paths: ['b.py', 'a.py', 'src/c.py'], recent: ['src/c.py'] });
    expect(view.labels()).toEqual(['src/c.py', 'a.py', 'b.py']);
    expect(view.selected()).toBe('src/c.py');
  });

  it('fuzzy-matches as one types, highlighting the matched characters', () => {
    const view = mount({ paths: ['main.py', 'src/util.py', 'README.md'] });
    view.type('mnpy');
    expect(view.labels()).toEqual(['main.py']);
    expect([...view.options()[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'm',
      'n',
      'py',
    ]);
    view.type('srcutil');
    expect(view.labels()).toEqual(['src/util.py']);
  });

  it('says when no file matches', () => {
    const view = mount({ paths: ['main.py'] });
    view.type('zzz');
    expect(view.options()).toHaveLength(0);
    expect(view.status()).toBe('No file matches “zzz”.');
  });

  it('with nothing typed, the file opened before the one shown is selected: Enter goes back to it', () => {
    const view = mount({
      paths: ['a.py', 'b.py', 'c.py'],
      recent: ['b.py', 'c.py'],
      active: { path: 'b.py', text: '' },
    });
    expect(view.options().map((o) => o.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(view.selected()).toBe('c.py');
    view.press('Enter');
    expect(view.editor.openFile).toHaveBeenCalledWith('c.py');
  });

  it('arrows move the selection and Enter opens the selected file', () => {
    const view = mount({ paths: ['a.py', 'b.py', 'c.py'] });
    view.press('ArrowDown');
    view.press('ArrowDown');
    expect(view.selected()).toBe('c.py');
    view.press('ArrowDown');
    expect(view.selected()).toBe('a.py');
    view.press('ArrowUp');
    expect(view.selected()).toBe('c.py');
    view.press('Enter');
    expect(view.onClose).toHaveBeenCalledOnce();
    expect(view.editor.openFile).toHaveBeenCalledWith('c.py');
  });

  it('a click opens a file', () => {
    const view = mount({ paths: ['a.py', 'b.py'] });
    (view.options()[1] as HTMLElement).click();
    expect(view.editor.openFile).toHaveBeenCalledWith('b.py');
  });

  it('":3" goes to line 3 of the active file, "b.py:2" to line 2 of another', () => {
    const view = mount({ paths: ['main.py', 'b.py'], active: { path: 'main.py', text: MAIN_PY } });
    view.type(':3');
    expect(view.labels()).toEqual(['Go to line 3 of main.py']);
    view.press('Enter');
    expect(view.editor.reveal).toHaveBeenCalledWith('main.py', 3, undefined);

    const other = mount({ paths: ['main.py', 'b.py'] });
    other.type('b.py:2');
    other.press('Enter');
    expect(other.editor.reveal).toHaveBeenCalledWith('b.py', 2, undefined);
  });

  it('":" without an open file says what it needs', () => {
    const view = mount({ paths: ['main.py'] });
    view.type(':3');
    expect(view.options()).toHaveLength(0);
    expect(view.status()).toBe('Open a file to go to one of its lines.');
  });

  it('"@" lists the active Python file’s symbols and Enter goes to one', () => {
    const view = mount({ paths: ['main.py'], active: { path: 'main.py', text: MAIN_PY } });
    view.type('@');
    expect(view.labels()).toEqual([
      'greet, function, line 3',
      'Greeter, class, line 6',
      'hello, method, line 7',
    ]);
    view.type('@hel');
    expect(view.labels()).toEqual(['hello, method, line 7']);
    view.press('Enter');
    expect(view.editor.reveal).toHaveBeenCalledWith('main.py', 7, 9);
  });

  it('says when no symbol matches', () => {
    const view = mount({ paths: ['main.py'], active: { path: 'main.py', text: MAIN_PY } });
    view.type('@zzz');
    expect(view.options()).toHaveLength(0);
    expect(view.status()).toBe('No symbol matches “zzz”.');
  });

  it('"@" on a file that is not Python says so', () => {
    const view = mount({ paths: ['notes.md'], active: { path: 'notes.md', text: '# hi' } });
    view.type('@');
    expect(view.status()).toContain('notes.md is not one');
  });

  it('Escape closes and gives the focus back where it was', async () => {
    const view = mount({ paths: ['main.py'] });
    await waitUntil(() => expect(document.activeElement).toBe(view.input()));
    view.host.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(view.onClose).toHaveBeenCalledOnce();
    expect(view.host.querySelector('dialog')).toBeNull();
    // Once the modal dialog is gone (while it is there, the rest of the page is inert).
    await waitUntil(() => expect(document.activeElement).toBe(view.before));
    expect(view.editor.openFile).not.toHaveBeenCalled();
  });

  it('shows at most 50 of many matches and says so', () => {
    const paths = Array.from({ length: 10_000 }, (_, i) => `pkg${i % 100}/module_${i}.py`);
    const view = mount({ paths });
    view.type('module');
    expect(view.options()).toHaveLength(50);
    expect(view.status()).toBe('Showing 50 of 10,000; type more to narrow.');
  });
});

describe('QuickOpenDialog as the command palette', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const registry = (list: Command[]) => {
    const commands = createCommandRegistry({
      settings: createMemoryStore().settings,
      onError: (error) => {
        throw error;
      },
    });
    commands.register(list);
    return commands;
  };
  const command = (title: string, more: Omit<Partial<Command>, 'run'> = {}) => ({
    id: title.toLowerCase().replace(/\W+/g, '.'),
    title,
    run: vi.fn() as Mock,
    ...more,
  });

  it('opened on ">" is a dialog named Command palette listing commands by title', () => {
    const commands = registry([
      command('Run the current file', { keys: { key: 'Enter', mod: true } }),
      command('New conversation'),
    ]);
    const view = mount({ paths: ['main.py'], commands, initial: '>' });
    expect(view.host.querySelector('dialog')!.getAttribute('aria-label')).toBe('Command palette');
    expect(view.input().getAttribute('aria-label')).toBe('Command');
    expect(view.input().value).toBe('>');
    expect(view.host.querySelector('[role="listbox"]')!.getAttribute('aria-label')).toBe(
      'Commands',
    );
    // Alphabetical with nothing used yet; the name is the title, the shortcut its own attribute.
    expect(view.labels()).toEqual(['New conversation', 'Run the current file']);
    const run = view.options()[1]!;
    expect(run.getAttribute('aria-keyshortcuts')).toBe('Control+Enter');
    expect([...run.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'Enter']);
  });

  it('typing ">" in Quick open switches to commands, deleting it back to files', () => {
    const view = mount({ paths: ['main.py'], commands: registry([command('Open settings')]) });
    expect(view.labels()).toEqual(['main.py']);
    view.type('>set');
    expect(view.host.querySelector('dialog')!.getAttribute('aria-label')).toBe('Command palette');
    expect(view.labels()).toEqual(['Open settings']);
    view.type('set');
    expect(view.host.querySelector('dialog')!.getAttribute('aria-label')).toBe('Quick open');
  });

  it('Enter closes the palette, gives the focus back, then runs the command and remembers it', async () => {
    const conversation = command('New conversation');
    const commands = registry([conversation, command('Toggle agent mode')]);
    const view = mount({ paths: [], commands, initial: '>' });
    await waitUntil(() => expect(document.activeElement).toBe(view.input()));
    view.type('>new conv');
    expect(view.selected()).toBe('New conversation');
    view.press('Enter');
    expect(view.onClose).toHaveBeenCalledOnce();
    await waitUntil(() => expect(conversation.run).toHaveBeenCalledOnce());
    expect(document.activeElement).toBe(view.before);
    expect(commands.recent()).toEqual(['new.conversation']);
    await settle();
  });

  it('lists a disabled command dimmed with why; Enter on it says why and keeps the palette', () => {
    const run = command('Run the current file', {
      disabledReason: () => 'Open a Python file (.py) to run it.',
    });
    const view = mount({ paths: [], commands: registry([run]), initial: '>run' });
    const option = view.options()[0]!;
    expect(option.getAttribute('aria-disabled')).toBe('true');
    const why = document.getElementById(option.getAttribute('aria-describedby')!);
    expect(why?.textContent).toBe('Open a Python file (.py) to run it.');
    view.press('Enter');
    expect(run.run).not.toHaveBeenCalled();
    expect(view.onClose).not.toHaveBeenCalled();
    expect(view.status()).toBe('Run the current file: Open a Python file (.py) to run it.');
  });

  it('Home and End go to the first and last command', () => {
    const view = mount({
      paths: [],
      commands: registry([command('Alpha'), command('Beta'), command('Gamma')]),
      initial: '>',
    });
    view.press('End');
    expect(view.selected()).toBe('Gamma');
    view.press('Home');
    expect(view.selected()).toBe('Alpha');
    // With Shift they stay the box's own (selecting its text).
    view.press('End', { shiftKey: true });
    expect(view.selected()).toBe('Alpha');
  });

  it('a shortcut pressed while open starts it over, on files or on commands', () => {
    const view = mount({ paths: ['main.py'], commands: registry([command('Open settings')]) });
    view.type('mai');
    view.restart('>');
    expect(view.input().value).toBe('>');
    expect(view.labels()).toEqual(['Open settings']);
    view.restart('');
    expect(view.input().value).toBe('');
    expect(view.labels()).toEqual(['main.py']);
  });

  it('says when no command matches', () => {
    const view = mount({ paths: [], commands: registry([command('Alpha')]), initial: '>' });
    view.type('>zzz');
    expect(view.options()).toHaveLength(0);
    expect(view.status()).toBe('No command matches “zzz”.');
  });
});
