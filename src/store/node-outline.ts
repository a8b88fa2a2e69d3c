/**
 * The shape of a session's tree without message bodies: what opening a conversation needs
 * to find its active path and branch switchers. Reading 10,000 whole nodes from IndexedDB
 * costs about 90 ms on the reference machine (the cost is per row); one outline row and
 * the index's keys cost about 40 ms.
 *
 * The stored outline is a cache, never the truth: every open checks it against the keys
 * the nodes index holds (reconcileOutline), so no write has to keep it up to date and a
 * stale or damaged outline costs a read, never a wrong tree. That holds because a node's
 * id, parent, role and start time never change after it is stored.
 */
import type { NodeRole } from './records';

/** What the tree needs of a node. A NodeRecord is one. */
export interface NodeOutline {
  readonly id: string;
  readonly parentId: string | null;
  readonly role: NodeRole;
  readonly startedAt: number;
}

/** One row per session: parallel arrays, which IndexedDB reads far faster than objects. */
export interface OutlineRecord {
  sessionId: string;
  ids: string[];
  parentIds: (string | null)[];
  roles: NodeRole[];
  startedAt: number[];
}

const ROLES: ReadonlySet<string> = new Set<NodeRole>([
  'system',
  'user',
  'assistant',
  'tool',
  'compaction',
]);

/**
 * The nodes from a root to `leafId`, root first. A parent that is missing ends the path
 * there; a cycle (a damaged tree) is walked once.
 */
export function pathTo<N extends { readonly id: string; readonly parentId: string | null }>(
  nodes: readonly N[],
  leafId: string | null,
): N[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const path: N[] = [];
  const seen = new Set<string>();
  let current = leafId ? byId.get(leafId) : undefined;
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.push(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path.reverse();
}

export function outlineOf(node: NodeOutline): NodeOutline {
  return { id: node.id, parentId: node.parentId, role: node.role, startedAt: node.startedAt };
}

export function outlineRecord(sessionId: string, nodes: readonly NodeOutline[]): OutlineRecord {
  return {
    sessionId,
    ids: nodes.map((n) => n.id),
    parentIds: nodes.map((n) => n.parentId),
    roles: nodes.map((n) => n.role),
    startedAt: nodes.map((n) => n.startedAt),
  };
}

/** The nodes of a stored outline row; empty when the row is missing or damaged. */
function storedOutline(row: unknown, sessionId: string): NodeOutline[] {
  if (typeof row !== 'object' || row === null) return [];
  const { sessionId: owner, ids, parentIds, roles, startedAt } = row as Partial<OutlineRecord>;
  if (owner !== sessionId) return [];
  if (![ids, parentIds, roles, startedAt].every(Array.isArray)) return [];
  const count = ids!.length;
  if (parentIds!.length !== count || roles!.length !== count || startedAt!.length !== count)
    return [];
  const nodes: NodeOutline[] = [];
  for (let i = 0; i < count; i++) {
    const id = ids![i];
    const parentId = parentIds![i];
    const role = roles![i];
    const at = startedAt![i];
    const sound =
      typeof id === 'string' &&
      (parentId === null || typeof parentId === 'string') &&
      typeof role === 'string' &&
      ROLES.has(role) &&
      typeof at === 'number' &&
      Number.isFinite(at);
    // One damaged entry is read again from its node, like any entry the outline lacks.
    if (sound) nodes.push({ id, parentId, role, startedAt: at });
  }
  return nodes;
}

export interface OutlinePlan {
  /** Entries of the stored outline whose nodes are still stored. */
  readonly known: NodeOutline[];
  /** Stored nodes the outline lacks: read them to complete it. */
  readonly missing: string[];
  /** Whether the stored outline differs from the nodes stored (write the completed one). */
  readonly stale: boolean;
}

/**
 * Checks the stored outline `row` of `sessionId` against `storedIds`, the keys of the
 * session's nodes as stored now: entries of removed nodes go, nodes added since are named.
 */
export function reconcileOutline(
  row: unknown,
  sessionId: string,
  storedIds: readonly string[],
): OutlinePlan {
  const stored = new Set(storedIds);
  const outline = storedOutline(row, sessionId);
  const known: NodeOutline[] = [];
  const seen = new Set<string>();
  for (const node of outline) {
    if (stored.has(node.id) && !seen.has(node.id)) {
      known.push(node);
      seen.add(node.id);
    }
  }
  const missing = storedIds.filter((id) => !seen.has(id));
  // Entries dropped above (removed nodes, repeats, damage) or nodes added: write it anew.
  const ids = (row as Partial<OutlineRecord> | undefined)?.ids;
  const rowLength = Array.isArray(ids) ? ids.length : -1;
  return { known, missing, stale: missing.length > 0 || known.length !== rowLength };
}
