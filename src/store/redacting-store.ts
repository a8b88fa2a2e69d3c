/**
 * The store as every layer above sees it: conversations and traces go in and come out
 * without the secrets Cove knows (RELIABILITY.md invariant 8). A server may echo a key or
 * a token in an error or a result (a provider's 401, an MCP tool's failure); whatever layer
 * carried it, it is removed here, on the way into IndexedDB and, for rows stored before
 * this existed, on the way out to the screen, exports and backups.
 *
 * Redacted: sessions and their nodes (every string field: content, reasoning, tool calls,
 * errors, effects), runs and their steps, and the same rows in snapshots and restores.
 * Untouched: files and checkpoints (the person's work, byte for byte: invariant 14),
 * settings (the secrets themselves live there, encrypted), the change feed, the set-aside
 * rows (kept exactly as stored), and the log, which redacts its own entries. Recently
 * deleted entries hold rows that were redacted on the way in; what they show is redacted
 * on the way out.
 */
import type { SecretRedactor } from '../base/redact-credentials';
import type { CoveStore } from './cove-store';
import type { RunStore } from './run-store';
import type { SessionStore } from './session-store';
import type { StoreSnapshot } from './snapshot';
import type { TrashStore } from './trash-store';

/** `store` with conversations and traces passed through `redactor` both ways. */
export function createRedactingStore(store: CoveStore, redactor: SecretRedactor): CoveStore {
  const sessions = redactingSessions(store.sessions, redactor);
  const runs = redactingRuns(store.runs, redactor);
  const redactSnapshot = (snapshot: StoreSnapshot): StoreSnapshot => ({
    ...snapshot,
    sessions: redactor.redact(snapshot.sessions),
    nodes: redactor.redact(snapshot.nodes),
  });
  return {
    workspaces: store.workspaces,
    files: store.files,
    settings: store.settings,
    sessions,
    checkpoints: store.checkpoints,
    runs,
    logs: store.logs,
    setAside: store.setAside,
    // Conversation titles are shown: redacted like the sessions they come from.
    usage: { usage: async () => redactor.redact(await store.usage.usage()) },
    trash: redactingTrash(store.trash, redactor),
    knowledge: store.knowledge,
    changes: store.changes,
    snapshot: async (options) => redactSnapshot(await store.snapshot(options)),
    restore: (snapshot) => store.restore(redactSnapshot(snapshot)),
    estimate: () => store.estimate(),
    close: () => store.close(),
  };
}

function redactingSessions(inner: SessionStore, redactor: SecretRedactor): SessionStore {
  const r = <T>(value: T) => redactor.redact(value);
  return {
    list: async (workspaceId) => r(await inner.list(workspaceId)),
    get: async (id) => r(await inner.get(id)),
    put: (session) => inner.put(r(session)),
    update: (id, patch) => inner.update(id, r(patch)),
    delete: (id) => inner.delete(id),
    nodes: async (sessionId) => r(await inner.nodes(sessionId)),
    async open(sessionId) {
      // The outline holds ids, roles and times only: nothing of it is ever secret.
      const opened = await inner.open(sessionId);
      return { ...opened, session: r(opened.session), path: r(opened.path) };
    },
    append: (node, updatedAt) => inner.append(r(node), updatedAt),
    updateNode: (id, patch) => inner.updateNode(id, r(patch)),
    streamingNodes: async () => r(await inner.streamingNodes()),
    insert: (session, nodes) => inner.insert(r(session), r(nodes)),
    removeNodes: (sessionId, ids, leafId) => inner.removeNodes(sessionId, ids, leafId),
    search: (workspaceId, query) => inner.search(workspaceId, query),
  };
}

function redactingRuns(inner: RunStore, redactor: SecretRedactor): RunStore {
  const r = <T>(value: T) => redactor.redact(value);
  return {
    save: (run, steps) => inner.save(r(run), r(steps)),
    list: async (limit) => r(await inner.list(limit)),
    get: async (id) => r(await inner.get(id)),
    listRunning: async () => r(await inner.listRunning()),
    markInterrupted: (ids, now) => inner.markInterrupted(ids, now),
    delete: (id) => inner.delete(id),
    deleteSession: (sessionId) => inner.deleteSession(sessionId),
    prune: (keep) => inner.prune(keep),
  };
}

/** Entries carry a title and the start of a message: shown without what Cove knows is secret. */
function redactingTrash(inner: TrashStore, redactor: SecretRedactor): TrashStore {
  const r = <T>(value: T) => redactor.redact(value);
  return {
    moveSession: async (id, sessionId, deletedAt) =>
      r(await inner.moveSession(id, sessionId, deletedAt)),
    moveBranch: async (removal) => r(await inner.moveBranch(removal)),
    list: async (workspaceId) => r(await inner.list(workspaceId)),
    restore: async (id) => r(await inner.restore(id)),
    delete: (ids) => inner.delete(ids),
    purge: (deletedBefore) => inner.purge(deletedBefore),
  };
}
