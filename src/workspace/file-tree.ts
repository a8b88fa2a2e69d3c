import type { FileMeta } from '../store/records';
import { baseName, parentOf } from './paths';

/** One node of the file tree shown to people: folders first, then files, by name. */
export interface TreeNode {
  path: string;
  name: string;
  kind: 'file' | 'folder';
  depth: number;
  meta: FileMeta;
  children: TreeNode[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareNodes(a: TreeNode, b: TreeNode): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : 1);
}

/**
 * Builds the nested tree from a flat listing. An entry whose folder is missing from the
 * listing is placed at the root rather than dropped, so nothing stored is ever hidden.
 */
export function buildFileTree(entries: readonly FileMeta[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const meta of entries) {
    nodes.set(meta.path, {
      path: meta.path,
      name: baseName(meta.path),
      kind: meta.kind,
      depth: 0,
      meta,
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(parentOf(node.path));
    if (parent && parent.kind === 'folder') parent.children.push(node);
    else roots.push(node);
  }
  const finish = (list: TreeNode[], depth: number) => {
    list.sort(compareNodes);
    for (const node of list) {
      node.depth = depth;
      finish(node.children, depth + 1);
    }
  };
  finish(roots, 0);
  return roots;
}

/** The nodes a person sees, in order, given which folders are expanded. */
export function visibleNodes(
  roots: readonly TreeNode[],
  expanded: ReadonlySet<string>,
): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const node of list) {
      out.push(node);
      if (node.kind === 'folder' && expanded.has(node.path)) walk(node.children);
    }
  };
  walk(roots);
  return out;
}
