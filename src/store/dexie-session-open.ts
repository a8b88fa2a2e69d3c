/**
 * Opening a conversation from IndexedDB without reading every message: the session row, its
 * outline (node-outline.ts) checked against the keys of its nodes, and the bodies of the
 * active path only. The outline is completed and written back when it was stale; that
 * write is a cache's and may fail without harm (the next open rebuilds it), so it is only
 * logged (the console's warnings reach the app log).
 */
import type { CoveDatabase } from './dexie-database';
import type { NodeCache } from './node-cache';
import {
  outlineOf,
  outlineRecord,
  pathTo,
  reconcileOutline,
  type NodeOutline,
} from './node-outline';
import type { NodeRecord, SessionRecord } from './records';
import type { OpenedSession } from './session-store';

export interface SessionOpenerDeps {
  readonly db: CoveDatabase;
  readonly nodeCache: NodeCache;
  /** Every node of a session, through the store (and its cache). */
  readonly nodes: (sessionId: string) => Promise<NodeRecord[]>;
  /** Stored nodes with their attachments' contents back (attachment-blobs.ts). */
  readonly hydrate: (nodes: NodeRecord[]) => Promise<NodeRecord[]>;
}

/**
 * Most nodes an outline may lack before every node is read instead: IndexedDB gets 200
 * nodes by key in about 6 ms but 10,000 in about 500, while reading all 10,000 at once
 * takes about 90 (Chromium, the reference machine).
 */
const MAX_MISSING = 200;

function fromNodes(session: SessionRecord | undefined, nodes: readonly NodeRecord[]) {
  return { session, outline: nodes, path: pathTo(nodes, session?.leafId ?? null) };
}

export function createSessionOpener(deps: SessionOpenerDeps) {
  const { db, nodeCache } = deps;

  /**
   * Reads what an open needs in one transaction, so a write in between cannot split it;
   * undefined when reading every node is the better way (see MAX_MISSING).
   */
  function read(sessionId: string) {
    return db.transaction('r', [db.sessions, db.outlines, db.nodes], async () => {
      const [session, row, keys] = await Promise.all([
        db.sessions.get(sessionId),
        db.outlines.get(sessionId),
        db.nodes.where('sessionId').equals(sessionId).primaryKeys(),
      ]);
      const plan = reconcileOutline(row, sessionId, keys as string[]);
      if (plan.missing.length > MAX_MISSING) return undefined;
      const added = plan.missing.length ? await db.nodes.bulkGet(plan.missing) : [];
      // A node the row guard set aside: the full read decides what the session holds.
      if (!added.every(Boolean)) return undefined;
      const outline: NodeOutline[] = [...plan.known, ...added.map((node) => outlineOf(node!))];
      const wanted = pathTo(outline, session?.leafId ?? null);
      const bodies = wanted.length ? await db.nodes.bulkGet(wanted.map((node) => node.id)) : [];
      // Each body must sit where the outline put it; a damaged outline that names a wrong
      // parent (or a body the row guard set aside) sends the open to the full read.
      if (!bodies.every((body, i) => body?.parentId === wanted[i]!.parentId)) return undefined;
      return { session, outline, path: bodies as NodeRecord[], stale: plan.stale };
    });
  }

  /** Stores the outline unless the session went meanwhile (no row outlives its session). */
  async function remember(sessionId: string, outline: readonly NodeOutline[]) {
    try {
      await db.transaction('rw', [db.sessions, db.outlines], async () => {
        if (await db.sessions.get(sessionId))
          await db.outlines.put(outlineRecord(sessionId, outline));
      });
    } catch (error) {
      console.warn(
        'Could not store the outline of a conversation (it is rebuilt next time)',
        error,
      );
    }
  }

  return async function open(sessionId: string): Promise<OpenedSession> {
    // Nodes this tab holds, or is reading already: no second read of the database, unless
    // the session's leaf is newer than them (a write between the two reads).
    const cached = nodeCache.get(sessionId) ?? (await nodeCache.pending(sessionId));
    if (cached) {
      const session = await db.sessions.get(sessionId);
      const leafId = session?.leafId ?? null;
      if (leafId === null || cached.some((node) => node.id === leafId))
        return fromNodes(session, cached);
    }
    const opened = await read(sessionId);
    if (opened) {
      if (opened.stale) void remember(sessionId, opened.outline);
      const path = await deps.hydrate(opened.path);
      return { session: opened.session, outline: opened.outline, path };
    }
    const nodes = await deps.nodes(sessionId);
    void remember(sessionId, nodes.map(outlineOf));
    return fromNodes(await db.sessions.get(sessionId), nodes);
  };
}
