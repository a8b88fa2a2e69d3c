import type { FileMeta } from '../store/records';
import { formatBytes } from './file-content';
import { buildFileTree, type TreeNode } from './file-tree';
import { isWithin } from './paths';

/** How much of a tree to show. */
export interface TreeListingOptions {
  /** Folder to list ('' for the workspace root); normalized. */
  root: string;
  /** Levels shown: 1 lists only the folder's own entries. Deeper folders are summarized. */
  depth: number;
  /** Lines of entries shown at most; the rest is counted in a closing note. */
  maxEntries: number;
  /** Characters of the tree shown at most (default: no limit besides maxEntries). */
  maxChars?: number;
}

export interface TreeListing {
  /** The indented tree: folders end in "/", files show their size. */
  text: string;
  files: number;
  folders: number;
  /** Entries written as lines (summarized and cut entries are not). */
  shown: number;
}

/**
 * An indented text tree of the entries under `options.root`, folders first, for a model or
 * a plain-text view. Works on a content-free listing. A folder at the depth limit shows how
 * many entries it holds instead of them.
 */
export function renderTreeListing(
  entries: readonly FileMeta[],
  options: TreeListingOptions,
): TreeListing {
  const inside = options.root
    ? entries.filter((entry) => entry.path !== options.root && isWithin(entry.path, options.root))
    : entries;
  const roots = buildFileTree(inside);
  const lines: string[] = [];
  let files = 0;
  let folders = 0;
  for (const entry of inside) {
    if (entry.kind === 'folder') folders++;
    else files++;
  }
  let cut = 0;
  let chars = 0;
  let full = false;
  const maxChars = options.maxChars ?? Infinity;
  /** Adds a line unless the tree is full; false when it was not added. */
  const push = (line: string) => {
    if (full || lines.length >= options.maxEntries || chars + line.length + 1 > maxChars) {
      full = true;
      return false;
    }
    lines.push(line);
    chars += line.length + 1;
    return true;
  };
  const counts = new Map<TreeNode, number>();
  const descendants = (node: TreeNode): number => {
    let count = counts.get(node);
    if (count === undefined) {
      count = node.children.reduce((sum, child) => sum + 1 + descendants(child), 0);
      counts.set(node, count);
    }
    return count;
  };
  const walk = (nodes: readonly TreeNode[], level: number) => {
    for (const node of nodes) {
      const indent = '  '.repeat(level);
      const inner = node.kind === 'folder' ? descendants(node) : 0;
      // A folder at the depth limit shows how much it holds instead of its entries.
      const collapsed = node.kind === 'folder' && inner > 0 && level + 1 >= options.depth;
      const line =
        node.kind === 'file'
          ? `${indent}${node.name} (${formatBytes(node.meta.size)})`
          : collapsed
            ? `${indent}${node.name}/ (${inner} ${inner === 1 ? 'entry' : 'entries'})`
            : `${indent}${node.name}/`;
      if (!push(line)) {
        cut += 1 + inner;
        continue;
      }
      if (node.kind === 'folder' && !collapsed) walk(node.children, level + 1);
    }
  };
  walk(roots, 0);
  const shown = lines.length;
  if (cut > 0) {
    lines.push(
      `… ${cut} more ${cut === 1 ? 'entry' : 'entries'} not shown; list a subfolder or use a lower depth.`,
    );
  }
  return { text: lines.join('\n'), files, folders, shown };
}
