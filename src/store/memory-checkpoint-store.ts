import { copyRow } from './row-copy';
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
import type { FileContent } from './records';
import { contentBytes, type UsageTally } from './usage-tally';

/** The in-memory checkpoint store, which can also count itself for `usage()`. */
export type MemoryCheckpointStore = CheckpointStore & {
  /** Feeds every checkpoint row and every blob's size to `tally`. */
  tallyInto(tally: UsageTally): void;
};

/**
 * Checkpoints and blobs in memory, with the Dexie store's contract. Rows are copied in and
 * out so callers cannot change stored state by accident.
 */
export function createMemoryCheckpointStore(): MemoryCheckpointStore {
  const rows = new Map<string, CheckpointRecord>();
  const blobRows = new Map<string, FileContent>();
  const copy = copyRow;
  const ofSession = (sessionId: string) =>
    [...rows.values()].filter((row) => row.sessionId === sessionId).sort(bySeq);

  /** Removes `gone` and then the blobs no remaining row refers to. */
  function removeWithBlobs(gone: readonly CheckpointRecord[]) {
    for (const row of gone) rows.delete(row.id);
    const kept = referencedBlobs(rows.values());
    let blobs = 0;
    for (const hash of referencedBlobs(gone)) {
      if (!kept.has(hash) && blobRows.delete(hash)) blobs++;
    }
    return { checkpoints: gone.length, blobs };
  }

  return {
    tallyInto(tally) {
      for (const row of rows.values()) tally.checkpoint(row);
      for (const [hash, content] of blobRows) tally.blob(hash, contentBytes(content));
    },
    async record(draft) {
      const hashed = await hashDraft(draft);
      // Everything below is synchronous, so nothing interleaves: one "transaction".
      const open = openTurn(
        draft,
        [...rows.values()].filter((row) => row.nodeId === draft.nodeId).sort(bySeq),
      );
      const nextSeq = Math.max(0, ...ofSession(draft.sessionId).map((row) => row.seq)) + 1;
      const { row, added } = checkpointRow(draft, hashed, open, nextSeq);
      for (const blob of blobsFor(added, hashed)) {
        if (!blobRows.has(blob.hash)) blobRows.set(blob.hash, copy(blob.content));
      }
      rows.set(row.id, copy(row));
      return copy(row);
    },
    async settle(id, after, now) {
      const row = rows.get(id);
      if (!row) throw missingCheckpoint(id);
      const settled = settledRow(row, after, now);
      rows.set(id, copy(settled));
      return copy(settled);
    },
    async get(id) {
      const row = rows.get(id);
      return row && copy(row);
    },
    async list(sessionId) {
      return ofSession(sessionId).map(copy);
    },
    async ofNode(nodeId) {
      return [...rows.values()]
        .filter((row) => row.nodeId === nodeId)
        .sort(bySeq)
        .map(copy);
    },
    async blobs(hashes) {
      const found = new Map<string, FileContent>();
      for (const hash of hashes) {
        const content = blobRows.get(hash);
        if (content === undefined) throw missingBlob(hash);
        found.set(hash, copy(content));
      }
      return found;
    },
    async blobCount() {
      return blobRows.size;
    },
    async delete(id) {
      rows.delete(id);
    },
    deleteSession: async (sessionId) => removeWithBlobs(ofSession(sessionId)),
    async deleteOfNodes(nodeIds) {
      const ids = new Set(nodeIds);
      return removeWithBlobs([...rows.values()].filter((row) => ids.has(row.nodeId)));
    },
  };
}
