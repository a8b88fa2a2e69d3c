import { copyRow } from './row-copy';
import { LocalChangeFeed, type ChangeFeed } from './change-feed';
import type { CoveStore } from './cove-store';
import { fileRow, planFileChanges } from './file-changes';
import { createMemoryCheckpointStore } from './memory-checkpoint-store';
import { createMemoryLogStore } from './memory-log-store';
import { createMemoryRunStore } from './memory-run-store';
import { createMemorySetAsideStore, type MemorySetAsideStore } from './memory-set-aside-store';
import { createMemoryTrashStore } from './memory-trash-store';
import { createMemoryKnowledgeStore } from './memory-knowledge-store';
import type { FileStore } from './file-store';
import {
  fileMeta,
  type FileRecord,
  type NodeRecord,
  type SessionRecord,
  type SettingRecord,
  type WorkspaceRecord,
} from './records';
import { storeError } from './store-errors';
import { createMemoryCipher, type SecretCipher } from './secret-cipher';
import {
  createSerialQueue,
  openSecretValue,
  sealSecretValue,
  snapshotSettings,
} from './secret-values';
import type { SessionStore } from './session-store';
import { pathTo } from './node-outline';
import { isOwnedSetting, isSecretSetting, type SettingsStore } from './settings-store';
import type { StoreSnapshot } from './snapshot';
import { makeUsageTally } from './usage-tally';
import type { WorkspaceStore } from './workspace-store';

