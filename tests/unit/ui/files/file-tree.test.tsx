// @vitest-environment jsdom
import { createRoot, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, expect, test } from 'vitest';
import type { AppServices } from '../../../../src/app/services';
import type { FileMeta } from '../../../../src/store/records';
import { FileTree, type FileTreeCommands } from '../../../../src/ui/files/FileTree';
import { createTreeViewState } from '../../../../src/ui/files/tree-view-state';

const meta = (path: string, version = 1, kind: FileMeta['kind'] = 'file'): FileMeta => ({
  workspaceId: 'w',
  path,
  kind,
  size: 10 * version,
  mtime: version,
  version,
  binary: false,
});

afterEach(() => {
  document.body.innerHTML = '';
});

function mount(initial: FileMeta[]) {
  const [entries, setEntries] = createSignal(initial);
  const services = {
    workspaces: { entries, current: () => ({ id: 'w', name: 'w' }) },
    editor: { activePath: () => undefined, openFile: async () => undefined },
    fileActions: {},
    notices: { error: () => undefined },
  } as unknown as AppServices;
  const commands = {} as FileTreeCommands;
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = createRoot((dispose) => {
    const view = createTreeViewState(() => 'w', entries);
    render(() => <FileTree services={services} commands={commands} view={view} />, host);
    return dispose;
  });
  const rows = () =>
    [...host.querySelectorAll<HTMLElement>('[role="treeitem"]')].map((row) => ({
      name: row.getAttribute('aria-label'),
      row,
    }));
  return { setEntries, rows, dispose };
}

test('a new listing keeps the rows it still shows and changes only what differs', () => {
  const tree = mount([meta('a.py'), meta('b.py'), meta('lib', 1, 'folder')]);
  const before = tree.rows();
  expect(before.map((r) => r.name)).toEqual(['lib', 'a.py', 'b.py']);

  // A save of a.py: the same paths, a new version of one. Every row stays the one built.
  tree.setEntries([meta('a.py', 2), meta('b.py'), meta('lib', 1, 'folder')]);
  const after = tree.rows();
  expect(after.map((r) => r.name)).toEqual(['lib', 'a.py', 'b.py']);
  after.forEach((r, i) => expect(r.row).toBe(before[i]!.row));

  // A new file and a deleted one: the others stay, in order.
  tree.setEntries([meta('a.py', 2), meta('c.py'), meta('lib', 1, 'folder')]);
  const next = tree.rows();
  expect(next.map((r) => r.name)).toEqual(['lib', 'a.py', 'c.py']);
  expect(next[0]!.row).toBe(before[0]!.row);
  expect(next[1]!.row).toBe(before[1]!.row);
  tree.dispose();
});

test('a path that turns from a file into a folder shows as a folder', () => {
  const tree = mount([meta('x')]);
  expect(tree.rows()[0]!.row.getAttribute('aria-expanded')).toBeNull();
  tree.setEntries([meta('x', 2, 'folder')]);
  expect(tree.rows()[0]!.row.getAttribute('aria-expanded')).toBe('false');
  tree.dispose();
});
