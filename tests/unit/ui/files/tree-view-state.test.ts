import { createRoot, createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { FileMeta } from '../../../../src/store/records';
import { createTreeViewState, folderForNewItems } from '../../../../src/ui/files/tree-view-state';

const entry = (path: string, kind: 'file' | 'folder'): FileMeta =>
  ({ path, kind, size: 0, mtime: 0, version: 1 }) as FileMeta;

const welcome = [
  entry('src', 'folder'),
  entry('src/updir', 'folder'),
  entry('src/updir/a.py', 'file'),
  entry('main.py', 'file'),
];

describe('folderForNewItems', () => {
  it('is the selected folder, or the folder of the selected file', () => {
    expect(folderForNewItems('src/updir', welcome)).toBe('src/updir');
    expect(folderForNewItems('src/updir/a.py', welcome)).toBe('src/updir');
    expect(folderForNewItems('main.py', welcome)).toBe('');
  });

  it('is the root when nothing is selected or the selection is not in this workspace', () => {
    expect(folderForNewItems(undefined, welcome)).toBe('');
    expect(folderForNewItems('src/updir', [])).toBe('');
    expect(folderForNewItems('src/updir/a.py', [entry('main.py', 'file')])).toBe('');
  });
});

function setup() {
  return createRoot((dispose) => {
    const [workspace, setWorkspace] = createSignal<string | undefined>('welcome');
    const [entries, setEntries] = createSignal<FileMeta[]>(welcome);
    const view = createTreeViewState(workspace, entries);
    const open = (id: string, files: FileMeta[]) => {
      setWorkspace(id);
      setEntries(files);
    };
    return { view, open, dispose };
  });
}

describe('tree view state', () => {
  it('keeps the selection and expanded folders of each workspace apart', () => {
    const { view, open, dispose } = setup();
    view.toggle('src', true);
    view.select('src/updir');
    expect(view.targetFolder()).toBe('src/updir');

    open('empty', []);
    expect(view.selected()).toBeUndefined();
    expect(view.expanded().size).toBe(0);
    expect(view.targetFolder()).toBe('');

    open('welcome', welcome);
    expect(view.selected()).toBe('src/updir');
    expect([...view.expanded()]).toEqual(['src']);
    expect(view.targetFolder()).toBe('src/updir');
    dispose();
  });

  it('reveals a path: opens its folders, selects it and asks once to scroll to it', () => {
    const { view, dispose } = setup();
    view.reveal('src/updir/a.py');
    expect(view.selected()).toBe('src/updir/a.py');
    expect([...view.expanded()].sort()).toEqual(['src', 'src/updir']);
    expect(view.pendingReveal()).toBe('src/updir/a.py');
    view.revealed();
    expect(view.pendingReveal()).toBeUndefined();
    dispose();
  });

  it('toggles a folder, or sets it open or closed', () => {
    const { view, dispose } = setup();
    view.toggle('src');
    expect(view.expanded().has('src')).toBe(true);
    view.toggle('src');
    expect(view.expanded().has('src')).toBe(false);
    view.toggle('src', false);
    expect(view.expanded().has('src')).toBe(false);
    dispose();
  });
});
