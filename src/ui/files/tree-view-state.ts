import { createSignal, type Accessor } from 'solid-js';
import type { FileMeta } from '../../store/records';
import { ancestorsOf, parentOf } from '../../workspace/paths';

/** What the file tree shows in one workspace. */
interface WorkspaceTreeView {
  readonly selected: string | undefined;
  readonly expanded: ReadonlySet<string>;
}

const EMPTY_VIEW: WorkspaceTreeView = { selected: undefined, expanded: new Set() };

/**
 * The file tree's selection and expanded folders, kept apart for each workspace: what is
 * selected in one workspace never decides where a new file, an upload or a zip goes in
 * another. Switching back finds the tree as it was left. In memory only.
 */
export interface TreeViewState {
  /** The selected path in the current workspace (it may not exist yet or any more). */
  readonly selected: Accessor<string | undefined>;
  /** The expanded folders of the current workspace. */
  readonly expanded: Accessor<ReadonlySet<string>>;
  /** A path that {@link reveal} asked to show; the tree scrolls to it, then calls `revealed`. */
  readonly pendingReveal: Accessor<string | undefined>;
  select(path: string | undefined): void;
  /** Opens or closes a folder; without `open`, flips it. */
  toggle(folder: string, open?: boolean): void;
  /** Expands every folder above `path`, selects it and asks the tree to scroll to it. */
  reveal(path: string): void;
  /** The tree has scrolled the pending path into view. */
  revealed(): void;
  /** The folder that "New file", uploads and zip imports go into ('' for the root). */
  targetFolder(): string;
}

/**
 * The folder new items go into: the selected folder itself, the folder of a selected file,
 * or the root when nothing is selected or the selection is not in `entries` (deleted, or
 * from another workspace).
 */
export function folderForNewItems(
  selected: string | undefined,
  entries: readonly FileMeta[],
): string {
  if (!selected) return '';
  const entry = entries.find((e) => e.path === selected);
  if (!entry) return '';
  return entry.kind === 'folder' ? entry.path : parentOf(entry.path);
}

/** Tree view state over the current workspace's id and entries. */
export function createTreeViewState(
  workspaceId: Accessor<string | undefined>,
  entries: Accessor<FileMeta[]>,
): TreeViewState {
  const [views, setViews] = createSignal<ReadonlyMap<string, WorkspaceTreeView>>(new Map());
  const [pendingReveal, setPendingReveal] = createSignal<string>();

  const view = () => views().get(workspaceId() ?? '') ?? EMPTY_VIEW;
  const update = (change: (view: WorkspaceTreeView) => WorkspaceTreeView) => {
    const id = workspaceId();
    if (id === undefined) return;
    const next = new Map(views());
    next.set(id, change(next.get(id) ?? EMPTY_VIEW));
    setViews(next);
  };

  return {
    selected: () => view().selected,
    expanded: () => view().expanded,
    pendingReveal,
    select(path) {
      if (view().selected !== path) update((v) => ({ ...v, selected: path }));
    },
    toggle(folder, open) {
      update((v) => {
        const expanded = new Set(v.expanded);
        if (open ?? !expanded.has(folder)) expanded.add(folder);
        else expanded.delete(folder);
        return { ...v, expanded };
      });
    },
    reveal(path) {
      update((v) => ({ selected: path, expanded: new Set([...v.expanded, ...ancestorsOf(path)]) }));
      setPendingReveal(path);
    },
    revealed() {
      setPendingReveal(undefined);
    },
    targetFolder: () => folderForNewItems(view().selected, entries()),
  };
}
