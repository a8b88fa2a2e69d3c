/**
 * Pure operations that reshape a session tree (docs/ARCHITECTURE.md, "Data model"): delete a
 * branch, copy the path to a message into a new session (fork), copy a whole tree
 * (duplicate), and the leaf that jumping to a node makes active. They return plans (new rows,
 * ids to delete, the leaf); the caller writes them in one transaction.
 *
 * Like session-tree.ts, every function tolerates a damaged tree (a missing parent, a cycle):
 * it stops walking rather than looping. Each works in time linear in the number of nodes.
 */
import type { NodeRecord } from '../store/records';
import { activePath, newestLeaf, type TreeNode } from './session-tree';

/** Children of every node, by parent id (roots under null), in the order given. */
export function childrenIndex<N extends TreeNode>(nodes: readonly N[]): Map<string | null, N[]> {
  const children = new Map<string | null, N[]>();
  for (const node of nodes) {
    const list = children.get(node.parentId);
    if (list) list.push(node);
    else children.set(node.parentId, [node]);
  }
  return children;
}

/** The ids of `nodeId` and everything under it; empty when `nodeId` is not in `nodes`. */
export function subtreeIds(nodes: readonly TreeNode[], nodeId: string): Set<string> {
  const ids = new Set<string>();
  if (!nodes.some((node) => node.id === nodeId)) return ids;
  const children = childrenIndex(nodes);
  const stack = [nodeId];
  while (stack.length) {
    const id = stack.pop()!;
    if (ids.has(id)) continue;
    ids.add(id);
    for (const child of children.get(id) ?? []) stack.push(child.id);
  }
  return ids;
}

/** What deleting a branch does: the nodes that go and where the session's leaf goes. */
export interface BranchDeletePlan {
  /** The node and its whole subtree. */
  readonly deleteIds: readonly string[];
  /**
   * The leaf afterwards: unchanged when it was outside the branch; otherwise the newest leaf
   * under the nearest sibling (the one before, else the one after), else the parent.
   */
  readonly leafId: string | null;
}

/**
 * Plans deleting `nodeId` and its subtree from a session whose leaf is `leafId`. Undefined
 * when `nodeId` is not in `nodes`.
 */
export function planBranchDelete(
  nodes: readonly TreeNode[],
  leafId: string | null,
  nodeId: string,
): BranchDeletePlan | undefined {
  const node = nodes.find((n) => n.id === nodeId);
  if (!node) return undefined;
  const doomed = subtreeIds(nodes, nodeId);
  const deleteIds = [...doomed];
  if (leafId === null || !doomed.has(leafId)) return { deleteIds, leafId };
  const siblings = nodes
    .filter((n) => n.parentId === node.parentId)
    .sort((a, b) => a.startedAt - b.startedAt);
  const index = siblings.findIndex((n) => n.id === nodeId);
  const sibling = siblings[index - 1] ?? siblings[index + 1];
  if (sibling) {
    const rest = nodes.filter((n) => !doomed.has(n.id));
    return { deleteIds, leafId: newestLeaf(rest, sibling.id)?.id ?? sibling.id };
  }
  return { deleteIds, leafId: node.parentId };
}

/**
 * The leaf to make active when a person picks `nodeId` in the tree view: the newest leaf
 * under it, so the rest of that branch's conversation comes with it. Undefined for an
 * unknown node.
 */
export function leafForJump(nodes: readonly TreeNode[], nodeId: string): string | undefined {
  return newestLeaf(nodes, nodeId)?.id;
}

/** A copy of some nodes into another session, with new ids. */
export interface CopiedNodes {
  readonly nodes: NodeRecord[];
  /** The copy of the leaf asked for (null when nothing was copied). */
  readonly leafId: string | null;
}

/** Copies `source` into `sessionId` with fresh ids, rewiring parents through the map. */
function copyWithNewIds(
  source: readonly NodeRecord[],
  sessionId: string,
  newId: () => string,
): { nodes: NodeRecord[]; ids: Map<string, string> } {
  const ids = new Map(source.map((node) => [node.id, newId()]));
  const nodes = source.map((node) => ({
    ...structuredClone(node),
    id: ids.get(node.id)!,
    sessionId,
    // A parent outside the copy (a damaged tree) makes the copy a root rather than dangle.
    parentId: node.parentId !== null ? (ids.get(node.parentId) ?? null) : null,
    // A reply still streaming in the source is not streaming in the copy.
    status: node.status === 'streaming' ? 'interrupted' : node.status,
    // A compaction names the first node it keeps: the copy names that node's copy.
    ...(node.compaction
      ? {
          compaction: {
            ...structuredClone(node.compaction),
            firstKeptId: node.compaction.firstKeptId
              ? (ids.get(node.compaction.firstKeptId) ?? null)
              : null,
          },
        }
      : {}),
  }));
  return { nodes, ids };
}

/**
 * The path from the root to `nodeId` (included) copied into session `sessionId` with new
 * ids, for a fork: the copy of `nodeId` is the new session's leaf. Empty for an unknown node.
 */
export function copyPath(
  nodes: readonly NodeRecord[],
  nodeId: string,
  sessionId: string,
  newId: () => string,
): CopiedNodes {
  const path = activePath(nodes, nodeId);
  if (!path.length) return { nodes: [], leafId: null };
  const copy = copyWithNewIds(path, sessionId, newId);
  return { nodes: copy.nodes, leafId: copy.ids.get(nodeId) ?? null };
}

/**
 * Every node copied into session `sessionId` with new ids (a duplicate); the copy of
 * `leafId` is the leaf (null when the leaf was null or unknown).
 */
export function copyTree(
  nodes: readonly NodeRecord[],
  leafId: string | null,
  sessionId: string,
  newId: () => string,
): CopiedNodes {
  const copy = copyWithNewIds(nodes, sessionId, newId);
  return { nodes: copy.nodes, leafId: (leafId && copy.ids.get(leafId)) ?? null };
}
