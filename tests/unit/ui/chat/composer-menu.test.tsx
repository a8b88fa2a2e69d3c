// @vitest-environment jsdom
import { createRoot, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { waitUntil } from '../../support/wait-until';
import { ManualClock } from '../../../../src/base/clock';
import type { AppServices } from '../../../../src/app/services';
import { createWorkspaceService } from '../../../../src/app/workspace-service';
import { createMemoryStore } from '../../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import { ComposerMenu, createComposerMenu } from '../../../../src/ui/chat/ComposerMenu';
import type { McpComposerState } from '../../../../src/ui/chat/McpComposer';

beforeAll(() => {
  // jsdom lays nothing out; the menu scrolls the chosen option into view.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** The menu over a real workspace; the chat, sessions and notices record what they are asked. */
async function mount() {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  await workspaces.create('Mentions');
  const files = workspaces.files()!;
  await files.write('main.py', 'def greet():\n    return "hi"\n');
  await files.write('src/util.py', 'class Shape:\n    def area(self):\n        return 0\n');
  await waitUntil(() => expect(workspaces.entries().length).toBe(3));

  const asked: string[] = [];
  const notices: string[] = [];
  const [draft, setDraft] = createSignal('');
  const services = {
    chat: {
      messages: () => [{ id: 'm1' }],
      busy: () => false,
      draft,
      setDraft,
      send: async (text: string) => void asked.push(`send ${text}`),
      newSession: () => void asked.push('new session'),
    },
    notices: { show: (notice: { text: string }) => void notices.push(notice.text) },
    sessions: { forkFrom: async (id: string) => void asked.push(`fork ${id}`) },
    editor: { hasUnsavedText: () => false, saveAll: async () => {} },
    workspaces,
  } as unknown as AppServices;
  const mcp = {
    available: () => false,
    composer: { offers: async () => [] },
  } as unknown as McpComposerState;

  const box = document.createElement('textarea');
  document.body.append(box);
  const host = document.createElement('div');
  document.body.append(host);
  const menu = createRoot(() =>
    createComposerMenu({ services, mcp, input: () => box, send: () => asked.push('send') }),
  );
  render(() => <ComposerMenu state={menu} />, host);

  /** Types `text` as the box's whole value, the caret at its end. */
  const type = (text: string) => {
    box.value = text;
    box.setSelectionRange(text.length, text.length);
    menu.follow();
  };
  const press = (key: string) => menu.onKeyDown(new KeyboardEvent('keydown', { key }));
  const options = () =>
    [...host.querySelectorAll('[role="option"]')].map((o) => o.getAttribute('aria-label'));
  return { box, menu, type, press, options, asked, notices, draft, files };
}

test('@ lists matching files and symbols; Enter attaches the chosen one and closes the menu', async () => {
  const { box, menu, type, press, options, draft, files } = await mount();
  type('Explain @mai');
  await waitUntil(() => expect(options()).toEqual(['main.py']));
  expect(listbox().getAttribute('aria-label')).toBe('Files, folders and symbols');
  expect(menu.activeId()).toBe('composer-menu-option-0');
  expect(press('Enter')).toBe(true);
  await waitUntil(() => expect(menu.attachments().map((a) => a.name)).toEqual(['main.py']));
  expect(box.value).toBe('Explain @main.py ');
  expect(draft()).toBe('Explain @main.py ');
  expect(menu.open()).toBe(false);
  expect(menu.attachments()[0]!.text).toContain('def greet():');

  type('Explain @main.py @area');
  await waitUntil(() => expect(options()).toEqual(['Shape.area']));
  press('Tab');
  await waitUntil(() => expect(menu.attachments()).toHaveLength(2));
  expect(menu.attachments()[1]!.name).toBe('src/util.py:2 area');
  expect(box.value).toBe('Explain @main.py @src/util.py:2 ');

  // Sent, a mention is read again: the file as it is then.
  await files.write('main.py', 'def greet():\n    return "hello"\n');
  const sent = await menu.readNow();
  expect(sent[0]!.text).toContain('return "hello"');
  expect(menu.attachments()[0]!.text).toContain('return "hi"');

  menu.removeMention(menu.attachments()[0]!);
  expect(menu.attachments().map((a) => a.name)).toEqual(['src/util.py:2 area']);
});

test('arrows move the choice; Escape closes and leaves the text; typing on keeps it closed', async () => {
  const { box, menu, type, press, options } = await mount();
  type('see @');
  await waitUntil(() =>
    expect(options()).toEqual(['main.py', 'src/', 'src/util.py', 'greet', 'Shape', 'Shape.area']),
  );
  press('ArrowDown');
  expect(menu.activeId()).toBe('composer-menu-option-1');
  press('ArrowUp');
  press('ArrowUp');
  expect(menu.activeId()).toBe('composer-menu-option-5');
  expect(press('Escape')).toBe(true);
  expect(menu.open()).toBe(false);
  expect(box.value).toBe('see @');
  type('see @m');
  expect(menu.open()).toBe(false);
  // A new trigger opens it again.
  type('see @m and @');
  expect(menu.open()).toBe(true);
});

test('an email address and a slash mid-sentence open nothing', async () => {
  const { menu, type } = await mount();
  type('mail me@exa');
  expect(menu.open()).toBe(false);
  type('either and/or');
  expect(menu.open()).toBe(false);
});

test('/comp and Enter runs /compact and takes the command out of the box; /fork forks at the last message', async () => {
  const { box, type, press, options, asked } = await mount();
  type('/comp');
  await waitUntil(() => expect(options()).toEqual(['/compact']));
  expect(listbox().getAttribute('aria-label')).toBe('Commands');
  press('Enter');
  expect(asked).toEqual(['send /compact']);
  expect(box.value).toBe('');
  type('/fo');
  press('Enter');
  expect(asked.at(-1)).toBe('fork m1');
  type('/clear');
  press('Enter');
  expect(asked.at(-1)).toBe('new session');
});

/** The listbox shown. */
const listbox = () => document.querySelector('[role="listbox"]')!;
