import type { CheckpointRecord, CheckpointStore } from './checkpoint-store';
import {
  blobsFor,
  bySeq,
  checkpointRow,
  hashDraft,
  missingBlob,
  missingCheckpoint,
  openTurn,
  referencedBlobs,
  settledRow,
} from './checkpoint-rows';
import type { CoveDatabase } from './dexie-database';
import type { FileContent } from './records';

/** Turns a platform failure of a write into a CoveError (dexie-store.ts's guardWrite). */
export type WriteGuard = <T>(write: () => Promise<T>) => Promise<T>;

/**
 * Checkpoints over the `checkpoints` {id, sessionId, nodeId} and `blobs` {hash} tables that
 * schema version 1 declared: their indexes are all these queries need, so no schema change.
 * Contents are hashed before a transaction opens; the checkpoint row and its new blobs are
 * then written in one transaction.
 */
export function createDexieCheckpointStore(
  db: CoveDatabase,
  guard: WriteGuard = (write) => write(),
): CheckpointStore {
  /** Removes the rows `find` reads and then the blobs no remaining row refers to, at once. */
  function removeWithBlobs(find: () => Promise<CheckpointRecord[]>) {
    return guard(() =>
      db.transaction('rw', db.checkpoints, db.blobs, async () => {
        const gone = await find();
        if (!gone.length) return { checkpoints: 0, blobs: 0 };
        await db.checkpoints.bulkDelete(gone.map((row) => row.id));
        // No index maps a blob to its checkpoints: the remaining rows are read to see
        // which of the deleted rows' blobs are still shared (rows are small; blobs are
        // not loaded).
        const kept = referencedBlobs(await db.checkpoints.toArray());
        const orphans = [...referencedBlobs(gone)].filter((hash) => !kept.has(hash));
        await db.blobs.bulkDelete(orphans);
        return { checkpoints: gone.length, blobs: orphans.length };
      }),
    );
  }

  return {
    async record(draft) {
      const hashed = await hashDraft(draft);
      return guard(() =>
        db.transaction('rw', db.checkpoints, db.blobs, async () => {
          const ofNode = await db.checkpoints.where('nodeId').equals(draft.nodeId).toArray();
          const open = openTurn(draft, ofNode.sort(bySeq));
          const seqs = open
            ? []
            : await db.checkpoints
                .where('sessionId')
                .equals(draft.sessionId)
                .toArray((rows) => rows.map((row) => row.seq));
          const { row, added } = checkpointRow(draft, hashed, open, Math.max(0, ...seqs) + 1);
          const needed = blobsFor(added, hashed);
          if (needed.length) {
            // Keys only: contents of blobs already stored are never loaded.
            const present = new Set(
              (await db.blobs
                .where('hash')
                .anyOf(needed.map((blob) => blob.hash))
                .primaryKeys()) as string[],
            );
            const missing = needed.filter((blob) => !present.has(blob.hash));
            if (missing.length) await db.blobs.bulkAdd(missing);
          }
          await db.checkpoints.put(row);
          return row;
        }),
      );
    },
    async settle(id, after, now) {
      return guard(() =>
        db.transaction('rw', db.checkpoints, async () => {
          const row = await db.checkpoints.get(id);
          if (!row) throw missingCheckpoint(id);
          const settled = settledRow(row, after, now);
          await db.checkpoints.put(settled);
          return settled;
        }),
      );
    },
    get: (id) => db.checkpoints.get(id),
    async list(sessionId) {
      return (await db.checkpoints.where('sessionId').equals(sessionId).toArray()).sort(bySeq);
    },
    async ofNode(nodeId) {
      return (await db.checkpoints.where('nodeId').equals(nodeId).toArray()).sort(bySeq);
    },
    async blobs(hashes) {
      const unique = [...new Set(hashes)];
      const rows = await db.blobs.bulkGet(unique);
      const found = new Map<string, FileContent>();
      unique.forEach((hash, i) => {
        const row = rows[i];
        if (!row) throw missingBlob(hash);
        found.set(hash, row.content);
      });
      return found;
    },
    blobCount: () => db.blobs.count(),
    async delete(id) {
      await guard(() => db.checkpoints.delete(id));
    },
    deleteSession: (sessionId) =>
      removeWithBlobs(() => db.checkpoints.where('sessionId').equals(sessionId).toArray()),
    deleteOfNodes: (nodeIds) =>
      removeWithBlobs(async () =>
        nodeIds.length
          ? db.checkpoints
              .where('nodeId')
              .anyOf([...nodeIds])
              .toArray()
          : [],
      ),
  };
}
