import Dexie, { type Table } from 'dexie';
import { CoveError, isQuotaError } from '../base/errors';
import { storeError } from './store-errors';
import { BroadcastChangeFeed, type ChangeFeed } from './change-feed';
import type { CoveStore } from './cove-store';
import { createDexieCheckpointStore } from './dexie-checkpoint-store';
import { createDexieLogStore } from './dexie-log-store';
import { deleteOwnedBySessions, deleteOwnedSettings } from './dexie-owned-rows';
import { createDexieRunStore } from './dexie-run-store';
import { createDexieUsageStore } from './dexie-usage-store';
import { createDexieTrashStore } from './dexie-trash-store';
import { createDexieKnowledgeStore } from './dexie-knowledge-store';
import { guardRows } from './dexie-row-guard';
import {
  dehydrateNodes,
  hydrateNodes,
  putAttachmentBlobs,
  sweepAttachmentBlobs,
} from './attachment-blobs';
import { CoveDatabase, SCHEMA_VERSION } from './dexie-database';
import { fileRow, planFileChanges } from './file-changes';
import { NodeCache } from './node-cache';
import { createSessionOpener } from './dexie-session-open';
import type { PathRenamePlanner } from './path-repair-migration';
import type { FileChange, FileStore } from './file-store';
import {
  fileMeta,
  type FileMeta,
  type FileRecord,
  type NodeRecord,
  type WorkspaceRecord,
} from './records';
import { createProfileKeySource } from './profile-key';
import { createAesGcmCipher } from './secret-cipher';
import {
  createSerialQueue,
  openSecretValue,
  sealSecretValue,
  snapshotSettings,
} from './secret-values';
import type { SessionStore } from './session-store';
import type { SetAsideStore } from './set-aside-store';
import { isSecretSetting, type SettingsStore } from './settings-store';
import type { StoreSnapshot } from './snapshot';
import type { WorkspaceStore } from './workspace-store';

/** What the store tells the app about the database as a whole. */
export type DatabaseEvent = { type: 'newer-version-elsewhere' } | { type: 'closed-unexpectedly' };

export interface DexieStoreOptions {
  /** IndexedDB database name; tests use a unique one each. */
  name?: string;
  /** Cross-tab change feed; defaults to a BroadcastChannel named after the database. */
  changes?: ChangeFeed;
  /** Told when another tab upgrades the schema: this tab must stop writing and reload. */
  onDatabaseEvent?: (event: DatabaseEvent) => void;
  /** Milliseconds since the epoch, for the creation time of the profile's secret key. */
  now?: () => number;
  /**
   * Names the files with blank or space-padded names that the schema-6 upgrade renames:
   * `planPathRepairs` of src/workspace/path-repair.ts. Needed only to upgrade a database an
   * older Cove wrote such names into; without it that upgrade fails and changes nothing.
   */
  planPathRenames?: PathRenamePlanner;
}

/** Turns platform write failures into errors that say what to do (invariant 6). */
async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof CoveError) throw error;
    if (isQuotaError(error)) {
      throw storeError('storage-full', {}, { cause: error });
    }
    if (error instanceof Dexie.DatabaseClosedError) {
      throw storeError('database-closed', {}, { cause: error });
    }
    const detail = error instanceof Error ? error.message : String(error);
    throw storeError('write-failed', { detail }, { cause: error });
  }
}

/** Most rows, and most content bytes, that one step of a large file batch writes. */
const WRITE_GROUP_ROWS = 200;
const WRITE_GROUP_BYTES = 4 * 1024 * 1024;

/** Splits rows into groups of at most WRITE_GROUP_ROWS rows and about WRITE_GROUP_BYTES. */
function* writeGroups(rows: FileRecord[]): Generator<{ rows: FileRecord[]; end: number }> {
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let bytes = 0;
    while (end < rows.length && end - start < WRITE_GROUP_ROWS && bytes < WRITE_GROUP_BYTES) {
      bytes += rows[end]!.size;
      end++;
    }
    yield { rows: rows.slice(start, end), end };
    start = end;
  }
}

/** The refusal of an insert whose session or nodes exist already. */
function alreadyStored(): CoveError {
  return storeError('exists', { variant: 'conversation' });
}

