/**
 * What a person does with whole sessions and their branches, over the SessionStore: star,
 * fork from a message, duplicate, delete a branch (into Recently deleted), jump to a node
 * of the tree, export and import, and Recently deleted itself: list, restore, delete for
 * good, expire. The tree work is pure (session-tree-ops.ts, session-export.ts,
 * session-import.ts); every write here is one store transaction (invariant 4). No Solid, no
 * DOM: it runs under Node in tests.
 */
import type { Clock } from '../base/clock';
import { CoveError } from '../base/errors';
import { retryingImport } from '../base/retrying-import';
import type { NodeRecord, SessionRecord } from '../store/records';
import type { SessionStore } from '../store/session-store';
import type { TrashEntry, TrashStore } from '../store/trash-store';
import { exportFileName, exportSession, sessionMarkdown } from './session-export';
import { copyPath, copyTree, leafForJump, planBranchDelete } from './session-tree-ops';

// The import's checks (a JSON Schema validator among them) load with the first import, not
// with the page; the chunk is fetched again under a fresh URL after a failed load.
import { RECENTLY_DELETED_MS, trashExpiry } from './recently-deleted';

const loadSessionImport = retryingImport(() => import('./session-import'));

export { RECENTLY_DELETED_MS } from './recently-deleted';

/** A session as a file to download. */
export interface SessionFile {
  readonly name: string;
  readonly text: string;
  readonly type: string;
}

export interface SessionLibrary {
  /** Stars or unstars a session; its updatedAt stays (starring is not activity). */
  star(sessionId: string, starred: boolean): Promise<void>;
  /**
   * A new session holding the path from the root to `nodeId` (copied, with new ids), in
   * the same workspace and mode; its leaf is the copy of `nodeId`.
   */
  fork(sessionId: string, nodeId: string): Promise<SessionRecord>;
  /** A new session holding a copy of the whole tree, every branch, with new ids. */
  duplicate(sessionId: string): Promise<SessionRecord>;
  /**
   * Moves `nodeId` and everything under it to Recently deleted; when the active path ran
   * through it, the leaf moves to the nearest sibling's newest leaf (else the parent).
   * Restoring it shows the branch's conversation as it was shown then (or its newest).
   * Returns the entry.
   */
  deleteBranch(sessionId: string, nodeId: string): Promise<TrashEntry>;
  /** Makes the newest leaf under `nodeId` the session's leaf and returns it. */
  jumpTo(sessionId: string, nodeId: string): Promise<string | undefined>;
  /** The workspace's recently deleted conversations and branches, newest first. */
  recentlyDeleted(workspaceId: string): Promise<TrashEntry[]>;
  /**
   * Puts a recently deleted conversation or branch back as it was (same ids); see
   * TrashStore.restore for what it refuses. Returns the entry.
   */
  restoreDeleted(entryId: string): Promise<TrashEntry>;
  /** Deletes entries of Recently deleted for good (their checkpoints too). */
  deleteForGood(entryIds: readonly string[]): Promise<void>;
  /** Deletes for good what was deleted more than RECENTLY_DELETED_MS ago; returns how many. */
  purgeExpired(): Promise<number>;
  /** When an entry will be deleted for good, in milliseconds since the epoch. */
  expiresAt(entry: TrashEntry): number;
  /** The whole tree as JSON, for `importJson`. */
  exportJson(sessionId: string): Promise<SessionFile>;
  /** The active conversation as Markdown. */
  exportMarkdown(sessionId: string): Promise<SessionFile>;
  /**
   * Imports an exported session into `workspaceId` as a new session. Throws CoveError
   * `bad-import` (nothing written) for a file that is not a valid export, and the import
   * error as it is when its checks (loaded with the first import) cannot load.
   */
  importJson(text: string, workspaceId: string): Promise<SessionRecord>;
  /** Ids of the workspace's sessions whose title or messages contain `query`. */
  search(workspaceId: string, query: string): Promise<string[]>;
}

const gone = () =>
  new CoveError(
    'missing',
    'This conversation is gone.',
    'It may have been deleted in another tab; choose another one.',
  );

