/**
 * A session is a tree of messages (docs/ARCHITECTURE.md, "Data model"): the path from the
 * session's leaf up to the root is the active conversation; regenerating a reply or editing
 * a question adds a sibling, and switching branches moves the leaf. These are the pure
 * functions over that tree. Nothing here writes: the caller persists the leaf it returns.
 *
 * Every function tolerates a damaged tree (a missing parent, a cycle, duplicate ids from an
 * old import): it stops walking rather than looping or throwing.
 */
import { pathTo } from '../store/node-outline';

/** The part of a stored node the tree needs. */
export interface TreeNode {
  readonly id: string;
  /** null for a root; a session may have several roots (an edited first question). */
  readonly parentId: string | null;
  /** Milliseconds since the epoch; orders siblings and picks the newest leaf. */
  readonly startedAt: number;
}

/** Where a node stands among its siblings, for a "2 / 3" switcher. */
export interface BranchPosition {
  /** 0-based index of the node among its siblings, oldest first. */
  readonly index: number;
  /** Number of siblings, the node included (at least 1). */
  readonly count: number;
  /** The sibling before it, if any. */
  readonly previousId: string | undefined;
  /** The sibling after it, if any. */
  readonly nextId: string | undefined;
}

/** Oldest first; equal times keep the order the nodes were given in (a stable sort). */
function byAge<N extends TreeNode>(nodes: readonly N[]): N[] {
  return [...nodes].sort((a, b) => a.startedAt - b.startedAt);
}

/**
 * The path from `leafId` up to the root, root first. Stops at a cycle or a missing parent.
 * The store opens a session by the same walk, so it lives there.
 */
export const activePath = pathTo;

/** A node list's nodes by id and children by parent id (oldest first), built once per list. */
interface TreeIndex {
  readonly length: number;
  readonly byId: Map<string, TreeNode>;
  readonly children: Map<string | null, TreeNode[]>;
}

/**
 * Indexes of node lists, by list identity. Showing a path asks where each of its messages
 * stands among its siblings: with an index built once per list that is linear in the tree,
 * not the size of the tree per message (quadratic for a long path in a large tree). A list
 * that grew or shrank since (same array, new length) is indexed again.
 */
const indexes = new WeakMap<readonly TreeNode[], TreeIndex>();

function indexOf(nodes: readonly TreeNode[]): TreeIndex {
  const cached = indexes.get(nodes);
  if (cached && cached.length === nodes.length) return cached;
  const byId = new Map<string, TreeNode>();
  const children = new Map<string | null, TreeNode[]>();
  for (const node of nodes) {
    if (!byId.has(node.id)) byId.set(node.id, node);
    const list = children.get(node.parentId);
    if (list) list.push(node);
    else children.set(node.parentId, [node]);
  }
  for (const [parent, list] of children) children.set(parent, byAge(list));
  const index = { length: nodes.length, byId, children };
  indexes.set(nodes, index);
  return index;
}

/** The children of `parentId` (the roots for null), oldest first. */
export function childrenOf<N extends TreeNode>(nodes: readonly N[], parentId: string | null): N[] {
  return [...((indexOf(nodes).children.get(parentId) ?? []) as N[])];
}

/**
 * The node and its siblings (nodes with the same parent), oldest first. Empty when `nodeId`
 * is not in `nodes`.
 */
export function siblingsOf<N extends TreeNode>(nodes: readonly N[], nodeId: string): N[] {
  const node = indexOf(nodes).byId.get(nodeId);
  return node ? childrenOf(nodes, node.parentId) : [];
}

/** Where `nodeId` stands among its siblings; undefined when it is not in `nodes`. */
export function branchPosition(
  nodes: readonly TreeNode[],
  nodeId: string,
): BranchPosition | undefined {
  const siblings = siblingsOf(nodes, nodeId);
  const index = siblings.findIndex((n) => n.id === nodeId);
  if (index < 0) return undefined;
  return {
    index,
    count: siblings.length,
    previousId: siblings[index - 1]?.id,
    nextId: siblings[index + 1]?.id,
  };
}

/**
 * The most recently started leaf in the subtree of `nodeId` (the node itself when it has no
 * children): where the conversation of that branch last stood. Undefined when `nodeId` is
 * not in `nodes`. Of leaves started at the same time, the deepest, then the last given wins.
 */
export function newestLeaf<N extends TreeNode>(nodes: readonly N[], nodeId: string): N | undefined {
  const start = nodes.find((n) => n.id === nodeId);
  if (!start) return undefined;
  const children = new Map<string, N[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  let best: { node: N; depth: number } | undefined;
  const seen = new Set<string>();
  const stack: { node: N; depth: number }[] = [{ node: start, depth: 0 }];
  while (stack.length) {
    const entry = stack.pop()!;
    if (seen.has(entry.node.id)) continue;
    seen.add(entry.node.id);
    const kids = (children.get(entry.node.id) ?? []).filter((kid) => !seen.has(kid.id));
    if (kids.length === 0) {
      const newer =
        !best ||
        entry.node.startedAt > best.node.startedAt ||
        (entry.node.startedAt === best.node.startedAt && entry.depth >= best.depth);
      if (newer) best = entry;
      continue;
    }
    // Pushed newest first so that, of equal times, the one given last is visited last.
    for (const kid of [...kids].reverse()) stack.push({ node: kid, depth: entry.depth + 1 });
  }
  return best?.node;
}

/**
 * The leaf to make active when a person picks `siblingId` in a branch switcher: the newest
 * leaf under that sibling, so the rest of its conversation comes back with it. Undefined
 * when `siblingId` is not in `nodes`.
 */
export function leafForBranch(nodes: readonly TreeNode[], siblingId: string): string | undefined {
  return newestLeaf(nodes, siblingId)?.id;
}

/**
 * The sibling one step `direction` from `nodeId`, and the leaf that switching to it makes
 * active. Undefined at either end of the siblings or for an unknown node.
 */
export function switchBranch(
  nodes: readonly TreeNode[],
  nodeId: string,
  direction: 'previous' | 'next',
): { siblingId: string; leafId: string } | undefined {
  const position = branchPosition(nodes, nodeId);
  const siblingId = direction === 'previous' ? position?.previousId : position?.nextId;
  if (!siblingId) return undefined;
  const leafId = leafForBranch(nodes, siblingId);
  return leafId ? { siblingId, leafId } : undefined;
}

/**
 * Where a new message goes when the last message shown is `shownId` and the session's leaf
 * is `leafId`: under the leaf when only hidden nodes (tool results, which the conversation
 * shows inside their call's chips) follow the shown message on the path, so those results
 * stay in what the model reads; else under the shown message (the person is looking at an
 * earlier point, and the message starts a branch there).
 */
export function replyParent<N extends TreeNode & { readonly role: string }>(
  nodes: readonly N[],
  shownId: string | undefined,
  leafId: string | null,
): string | undefined {
  if (!shownId || !leafId) return shownId;
  const path = activePath(nodes, leafId);
  const at = path.findIndex((node) => node.id === shownId);
  if (at < 0) return shownId;
  const hiddenOnly = path.slice(at + 1).every((node) => node.role === 'tool');
  return hiddenOnly ? leafId : shownId;
}