const fileKey = (workspaceId: string, path: string) => `${workspaceId}\u0000${path}`;
const byPath = (a: { path: string }, b: { path: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * The whole store in memory, with the same contract as the IndexedDB one: atomic batches,
 * expectations, change notices. For tests, demos and the agent core under Node. Rows are
 * copied in and out so callers cannot mutate stored state by accident. Secret settings are
 * sealed with `cipher` (by default a key that lives in memory), as the Dexie store does.
 */
export function createMemoryStore(
  changes: ChangeFeed = new LocalChangeFeed(),
  cipher: SecretCipher = createMemoryCipher(),
): CoveStore & { readonly setAside: MemorySetAsideStore } {
  const workspaceRows = new Map<string, WorkspaceRecord>();
  const fileRows = new Map<string, FileRecord>();
  const settingRows = new Map<string, SettingRecord>();
  const sessionRows = new Map<string, SessionRecord>();
  // Read by sharing, as the Dexie store's node cache shares them (a long conversation is not
  // copied for every question); frozen, so no reader can change what is stored.
  const nodeRows = new FrozenRows<NodeRecord>();
  const deleteSessionsOf = (workspaceId: string) => {
    for (const [id, session] of sessionRows) {
      if (session.workspaceId !== workspaceId) continue;
      for (const [nodeId, node] of nodeRows) if (node.sessionId === id) nodeRows.delete(nodeId);
      sessionRows.delete(id);
    }
  };
  const publishSession = (sessionId: string) => {
    const session = sessionRows.get(sessionId);
    if (session) changes.publish({ type: 'sessions', workspaceId: session.workspaceId, sessionId });
  };
  const copy = copyRow;
  const keptAside = createMemorySetAsideStore();
  keptAside.subscribe(() => changes.publish({ type: 'setAside' }));
  const setAside: MemorySetAsideStore = {
    ...keptAside,
    async delete(ids) {
      await keptAside.delete(ids);
      changes.publish({ type: 'setAside' });
    },
  };

  const checkpoints = createMemoryCheckpointStore();
  const runs = createMemoryRunStore((sessionId) => sessionRows.has(sessionId));
  const trash = createMemoryTrashStore({
    sessionRows,
    nodeRows,
    settingRows,
    runs,
    checkpoints,
    changes,
  });
  const knowledge = createMemoryKnowledgeStore();
  /** Removes the settings these workspaces or conversations own. */
  const deleteOwnedSettings = (ownerIds: ReadonlySet<string>) => {
    for (const key of [...settingRows.keys()]) {
      if (isOwnedSetting(key, ownerIds)) settingRows.delete(key);
    }
  };

  const workspaces: WorkspaceStore = {
    async list() {
      return [...workspaceRows.values()].map(copy).sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async get(id) {
      const row = workspaceRows.get(id);
      return row && copy(row);
    },
    async put(workspace) {
      workspaceRows.set(workspace.id, copy(workspace));
      changes.publish({ type: 'workspaces' });
    },
    async delete(id) {
      const sessionIds = [...sessionRows.values()]
        .filter((session) => session.workspaceId === id)
        .map((session) => session.id);
      for (const [key, row] of fileRows) if (row.workspaceId === id) fileRows.delete(key);
      deleteSessionsOf(id);
      // Its recently deleted conversations go too, with their checkpoints.
      sessionIds.push(...trash.deleteWorkspace(id));
      for (const sessionId of sessionIds) {
        await runs.deleteSession(sessionId);
        await checkpoints.deleteSession(sessionId);
      }
      deleteOwnedSettings(new Set([id, ...sessionIds]));
      knowledge.deleteWorkspace(id);
      workspaceRows.delete(id);
      changes.publish({ type: 'workspaces' });
    },
  };

  const rowsOf = (workspaceId: string) =>
    [...fileRows.values()].filter((row) => row.workspaceId === workspaceId).sort(byPath);

  const files: FileStore = {
    async list(workspaceId, options = {}) {
      return outside(rowsOf(workspaceId), options.without).map(fileMeta).map(copy);
    },
    async listWithContent(workspaceId, options = {}) {
      return outside(rowsOf(workspaceId), options.without).map(copy);
    },
    async get(workspaceId, path) {
      const row = fileRows.get(fileKey(workspaceId, path));
      return row && copy(row);
    },
    async getMany(workspaceId, paths) {
      return paths.map((path) => {
        const row = fileRows.get(fileKey(workspaceId, path));
        return row && copy(row);
      });
    },
    async apply(workspaceId, batch, now, options = {}) {
      const plan = await planFileChanges(workspaceId, batch, now, async (paths) =>
        paths.map((path) => fileRows.get(fileKey(workspaceId, path))),
      );
      // Written all at once, so all at once before the commit; a cancel then still counts.
      options.onProgress?.(plan.puts.length, plan.puts.length);
      options.signal?.throwIfAborted();
      for (const path of plan.deletes) fileRows.delete(fileKey(workspaceId, path));
      for (const row of plan.puts) fileRows.set(fileKey(workspaceId, row.path), copy(row));
      const workspace = workspaceRows.get(workspaceId);
      if (workspace) workspace.updatedAt = now;
      const paths = [...plan.puts.map((row) => row.path), ...plan.deletes];
      if (paths.length) changes.publish({ type: 'files', workspaceId, paths });
      return plan.puts.map(copy);
    },
    async putAtOnce(workspaceId, file, now) {
      const row = fileRow(workspaceId, file, now);
      fileRows.set(fileKey(workspaceId, row.path), copy(row));
      changes.publish({ type: 'files', workspaceId, paths: [row.path] });
      return copy(row);
    },
  };

  const restingValue = (key: string, value: unknown) =>
    isSecretSetting(key) ? sealSecretValue(value, cipher) : Promise.resolve(value);

  const secretWrites = createSerialQueue();

  const settings: SettingsStore = {
    async get<T>(key: string) {
      const row = settingRows.get(key);
      if (!row) return undefined;
      const value = copy(row.value);
      return (isSecretSetting(key) ? await openSecretValue(value, cipher) : value) as T;
    },
    async set(key, value) {
      if (isSecretSetting(key)) {
        const plain = copy(value);
        await secretWrites(async () => {
          settingRows.set(key, { key, value: await sealSecretValue(plain, cipher) });
        });
      } else {
        settingRows.set(key, { key, value: copy(value) });
      }
      changes.publish({ type: 'settings', key });
    },
    async setAtOnce(key, value) {
      if (isSecretSetting(key)) throw new Error(`setAtOnce cannot seal the secret setting ${key}`);
      settingRows.set(key, { key, value: copy(value) });
      changes.publish({ type: 'settings', key });
    },
    async delete(key) {
      const remove = async () => void settingRows.delete(key);
      await (isSecretSetting(key) ? secretWrites(remove) : remove());
      changes.publish({ type: 'settings', key });
    },
  };

  const sessions: SessionStore = {
    async list(workspaceId) {
      return [...sessionRows.values()]
        .filter((s) => s.workspaceId === workspaceId)
        .map(copy)
        .sort((a, b) => b.updatedAt - a.updatedAt);
    },
    async get(id) {
      const row = sessionRows.get(id);
      return row && copy(row);
    },
    async put(session) {
      sessionRows.set(session.id, copy(session));
      publishSession(session.id);
    },
    async update(id, patch) {
      const row = sessionRows.get(id);
      if (!row) return;
      sessionRows.set(id, { ...row, ...copy(patch) });
      publishSession(id);
    },
    async delete(id) {
      const session = sessionRows.get(id);
      for (const [nodeId, node] of nodeRows) if (node.sessionId === id) nodeRows.delete(nodeId);
      // Its runs and settings go with it; its checkpoints stay for Undo (see the interface).
      await runs.deleteSession(id);
      deleteOwnedSettings(new Set([id]));
      sessionRows.delete(id);
      if (session)
        changes.publish({ type: 'sessions', workspaceId: session.workspaceId, sessionId: id });
    },
    async nodes(sessionId) {
      return [...nodeRows.values()].filter((n) => n.sessionId === sessionId);
    },
    async open(sessionId) {
      const session = await sessions.get(sessionId);
      const nodes = await sessions.nodes(sessionId);
      return { session, outline: nodes, path: pathTo(nodes, session?.leafId ?? null) };
    },
    async append(node, updatedAt) {
      const session = sessionRows.get(node.sessionId);
      if (!session) {
        throw storeError('missing', { variant: 'conversation' });
      }
      if (nodeRows.has(node.id)) throw storeError('exists', { variant: 'message' });
      nodeRows.set(node.id, copy(node));
      sessionRows.set(session.id, { ...session, leafId: node.id, updatedAt });
      publishSession(node.sessionId);
    },
    async updateNode(id, patch) {
      const row = nodeRows.get(id);
      if (!row) return;
      nodeRows.set(id, { ...row, ...copy(patch) });
      publishSession(row.sessionId);
    },
    async streamingNodes() {
      return [...nodeRows.values()].filter((n) => n.status === 'streaming').map(copy);
    },
    async insert(session, nodes) {
      if (sessionRows.has(session.id) || nodes.some((node) => nodeRows.has(node.id))) {
        throw storeError('exists', { variant: 'conversation' });
      }
      sessionRows.set(session.id, copy(session));
      for (const node of nodes) nodeRows.set(node.id, { ...copy(node), sessionId: session.id });
      publishSession(session.id);
    },
    async removeNodes(sessionId, ids, leafId) {
      for (const id of ids) if (nodeRows.get(id)?.sessionId === sessionId) nodeRows.delete(id);
      const session = sessionRows.get(sessionId);
      if (session) sessionRows.set(sessionId, { ...session, leafId });
      publishSession(sessionId);
    },
    async search(workspaceId, query) {
      const needle = query.trim().toLowerCase();
      const list = await sessions.list(workspaceId);
      const matches = (session: SessionRecord) =>
        session.title.toLowerCase().includes(needle) ||
        [...nodeRows.values()].some(
          (node) => node.sessionId === session.id && node.content.toLowerCase().includes(needle),
        );
      return list.filter((session) => !needle || matches(session)).map((session) => session.id);
    },
  };

  return {
    workspaces,
    files,
    settings,
    sessions,
    checkpoints,
    runs,
    logs: createMemoryLogStore(),
    setAside,
    trash,
    knowledge,
    changes,
    async snapshot({ withSecrets } = {}): Promise<StoreSnapshot> {
      const snapshot = copy({
        workspaces: [...workspaceRows.values()],
        files: [...fileRows.values()],
        settings: [...settingRows.values()],
        sessions: [...sessionRows.values()],
        nodes: [...nodeRows.values()],
      });
      snapshot.settings = await snapshotSettings(snapshot.settings, withSecrets, cipher);
      return snapshot;
    },
    async restore(input) {
      const snapshot = {
        ...input,
        settings: await Promise.all(
          input.settings.map(async (row) => ({
            key: row.key,
            value: await restingValue(row.key, copy(row.value)),
          })),
        ),
      };
      for (const workspace of snapshot.workspaces) {
        for (const [key, row] of fileRows) {
          if (row.workspaceId === workspace.id) fileRows.delete(key);
        }
        deleteSessionsOf(workspace.id);
        workspaceRows.set(workspace.id, copy(workspace));
      }
      for (const row of snapshot.sessions) sessionRows.set(row.id, copy(row));
      for (const row of snapshot.nodes) nodeRows.set(row.id, copy(row));
      for (const row of snapshot.files) fileRows.set(fileKey(row.workspaceId, row.path), copy(row));
      for (const row of snapshot.settings) settingRows.set(row.key, copy(row));
      changes.publish({ type: 'restored' });
    },
    usage: {
      async usage() {
        // Synchronous from here to the end: nothing interleaves, like one read transaction.
        const tally = makeUsageTally();
        for (const row of workspaceRows.values()) tally.workspace(row);
        for (const row of sessionRows.values()) tally.session(row);
        for (const row of fileRows.values()) tally.file(row);
        for (const row of nodeRows.values()) tally.node(row);
        runs.tallyInto(tally);
        checkpoints.tallyInto(tally);
        return tally.result();
      },
    },
    async estimate() {
      return undefined;
    },
    close() {
      changes.close();
    },
  };
}

/** A map whose values are frozen, deeply, as they are set: rows handed out as they are. */
class FrozenRows<V extends object> extends Map<string, V> {
  override set(key: string, value: V): this {
    return super.set(key, deepFreeze(value));
  }
}

function deepFreeze<T>(value: T): T {
  // Typed arrays cannot be frozen; node rows hold none, file rows are not kept here.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  if (Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/** `rows` without the top-level folder `without` and everything under it. */
function outside<T extends { path: string }>(rows: T[], without: string | undefined): T[] {
  if (!without) return rows;
  return rows.filter((row) => row.path !== without && !row.path.startsWith(`${without}/`));
}
