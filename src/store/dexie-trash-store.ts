import type { ChangeFeed } from './change-feed';
import type { WriteGuard } from './dexie-checkpoint-store';
import type { CoveDatabase } from './dexie-database';
import { sweepAttachmentBlobs } from './attachment-blobs';
import { referencedBlobs } from './checkpoint-rows';
import { ownedSettingKeys } from './dexie-owned-rows';
import type { NodeCache } from './node-cache';
import type { SettingRecord } from './records';
import {
  newestDeletedFirst,
  restoreRefusals,
  trashEntry,
  type DeletedBranchRecord,
  type DeletedSessionRecord,
  type TrashRecord,
  type TrashStore,
  deletedSessionRecord,
} from './trash-store';

/**
 * Recently deleted over the `trash` table (schema version 7). Every move in or out is one
 * transaction over `trash` and the tables the rows come from, so a delete or a restore is
 * all or nothing (invariant 4). Inside the transactions only Dexie work is awaited: a
 * promise of anything else would let IndexedDB commit early (PrematureCommitError).
 * Rows are read through the row guard: a damaged node is left where it is (the guard sets
 * it aside), a damaged entry is left out of lists and set aside too.
 */
export function createDexieTrashStore(deps: {
  db: CoveDatabase;
  guard: WriteGuard;
  changes: ChangeFeed;
  /** The session store's cache of nodes, dropped for every session a move touches. */
  nodeCache: NodeCache;
}): TrashStore {
  const { db, guard, changes, nodeCache } = deps;

  const touched = (record: TrashRecord) => {
    nodeCache.drop(record.sessionId);
    changes.publish({
      type: 'sessions',
      workspaceId: record.workspaceId,
      sessionId: record.sessionId,
    });
    changes.publish({ type: 'trash', workspaceId: record.workspaceId });
  };

  /** Inside a transaction over trash, sessions, nodes, checkpoints and blobs. */
  async function deleteForGood(records: readonly TrashRecord[]) {
    await db.trash.bulkDelete(records.map((record) => record.id));
    const sessionIds = records
      .filter((record) => record.kind === 'session')
      .map((record) => record.sessionId);
    let orphans: string[] = [];
    if (sessionIds.length) {
      // Its deleted branches could never go back without it.
      const branches = await db.trash
        .where('sessionId')
        .anyOf(sessionIds)
        .filter((entry) => entry.kind === 'branch')
        .primaryKeys();
      await db.trash.bulkDelete(branches);
      // Checkpoints are keyed by session id: keep those of a conversation that is stored
      // again (a backup brought it back) or still has another entry.
      const [live, entries] = await Promise.all([
        db.sessions.where('id').anyOf(sessionIds).primaryKeys(),
        db.trash.where('sessionId').anyOf(sessionIds).toArray(),
      ]);
      const kept = new Set<string>([
        ...(live as string[]),
        ...entries.filter((entry) => entry.kind === 'session').map((entry) => entry.sessionId),
      ]);
      orphans = sessionIds.filter((id) => !kept.has(id));
    }
    // A branch's checkpoints are those of its nodes, unless a node is stored again.
    const branchNodes = records.flatMap((record) =>
      record.kind === 'branch' ? record.nodes.map((node) => node.id) : [],
    );
    const storedAgain = new Set(
      branchNodes.length
        ? ((await db.nodes.where('id').anyOf(branchNodes).primaryKeys()) as string[])
        : [],
    );
    const goneNodes = branchNodes.filter((id) => !storedAgain.has(id));
    // Inline, not a helper: each extra level of async functions risks losing the transaction.
    const gone = [
      ...(orphans.length ? await db.checkpoints.where('sessionId').anyOf(orphans).toArray() : []),
      ...(goneNodes.length ? await db.checkpoints.where('nodeId').anyOf(goneNodes).toArray() : []),
    ];
    if (!gone.length) return;
    await db.checkpoints.bulkDelete(gone.map((row) => row.id));
    const used = referencedBlobs(await db.checkpoints.toArray());
    await db.blobs.bulkDelete([...referencedBlobs(gone)].filter((hash) => !used.has(hash)));
  }

  const forGoodTables = () => [db.trash, db.sessions, db.nodes, db.checkpoints, db.blobs];

  return {
    async moveSession(id, sessionId, deletedAt) {
      const record = await guard(() =>
        db.transaction(
          'rw',
          [db.trash, db.sessions, db.nodes, db.outlines, db.runs, db.runSteps, db.settings],
          async (): Promise<DeletedSessionRecord | undefined> => {
            const session = await db.sessions.get(sessionId);
            if (!session) return undefined;
            const nodes = await db.nodes.where('sessionId').equals(sessionId).toArray();
            const runs = await db.runs.where('sessionId').equals(sessionId).toArray();
            const runIds = runs.map((run) => run.id);
            const runSteps = await db.runSteps.where('runId').anyOf(runIds).toArray();
            const keys = await ownedSettingKeys(db, new Set([sessionId]));
            const settings = keys.length
              ? (await db.settings.bulkGet(keys)).filter((row): row is SettingRecord => !!row)
              : [];
            const moved = deletedSessionRecord(id, session, deletedAt, {
              nodes,
              runs,
              runSteps,
              settings,
            });
            await db.trash.add(moved);
            // By the ids read: a damaged row, left out of the reads, stays for the guard.
            await db.nodes.bulkDelete(nodes.map((node) => node.id));
            await db.runSteps.bulkDelete(runSteps.map((step) => step.id));
            await db.runs.bulkDelete(runIds);
            await db.settings.bulkDelete(settings.map((row) => row.key));
            await db.outlines.delete(sessionId);
            await db.sessions.delete(sessionId);
            return moved;
          },
        ),
      );
      if (!record) return undefined;
      touched(record);
      return trashEntry(record);
    },

    async moveBranch(removal) {
      const { id, sessionId, rootId, deletedAt } = removal;
      const record = await guard(() =>
        db.transaction(
          'rw',
          [db.trash, db.sessions, db.nodes],
          async (): Promise<DeletedBranchRecord | undefined> => {
            const session = await db.sessions.get(sessionId);
            if (!session) return undefined;
            const rows = await db.nodes.bulkGet([...removal.nodeIds]);
            const nodes = rows.filter((row) => row?.sessionId === sessionId).map((row) => row!);
            const root = nodes.find((node) => node.id === rootId);
            if (!root) return undefined;
            const moved: DeletedBranchRecord = {
              kind: 'branch',
              id,
              workspaceId: session.workspaceId,
              sessionId,
              title: session.title,
              deletedAt,
              rootId,
              parentId: root.parentId,
              leafId: removal.leafOnRestore,
              nodes,
            };
            await db.trash.add(moved);
            await db.nodes.bulkDelete(nodes.map((node) => node.id));
            await db.sessions.update(sessionId, { leafId: removal.leafAfter });
            return moved;
          },
        ),
      );
      if (!record) return undefined;
      touched(record);
      return trashEntry(record);
    },

    async list(workspaceId) {
      const rows = await db.trash.where('workspaceId').equals(workspaceId).toArray();
      return rows.map(trashEntry).sort(newestDeletedFirst);
    },

    async restore(id) {
      const record = await guard(() =>
        db.transaction(
          'rw',
          [db.trash, db.sessions, db.nodes, db.runs, db.runSteps, db.settings],
          async () => {
            const found = await db.trash.get(id);
            if (!found) throw restoreRefusals.entryGone();
            const nodeIds = found.nodes.map((node) => node.id);
            const clashes = await db.nodes.where('id').anyOf(nodeIds).primaryKeys();
            const session = await db.sessions.get(found.sessionId);
            if (found.kind === 'session') {
              if (session || clashes.length) throw restoreRefusals.storedAgain(found.title);
              await db.sessions.add(found.session);
              await db.nodes.bulkAdd(found.nodes);
              if (found.runs.length) await db.runs.bulkPut(found.runs);
              if (found.runSteps.length) await db.runSteps.bulkPut(found.runSteps);
              // Only with rows to write: awaiting a helper that did no Dexie work commits early.
              if (found.settings.length) await putAbsentSettings(found.settings);
            } else {
              if (!session) {
                const whole = await db.trash
                  .where('sessionId')
                  .equals(found.sessionId)
                  .filter((entry) => entry.kind === 'session')
                  .count();
                throw restoreRefusals.conversationGone(found.title, whole > 0);
              }
              if (found.parentId !== null) {
                const parent = await db.nodes.get(found.parentId);
                if (parent?.sessionId !== found.sessionId)
                  throw restoreRefusals.parentGone(found.title);
              }
              if (clashes.length) throw restoreRefusals.storedAgain(found.title);
              await db.nodes.bulkAdd(found.nodes);
              await db.sessions.update(found.sessionId, { leafId: found.leafId });
            }
            await db.trash.delete(id);
            return found;
          },
        ),
      );
      touched(record);
      return trashEntry(record);
    },

    async delete(ids) {
      const records = await guard(() =>
        db.transaction('rw', forGoodTables(), async () => {
          const rows = await db.trash.bulkGet([...ids]);
          const found = rows.filter((row): row is TrashRecord => !!row);
          if (found.length) await deleteForGood(found);
          return found;
        }),
      );
      if (records.length) await sweepAttachments();
      for (const workspaceId of new Set(records.map((record) => record.workspaceId)))
        changes.publish({ type: 'trash', workspaceId });
    },

    async purge(deletedBefore) {
      const records = await guard(() =>
        db.transaction('rw', forGoodTables(), async () => {
          const old = await db.trash.where('deletedAt').below(deletedBefore).toArray();
          if (old.length) await deleteForGood(old);
          return old;
        }),
      );
      if (records.length) await sweepAttachments();
      for (const workspaceId of new Set(records.map((record) => record.workspaceId)))
        changes.publish({ type: 'trash', workspaceId });
      return records.length;
    },
  };

  /** Attachments only entries deleted for good referred to go too (logged, never thrown). */
  async function sweepAttachments() {
    try {
      await sweepAttachmentBlobs(db);
    } catch (error) {
      console.warn(
        'Could not remove unused attachment contents (tried again after the next delete)',
        error,
      );
    }
  }

  /** Inside the restore's transaction: settings go back unless one was written since. */
  async function putAbsentSettings(settings: readonly SettingRecord[]) {
    const now = await db.settings.bulkGet(settings.map((row) => row.key));
    const absent = settings.filter((_, i) => now[i] === undefined);
    if (absent.length) await db.settings.bulkPut(absent);
  }
}
