import { createEffect, createMemo, createSignal, For, onCleanup, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { buildFileTree, visibleNodes, type TreeNode } from '../../workspace/file-tree';
import { isWithin, joinPath, parentOf } from '../../workspace/paths';
import { isPreviewable } from '../../workspace/preview/previewable';
import { useI18n } from '../common/i18n';
import { Icon } from '../common/icons';
import type { MenuItem } from '../common/Menu';
import { carriesFiles, readDroppedItems } from './incoming-files';
import type { TreeViewState } from './tree-view-state';

/** Data type used when dragging a tree item, so drops can tell moves from uploads. */
const TREE_DRAG_TYPE = 'application/x-cove-path';

export interface FileTreeCommands {
  rename(path: string): void;
  remove(path: string): void;
  download(path: string): void;
  newFile(folder: string): void;
  newFolder(folder: string): void;
  openMenu(items: MenuItem[], label: string, x: number, y: number, returnFocus?: HTMLElement): void;
}

/**
 * The workspace's files as an ARIA tree: arrows move and expand, Enter opens, F2 renames,
 * Delete deletes; items drag onto folders to move; files dropped from the computer upload
 * into the folder under the pointer. Selection and expanded folders live in `view`, which
 * keeps them per workspace; a path `view` asks to reveal is scrolled into view once its row
 * exists.
 */
export function FileTree(props: {
  services: AppServices;
  commands: FileTreeCommands;
  view: TreeViewState;
}) {
  const { workspaces, editor, fileActions } = props.services;
  const { t, formats } = useI18n();
  const [dropTarget, setDropTarget] = createSignal<string | undefined>();
  const expanded = () => props.view.expanded();
  const roots = createMemo(() => buildFileTree(workspaces.entries()));
  const rows = createMemo(() => visibleNodes(roots(), expanded()));
  /** The rows' paths: what identifies a row, so that a new listing keeps the rows built. */
  const rowPaths = createMemo(() => rows().map((node) => node.path));
  const rowsByPath = createMemo(() => new Map(rows().map((node) => [node.path, node])));
  const rowElements = new Map<string, HTMLElement>();

  const toggle = (path: string, open?: boolean) => props.view.toggle(path, open);
  const select = (path: string) => props.view.select(path);
  const focusRow = (path: string | undefined) => {
    if (!path) return;
    select(path);
    queueMicrotask(() => rowElements.get(path)?.focus());
  };
  const activate = (node: TreeNode) => {
    if (node.kind === 'folder') toggle(node.path);
    else void editor.openFile(node.path);
  };

  /** The folder a new item or drop goes into, given the selected or hovered row. */
  const folderOf = (path: string | undefined) => {
    if (!path) return '';
    const node = rows().find((r) => r.path === path);
    return node?.kind === 'folder' ? node.path : parentOf(path);
  };

  const menuFor = (node: TreeNode): MenuItem[] => {
    const items: MenuItem[] = [];
    if (node.kind === 'file')
      items.push({ label: 'Open', run: () => void editor.openFile(node.path) });
    if (node.kind === 'file' && isPreviewable(node.path))
      items.push({
        label: 'Open in preview',
        run: () => void props.services.preview.open(node.path),
      });
    items.push({ label: 'Rename or move…', run: () => props.commands.rename(node.path) });
    if (node.kind === 'file')
      items.push({ label: 'Download', run: () => props.commands.download(node.path) });
    const folder = folderOf(node.path);
    items.push({ label: 'New file here…', run: () => props.commands.newFile(folder) });
    items.push({ label: 'New folder here…', run: () => props.commands.newFolder(folder) });
    items.push({
      label: 'Add to knowledge',
      run: () => {
        props.services.search.setView('knowledge');
        void props.services.knowledge.add(node.path);
      },
    });
    items.push({ label: 'Delete…', danger: true, run: () => props.commands.remove(node.path) });
    return items;
  };

  const onKeyDown = (event: KeyboardEvent, node: TreeNode) => {
    const list = rows();
    const index = list.indexOf(node);
    switch (event.key) {
      case 'ArrowDown':
        focusRow(list[index + 1]?.path);
        break;
      case 'ArrowUp':
        focusRow(list[index - 1]?.path);
        break;
      case 'Home':
        focusRow(list[0]?.path);
        break;
      case 'End':
        focusRow(list[list.length - 1]?.path);
        break;
      case 'ArrowRight':
        if (node.kind === 'folder' && !expanded().has(node.path)) toggle(node.path, true);
        else if (node.kind === 'folder') focusRow(node.children[0]?.path);
        break;
      case 'ArrowLeft':
        if (node.kind === 'folder' && expanded().has(node.path)) toggle(node.path, false);
        else focusRow(parentOf(node.path) || undefined);
        break;
      case 'Enter':
      case ' ':
        activate(node);
        break;
      case 'F2':
        props.commands.rename(node.path);
        break;
      case 'Delete':
        props.commands.remove(node.path);
        break;
      case 'ContextMenu': {
        const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
        props.commands.openMenu(
          menuFor(node),
          `Actions for ${node.name}`,
          rect.left + 24,
          rect.bottom,
          event.currentTarget as HTMLElement,
        );
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const onDrop = async (event: DragEvent, folder: string) => {
    event.preventDefault();
    event.stopPropagation();
    setDropTarget(undefined);
    const transfer = event.dataTransfer;
    if (!transfer) return;
    const moving = transfer.getData(TREE_DRAG_TYPE);
    if (moving) {
      const target = joinPath(folder, moving.slice(moving.lastIndexOf('/') + 1));
      if (target === moving || isWithin(folder, moving)) return;
      try {
        await fileActions.move(moving, target);
        if (folder) toggle(folder, true);
      } catch (error) {
        props.services.notices.error(error, `Could not move ${moving}`);
      }
      return;
    }
    if (carriesFiles(transfer)) {
      const { files, refused } = await readDroppedItems(transfer);
      await fileActions.importFiles(files, { into: folder, refused });
      if (folder) toggle(folder, true);
    }
  };

  const dragOver = (event: DragEvent, folder: string) => {
    if (!event.dataTransfer) return;
    const types = event.dataTransfer.types;
    if (!types.includes(TREE_DRAG_TYPE) && !types.includes('Files')) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = types.includes('Files') ? 'copy' : 'move';
    setDropTarget(folder);
  };

  // A revealed path (e.g. a file just created in a collapsed folder) is scrolled to once the
  // listing holds it and its row exists; until then the request waits.
  createEffect(() => {
    const path = props.view.pendingReveal();
    if (!path || !rows().some((row) => row.path === path)) return;
    const row = rowElements.get(path);
    if (!row) return;
    row.scrollIntoView({ block: 'nearest' });
    props.view.revealed();
  });

  const focusable = () => {
    const list = rows();
    const selected = props.view.selected();
    return list.some((r) => r.path === selected) ? selected : list[0]?.path;
  };

  return (
    <div
      class="tree-scroll"
      classList={{ 'drop-root': dropTarget() === '' }}
      onDragOver={(event) => dragOver(event, '')}
      onDragLeave={() => setDropTarget(undefined)}
      onDrop={(event) => void onDrop(event, '')}
    >
      <Show when={rows().length} fallback={<p class="empty-state">{t('fileTree.empty')}</p>}>
        <ul class="tree" role="tree" aria-label={t('fileTree.label')}>
          <For each={rowPaths()}>
            {(path) => {
              // A row lives as long as its path is shown; a new listing (every save brings
              // one) updates it in place rather than building the row again.
              const node = createMemo<TreeNode>((last) => rowsByPath().get(path) ?? last!);
              return (
                <li
                  ref={(el) => {
                    rowElements.set(path, el);
                    onCleanup(() => rowElements.get(path) === el && rowElements.delete(path));
                  }}
                  role="treeitem"
                  aria-level={node().depth + 1}
                  aria-expanded={node().kind === 'folder' ? expanded().has(path) : undefined}
                  aria-selected={props.view.selected() === path}
                  aria-label={node().name}
                  title={
                    node().meta.binary
                      ? `${path} (${t('fileTree.binary', formats(), node().meta.size)})`
                      : path
                  }
                  tabIndex={focusable() === path ? 0 : -1}
                  class="tree-row"
                  classList={{
                    'drop-target': dropTarget() === path && node().kind === 'folder',
                    active: editor.activePath() === path,
                  }}
                  style={{ 'padding-left': `${0.5 + node().depth * 0.9}rem` }}
                  draggable={true}
                  onDragStart={(event) => {
                    event.dataTransfer?.setData(TREE_DRAG_TYPE, path);
                    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragOver={(event) =>
                    dragOver(event, node().kind === 'folder' ? path : parentOf(path))
                  }
                  onDrop={(event) =>
                    void onDrop(event, node().kind === 'folder' ? path : parentOf(path))
                  }
                  onClick={() => {
                    select(path);
                    activate(node());
                  }}
                  onFocus={() => select(path)}
                  onKeyDown={(event) => onKeyDown(event, node())}
                  onContextMenu={(event) => {
                    event.preventDefault();
                    select(path);
                    props.commands.openMenu(
                      menuFor(node()),
                      t('fileTree.actionsFor', node().name),
                      event.clientX,
                      event.clientY,
                      event.currentTarget,
                    );
                  }}
                >
                  <Show when={node().kind === 'folder'} fallback={<span class="tree-twisty" />}>
                    <Icon
                      name="chevron"
                      class="tree-twisty"
                      classList={{ open: expanded().has(path) }}
                    />
                  </Show>
                  <Icon
                    name={
                      node().kind === 'folder'
                        ? expanded().has(path)
                          ? 'folder-open'
                          : 'folder'
                        : 'file'
                    }
                  />
                  <span class="tree-name">{node().name}</span>
                  <Show when={props.view.selected() === path}>
                    <button
                      type="button"
                      class="icon-button tree-more"
                      aria-label={t('fileTree.actionsFor', node().name)}
                      aria-haspopup="menu"
                      tabIndex={-1}
                      onClick={(event) => {
                        event.stopPropagation();
                        const rect = event.currentTarget.getBoundingClientRect();
                        props.commands.openMenu(
                          menuFor(node()),
                          t('fileTree.actionsFor', node().name),
                          rect.left,
                          rect.bottom,
                          event.currentTarget,
                        );
                      }}
                    >
                      <Icon name="more" />
                    </button>
                  </Show>
                </li>
              );
            }}
          </For>
        </ul>
      </Show>
    </div>
  );
}