/** Opens Cove's IndexedDB database. Rejects with a CoveError when this code is too old. */
export async function openDexieStore(options: DexieStoreOptions = {}): Promise<CoveStore> {
  const name = options.name ?? 'cove';
  const now = options.now ?? (() => Date.now());
  const db = new CoveDatabase(name, now, options.planPathRenames);
  db.on('versionchange', () => {
    // Another tab wants a newer schema: close so it can upgrade, and never write again from
    // this (older) code (invariant 13).
    db.close();
    options.onDatabaseEvent?.({ type: 'newer-version-elsewhere' });
    return false;
  });
  db.on('close', () => options.onDatabaseEvent?.({ type: 'closed-unexpectedly' }));
  // Every read is checked against the row schemas; a damaged row is set aside, not thrown.
  const guardedRows = guardRows(db, now);
  try {
    await db.open();
  } catch (error) {
    if (error instanceof Dexie.VersionError) {
      throw storeError('old-version', {}, { cause: error });
    }
    throw storeError(
      'storage-unavailable',
      { detail: error instanceof Error ? error.message : String(error) },
      { cause: error },
    );
  }
  // Dexie opens a database a newer Cove upgraded when the tables it knows still exist; this
  // (older) code must not write into a schema it does not understand (invariant 13).
  if (db.backendDB().version > SCHEMA_VERSION * 10) {
    db.close();
    throw storeError('old-version');
  }
  const changes = options.changes ?? new BroadcastChangeFeed(`${name}-changes`);
  const setAside: SetAsideStore = {
    list: () => guardedRows.list(),
    async delete(ids) {
      await guardWrite(() => guardedRows.delete(ids));
      changes.publish({ type: 'setAside' });
    },
    subscribe: (listener) => guardedRows.subscribe(listener),
  };
  guardedRows.subscribe(({ table, key }) => {
    changes.publish({ type: 'setAside' });
    // A file row moved (and its metadata with it, or rebuilt): trees and tabs read again.
    if ((table === 'files' || table === 'fileMeta') && Array.isArray(key)) {
      changes.publish({ type: 'files', workspaceId: String(key[0]), paths: [String(key[1])] });
    }
  });
  const nodeCache = new NodeCache();
  // Another tab wrote: what this tab holds of that session (or of everything) is stale.
  changes.subscribe(({ change, local }) => {
    if (local) return;
    if (change.type === 'sessions') nodeCache.drop(change.sessionId);
    else if (change.type === 'restored' || change.type === 'workspaces') nodeCache.clear();
  });

  const workspaces: WorkspaceStore = {
    list: () => db.workspaces.orderBy('updatedAt').reverse().toArray(),
    get: (id) => db.workspaces.get(id),
    async put(workspace: WorkspaceRecord) {
      await guardWrite(() => db.workspaces.put(workspace));
      changes.publish({ type: 'workspaces' });
    },
    async delete(id) {
      // Everything the workspace owned goes in the same transaction: its files, its
      // conversations with their runs, checkpoints (and blobs no other checkpoint uses),
      // the settings of either, and its recently deleted conversations and branches.
      await guardWrite(() =>
        db.transaction(
          'rw',
          [
            db.workspaces,
            db.files,
            db.fileMeta,
            db.sessions,
            db.nodes,
            db.outlines,
            db.runs,
            db.runSteps,
            db.checkpoints,
            db.blobs,
            db.settings,
            db.trash,
            db.knowledgeSources,
            db.knowledgeFiles,
            db.knowledgeChunks,
            db.knowledgeVectors,
          ],
          async () => {
            const live = (await db.sessions
              .where('workspaceId')
              .equals(id)
              .primaryKeys()) as string[];
            // A deleted conversation's checkpoints are still keyed by its session id.
            const deleted = await db.trash.where('workspaceId').equals(id).toArray();
            // By index, so a damaged entry (left out of the read above) goes too.
            await db.trash.where('workspaceId').equals(id).delete();
            const sessionIds = [
              ...live,
              ...deleted.filter((entry) => entry.kind === 'session').map((e) => e.sessionId),
            ];
            await deleteFilesOf(id);
            await deleteSessionsOf(id);
            // Awaiting an async function that did no Dexie work ends the transaction early
            // (Dexie's zones): only call it with something to delete.
            if (sessionIds.length) await deleteOwnedBySessions(db, sessionIds);
            await deleteOwnedSettings(db, new Set([id, ...sessionIds]));
            for (const table of [
              db.knowledgeSources,
              db.knowledgeFiles,
              db.knowledgeChunks,
              db.knowledgeVectors,
            ])
              await table.where('workspaceId').equals(id).delete();
            await db.workspaces.delete(id);
          },
        ),
      );
      nodeCache.clear();
      await sweepBlobs();
      changes.publish({ type: 'workspaces' });
    },
  };

  /** After a delete of nodes: attachment blobs nothing refers to any more go (logged, never thrown). */
  async function sweepBlobs() {
    try {
      await sweepAttachmentBlobs(db);
    } catch (error) {
      console.warn(
        'Could not remove unused attachment contents (tried again after the next delete)',
        error,
      );
    }
  }

  const hydrated = <T extends NodeRecord | undefined>(rows: T[]) =>
    hydrateNodes(db.attachmentBlobs, rows);

  /** Inside a transaction over files and fileMeta: removes a workspace's files. */
  async function deleteFilesOf(workspaceId: string) {
    await db.files.where('workspaceId').equals(workspaceId).delete();
    await db.fileMeta.where('workspaceId').equals(workspaceId).delete();
  }

  /** Inside a transaction over sessions and nodes: removes a workspace's conversations. */
  async function deleteSessionsOf(workspaceId: string) {
    const ids = (await db.sessions
      .where('workspaceId')
      .equals(workspaceId)
      .primaryKeys()) as string[];
    if (!ids.length) return;
    await db.nodes.where('sessionId').anyOf(ids).delete();
    await db.outlines.bulkDelete(ids);
    await db.sessions.bulkDelete(ids);
  }

  const publishSession = async (sessionId: string) => {
    const session = await db.sessions.get(sessionId);
    if (session) changes.publish({ type: 'sessions', workspaceId: session.workspaceId, sessionId });
  };

  const openSession = createSessionOpener({
    db,
    nodeCache,
    nodes: (sessionId) => sessions.nodes(sessionId),
    hydrate: hydrated,
  });

  const sessions: SessionStore = {
    list: async (workspaceId) =>
      (await db.sessions.where('workspaceId').equals(workspaceId).toArray()).sort(
        (a, b) => b.updatedAt - a.updatedAt,
      ),
    get: (id) => db.sessions.get(id),
    async put(session) {
      await guardWrite(() => db.sessions.put(session));
      changes.publish({
        type: 'sessions',
        workspaceId: session.workspaceId,
        sessionId: session.id,
      });
    },
    async update(id, patch) {
      await guardWrite(() => db.sessions.update(id, patch));
      await publishSession(id);
    },
    async delete(id) {
      const session = await db.sessions.get(id);
      // Its runs and settings go with it; its checkpoints stay for Undo (see the interface).
      await guardWrite(() =>
        db.transaction(
          'rw',
          [db.sessions, db.nodes, db.outlines, db.runs, db.runSteps, db.settings],
          async () => {
            await db.nodes.where('sessionId').equals(id).delete();
            await db.outlines.delete(id);
            const runIds = (await db.runs.where('sessionId').equals(id).primaryKeys()) as string[];
            await db.runSteps.where('runId').anyOf(runIds).delete();
            await db.runs.bulkDelete(runIds);
            await deleteOwnedSettings(db, new Set([id]));
            await db.sessions.delete(id);
          },
        ),
      );
      nodeCache.drop(id);
      await sweepBlobs();
      if (session)
        changes.publish({ type: 'sessions', workspaceId: session.workspaceId, sessionId: id });
    },
    nodes: (sessionId) =>
      nodeCache.read(sessionId, async () =>
        hydrated(await db.nodes.where('sessionId').equals(sessionId).toArray()),
      ),
    open: (sessionId) => openSession(sessionId),
    async append(node, updatedAt) {
      const { rows, blobs } = await dehydrateNodes([node]);
      await guardWrite(() =>
        db.transaction('rw', db.sessions, db.nodes, db.attachmentBlobs, async () => {
          const session = await db.sessions.get(node.sessionId);
          if (!session) {
            throw storeError('missing', { variant: 'conversation' });
          }
          // Only with blobs: awaiting a helper that did no Dexie work commits early.
          if (blobs.length) await putAttachmentBlobs(db.attachmentBlobs, blobs);
          await db.nodes.add(rows[0]!);
          await db.sessions.update(node.sessionId, { leafId: node.id, updatedAt });
        }),
      );
      nodeCache.added(node);
      await publishSession(node.sessionId);
    },
    async updateNode(id, patch) {
      try {
        await guardWrite(() => db.nodes.update(id, patch));
      } catch (error) {
        // What was stored is unknown: the next read asks the database.
        nodeCache.clear();
        throw error;
      }
      nodeCache.changed(id, patch);
      const node = await db.nodes.get(id);
      if (node) await publishSession(node.sessionId);
    },
    streamingNodes: async () =>
      hydrated(await db.nodes.where('status').equals('streaming').toArray()),
    async insert(session, nodes) {
      const { rows, blobs } = await dehydrateNodes(nodes);
      await guardWrite(() =>
        db.transaction('rw', db.sessions, db.nodes, db.attachmentBlobs, async () => {
          const ids = nodes.map((node) => node.id);
          const [existing, clashes] = await Promise.all([
            db.sessions.get(session.id),
            db.nodes.where('id').anyOf(ids).primaryKeys(),
          ]);
          if (existing || clashes.length) throw alreadyStored();
          await db.sessions.add(session);
          if (blobs.length) await putAttachmentBlobs(db.attachmentBlobs, blobs);
          await db.nodes.bulkAdd(rows.map((node) => ({ ...node, sessionId: session.id })));
        }),
      );
      nodeCache.drop(session.id);
      changes.publish({
        type: 'sessions',
        workspaceId: session.workspaceId,
        sessionId: session.id,
      });
    },
    async removeNodes(sessionId, ids, leafId) {
      await guardWrite(() =>
        db.transaction('rw', db.sessions, db.nodes, async () => {
          const rows = await db.nodes.bulkGet([...ids]);
          const own = rows.filter((row) => row?.sessionId === sessionId).map((row) => row!.id);
          await db.nodes.bulkDelete(own);
          await db.sessions.update(sessionId, { leafId });
        }),
      );
      nodeCache.drop(sessionId);
      await sweepBlobs();
      await publishSession(sessionId);
    },
    async search(workspaceId, query) {
      const needle = query.trim().toLowerCase();
      const list = await sessions.list(workspaceId);
      if (!needle) return list.map((session) => session.id);
      const found: string[] = [];
      for (const session of list) {
        if (session.title.toLowerCase().includes(needle)) {
          found.push(session.id);
          continue;
        }
        // A cursor that stops at the first match: no session's messages are read at once.
        const hit = await db.nodes
          .where('sessionId')
          .equals(session.id)
          .filter((node) => node.content.toLowerCase().includes(needle))
          .first();
        if (hit) found.push(session.id);
      }
      return found;
    },
  };

  /**
   * The metadata rows of `paths` (undefined where none), inside the caller's transaction.
   * A few paths are read one by one; many are found in one read of the workspace's
   * listing: 10,000 single reads took seconds.
   */
  async function storedVersions(workspaceId: string, paths: string[]) {
    if (paths.length <= 64) {
      return db.fileMeta.bulkGet(paths.map((path) => [workspaceId, path] as [string, string]));
    }
    const byPath = new Map((await files.list(workspaceId)).map((row) => [row.path, row]));
    return paths.map((path) => byPath.get(path));
  }

  /**
   * A workspace's rows in path order, from the `[workspaceId+path]` key; `without` (a
   * top-level folder) is skipped by the key ranges: the rows before it, those between the
   * folder and its first child (`.git-old`, `.git.bak`: '-' and '.' sort before '/'), and
   * those after its last child (`${folder}0`: '0' follows '/'), in one read transaction.
   */
  function listByPath<T>(
    table: Table<T, [string, string]>,
    workspaceId: string,
    without: string | undefined,
  ): Promise<T[]> {
    const key = table.where('[workspaceId+path]');
    if (!without)
      return key.between([workspaceId, Dexie.minKey], [workspaceId, Dexie.maxKey]).toArray();
    return db.transaction('r', table, async () => {
      const parts = await Promise.all([
        key.between([workspaceId, Dexie.minKey], [workspaceId, without], true, false).toArray(),
        key.between([workspaceId, without], [workspaceId, `${without}/`], false, false).toArray(),
        key
          .between([workspaceId, `${without}0`], [workspaceId, Dexie.maxKey], true, true)
          .toArray(),
      ]);
      return parts.flat();
    });
  }

  const files: FileStore = {
    list(workspaceId, options = {}): Promise<FileMeta[]> {
      // Content-free: only `fileMeta` is read. Its primary key orders rows by path (IndexedDB
      // compares strings by code unit, as `<` does), so no sort is needed.
      return listByPath(db.fileMeta, workspaceId, options.without);
    },
    listWithContent(workspaceId, options = {}): Promise<FileRecord[]> {
      return listByPath(db.files, workspaceId, options.without);
    },
    get: (workspaceId, path) => db.files.get([workspaceId, path]),
    getMany: (workspaceId, paths) =>
      db.files.bulkGet(paths.map((path) => [workspaceId, path] as [string, string])),
    async apply(workspaceId, batch: FileChange[], now, options = {}) {
      const { signal, onProgress } = options;
      const plan = await guardWrite(() =>
        db.transaction('rw', db.files, db.fileMeta, db.workspaces, async () => {
          const result = await planFileChanges(workspaceId, batch, now, (paths) =>
            storedVersions(workspaceId, paths),
          );
          if (result.deletes.length) {
            const keys = result.deletes.map((path) => [workspaceId, path] as [string, string]);
            await db.files.bulkDelete(keys);
            await db.fileMeta.bulkDelete(keys);
          }
          // In groups: one bulkPut of 10,000 rows clones them all in one task, seconds long.
          // Between groups the thread is free, and a cancel can still undo everything.
          for (const group of writeGroups(result.puts)) {
            signal?.throwIfAborted();
            await db.files.bulkPut(group.rows);
            await db.fileMeta.bulkPut(group.rows.map(fileMeta));
            onProgress?.(group.end, result.puts.length);
          }
          signal?.throwIfAborted();
          if (result.puts.length) await db.workspaces.update(workspaceId, { updatedAt: now });
          return result;
        }),
      ).catch((error: unknown) => {
        // A cancel is not a failed write: the caller gets its own reason back.
        if (signal?.aborted) throw signal.reason;
        throw error;
      });
      // A batch of deletes only writes nothing, so it works on a full disk, which is when
      // people delete to make room. The workspace's date (it only orders the list) is
      // touched afterwards, and left as it was when the browser has no room for even that.
      if (!plan.puts.length && plan.deletes.length) {
        await db.workspaces.update(workspaceId, { updatedAt: now }).catch((error: unknown) => {
          if (!isQuotaError(error)) throw error;
        });
      }
      const paths = [...plan.puts.map((row) => row.path), ...plan.deletes];
      if (paths.length) changes.publish({ type: 'files', workspaceId, paths });
      return plan.puts;
    },
    async putAtOnce(workspaceId, file, now) {
      const row = fileRow(workspaceId, file, now);
      await guardWrite(() =>
        // No await before the put: Dexie runs this scope in a microtask of the calling task,
        // and after pagehide no IndexedDB callback of this page may ever run.
        db.transaction('rw', db.files, db.fileMeta, (transaction) => {
          // Raw requests, so a put the browser refuses (storage full) throws here, before
          // the commit: the scope then throws and Dexie aborts both puts. Through Dexie's
          // put the refusal would only reject a promise after the commit below, leaving
          // the metadata row without its file.
          const idb = transaction.idbtrans;
          idb.objectStore('files').put(row);
          idb.objectStore('fileMeta').put(fileMeta(row));
          // Commit now rather than when the request's callback runs, which may be never.
          idb.commit?.();
        }),
      );
      changes.publish({ type: 'files', workspaceId, paths: [row.path] });
      return row;
    },
  };

  // Secret settings rest sealed with the profile's key; they are opened only when read.
  const cipher = createAesGcmCipher(createProfileKeySource(db, now));
  const restingValue = (key: string, value: unknown) =>
    isSecretSetting(key) ? sealSecretValue(value, cipher) : Promise.resolve(value);
  // Sealing takes time; secret writes queue so that the last call still wins.
  const secretWrites = createSerialQueue();

  const settings: SettingsStore = {
    async get<T>(key: string) {
      const value = (await db.settings.get(key))?.value;
      return (isSecretSetting(key) ? await openSecretValue(value, cipher) : value) as T | undefined;
    },
    async set(key, value) {
      if (isSecretSetting(key)) {
        await secretWrites(async () => {
          const sealed = await guardWrite(() => sealSecretValue(value, cipher));
          await guardWrite(() => db.settings.put({ key, value: sealed }));
        });
      } else {
        await guardWrite(() => db.settings.put({ key, value }));
      }
      changes.publish({ type: 'settings', key });
    },
    async setAtOnce(key, value) {
      if (isSecretSetting(key)) throw new Error(`setAtOnce cannot seal the secret setting ${key}`);
      await guardWrite(() =>
        db.transaction('rw', db.settings, (transaction) => {
          void db.settings.put({ key, value });
          transaction.idbtrans.commit?.();
        }),
      );
      changes.publish({ type: 'settings', key });
    },
    async delete(key) {
      const remove = () => guardWrite(() => db.settings.delete(key));
      await (isSecretSetting(key) ? secretWrites(remove) : remove());
      changes.publish({ type: 'settings', key });
    },
  };

  const tables = [db.workspaces, db.files, db.settings, db.sessions, db.nodes];
  return {
    workspaces,
    files,
    settings,
    sessions,
    checkpoints: createDexieCheckpointStore(db, guardWrite),
    runs: createDexieRunStore(db, guardWrite),
    logs: createDexieLogStore(db),
    setAside,
    usage: createDexieUsageStore(db),
    trash: createDexieTrashStore({ db, guard: guardWrite, changes, nodeCache }),
    knowledge: createDexieKnowledgeStore(db, guardWrite),
    changes,
    async snapshot({ withSecrets } = {}): Promise<StoreSnapshot> {
      const snapshot = await db.transaction('r', tables, async () => ({
        workspaces: await db.workspaces.toArray(),
        files: await db.files.toArray(),
        settings: await db.settings.toArray(),
        sessions: await db.sessions.toArray(),
        nodes: await db.nodes.toArray(),
      }));
      // A backup carries each attachment whole: it stays readable by itself, by any version.
      snapshot.nodes = await hydrated(snapshot.nodes);
      snapshot.settings = await snapshotSettings(snapshot.settings, withSecrets, cipher);
      return snapshot;
    },
    async restore(input) {
      // Sealed before the transaction: WebCrypto inside it would let IndexedDB commit early.
      const sealed = await guardWrite(() =>
        Promise.all(
          input.settings.map(async (row) => ({
            key: row.key,
            value: await restingValue(row.key, row.value),
          })),
        ),
      );
      const { rows: nodes, blobs } = await dehydrateNodes(input.nodes);
      const snapshot = { ...input, settings: sealed, nodes };
      await guardWrite(() =>
        db.transaction(
          'rw',
          [...tables, db.fileMeta, db.outlines, db.attachmentBlobs],
          async () => {
            for (const workspace of snapshot.workspaces) {
              await deleteFilesOf(workspace.id);
              await deleteSessionsOf(workspace.id);
            }
            await db.workspaces.bulkPut(snapshot.workspaces);
            await db.files.bulkPut(snapshot.files);
            await db.fileMeta.bulkPut(snapshot.files.map(fileMeta));
            await db.settings.bulkPut(snapshot.settings);
            await db.sessions.bulkPut(snapshot.sessions);
            if (blobs.length) await putAttachmentBlobs(db.attachmentBlobs, blobs);
            await db.nodes.bulkPut(snapshot.nodes);
          },
        ),
      );
      nodeCache.clear();
      await sweepBlobs();
      changes.publish({ type: 'restored' });
    },
    async estimate() {
      const estimate = await globalThis.navigator?.storage?.estimate?.();
      if (!estimate || estimate.usage === undefined || estimate.quota === undefined)
        return undefined;
      return { usage: estimate.usage, quota: estimate.quota };
    },
    close() {
      changes.close();
      db.close();
    },
  };
}
