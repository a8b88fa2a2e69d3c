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
      if (lines.length >= options.maxEntries) {
        cut += 1 + descendants(node);
        continue;
      }
      const indent = '  '.repeat(level);
      if (node.kind === 'file') {
        lines.push(`${indent}${node.name} (${formatBytes(node.meta.size)})`);
        continue;
      }
      const inner = descendants(node);
      if (level + 1 >= options.depth && inner > 0) {
        lines.push(`${indent}${node.name}/ (${inner} ${inner === 1 ? 'entry' : 'entries'})`);
        continue;
      }
      lines.push(`${indent}${node.name}/`);
      walk(node.children, level + 1);
    }
  };
  walk(roots, 0);
  if (cut > 0) {
    lines.push(
      `… ${cut} more ${cut === 1 ? 'entry' : 'entries'} not shown; list a subfolder or use a lower depth.`,
    );
  }
  return { text: lines.join('\n'), files, folders, shown: lines.length - (cut > 0 ? 1 : 0) };
}