export function createSessionLibrary(deps: {
  sessions: SessionStore;
  trash: TrashStore;
  clock: Clock;
  newId: () => string;
}): SessionLibrary {
  const { sessions, trash, clock, newId } = deps;

  async function load(sessionId: string) {
    const [session, nodes] = await Promise.all([
      sessions.get(sessionId),
      sessions.nodes(sessionId),
    ]);
    if (!session) throw gone();
    return { session, nodes };
  }

  async function insertCopy(
    source: SessionRecord,
    title: string,
    copy: (sessionId: string) => { nodes: NodeRecord[]; leafId: string | null },
  ): Promise<SessionRecord> {
    const now = clock.now();
    const id = newId();
    const { nodes, leafId } = copy(id);
    const session: SessionRecord = {
      ...source,
      id,
      title,
      leafId,
      createdAt: now,
      updatedAt: now,
      starred: false,
    };
    await sessions.insert(session, nodes);
    return session;
  }

  return {
    star: (sessionId, starred) => sessions.update(sessionId, { starred }),
    async fork(sessionId, nodeId) {
      const { session, nodes } = await load(sessionId);
      if (!nodes.some((n) => n.id === nodeId)) throw gone();
      return insertCopy(session, `${session.title} (fork)`, (id) =>
        copyPath(nodes, nodeId, id, newId),
      );
    },
    async duplicate(sessionId) {
      const { session, nodes } = await load(sessionId);
      return insertCopy(session, `${session.title} (copy)`, (id) =>
        copyTree(nodes, session.leafId, id, newId),
      );
    },
    async deleteBranch(sessionId, nodeId) {
      const { session, nodes } = await load(sessionId);
      const plan = planBranchDelete(nodes, session.leafId, nodeId);
      if (!plan) throw gone();
      const shownInside = session.leafId !== null && plan.deleteIds.includes(session.leafId);
      const entry = await trash.moveBranch({
        id: newId(),
        sessionId,
        rootId: nodeId,
        nodeIds: plan.deleteIds,
        leafAfter: plan.leafId,
        leafOnRestore: shownInside ? session.leafId : (leafForJump(nodes, nodeId) ?? nodeId),
        deletedAt: clock.now(),
      });
      if (!entry) throw gone();
      return entry;
    },
    async jumpTo(sessionId, nodeId) {
      const leafId = leafForJump(await sessions.nodes(sessionId), nodeId);
      // Reading another branch does not make the session newer: only the leaf moves.
      if (leafId) await sessions.update(sessionId, { leafId });
      return leafId;
    },
    recentlyDeleted: (workspaceId) => trash.list(workspaceId),
    restoreDeleted: (entryId) => trash.restore(entryId),
    deleteForGood: (entryIds) => trash.delete(entryIds),
    purgeExpired: () => trash.purge(clock.now() - RECENTLY_DELETED_MS),
    expiresAt: trashExpiry,
    async exportJson(sessionId) {
      const { session, nodes } = await load(sessionId);
      return {
        name: exportFileName(session.title, 'json'),
        text: `${JSON.stringify(exportSession(session, nodes, clock.now()), null, 2)}\n`,
        type: 'application/json',
      };
    },
    async exportMarkdown(sessionId) {
      const { session, nodes } = await load(sessionId);
      return {
        name: exportFileName(session.title, 'md'),
        text: sessionMarkdown(session, nodes, clock.now()),
        type: 'text/markdown',
      };
    },
    async importJson(text, workspaceId) {
      const { parseSessionImport } = await loadSessionImport();
      const parsed = parseSessionImport(text, { workspaceId, newId });
      // Beside the conversation it came from, an import must not look like it.
      const titles = new Set((await sessions.list(workspaceId)).map((s) => s.title));
      const session = titles.has(parsed.session.title)
        ? { ...parsed.session, title: `${parsed.session.title} (imported)` }
        : parsed.session;
      await sessions.insert(session, parsed.nodes);
      return session;
    },
    search: (workspaceId, query) => sessions.search(workspaceId, query),
  };
}
