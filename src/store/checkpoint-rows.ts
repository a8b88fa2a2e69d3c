import type { CoveError } from '../base/errors';
import { storeError } from './store-errors';
import { hashContent } from './blob-hash';
import type {
  BlobRecord,
  CheckpointDraft,
  CheckpointFile,
  CheckpointRecord,
  FileState,
} from './checkpoint-store';

/**
 * Helpers both checkpoint stores share, so they keep one contract: hashing happens before a
 * transaction opens (WebCrypto is not IndexedDB; awaiting it inside would let the
 * transaction commit early), and the row logic is the same plain code in both.
 */

/** A draft's files with their blob addresses, and the blobs they need (each once). */
export interface HashedDraft {
  files: CheckpointFile[];
  blobs: BlobRecord[];
}

export async function hashDraft(draft: CheckpointDraft): Promise<HashedDraft> {
  const seen = new Set<string>();
  const unique = draft.files.filter((file) => !seen.has(file.path) && seen.add(file.path));
  // All at once: WebCrypto digests run off the main thread in parallel.
  const hashes = await Promise.all(
    unique.map((file) => (file.content === null ? null : (file.hash ?? hashContent(file.content)))),
  );
  const blobs = new Map<string, BlobRecord>();
  const files = unique.map((file, i): CheckpointFile => {
    const hash = hashes[i]!;
    if (file.content === null || hash === null) {
      return { path: file.path, blobHash: null, version: null, binary: false };
    }
    if (!blobs.has(hash)) blobs.set(hash, { hash, content: file.content });
    return {
      path: file.path,
      blobHash: hash,
      version: file.version,
      binary: typeof file.content !== 'string',
    };
  });
  return { files, blobs: [...blobs.values()] };
}

/** The unsettled turn checkpoint a `turn` draft merges into, if any. */
export function openTurn(
  draft: CheckpointDraft,
  ofNode: readonly CheckpointRecord[],
): CheckpointRecord | undefined {
  if (draft.kind !== 'turn') return undefined;
  return ofNode.find(
    (row) =>
      row.sessionId === draft.sessionId && row.kind === 'turn' && row.settledAt === undefined,
  );
}

/**
 * The row to write for a draft: `open` with the draft's new paths appended, or a new row
 * at `nextSeq`. Returns the files actually added, whose blobs must be stored.
 */
export function checkpointRow(
  draft: CheckpointDraft,
  hashed: HashedDraft,
  open: CheckpointRecord | undefined,
  nextSeq: number,
): { row: CheckpointRecord; added: CheckpointFile[] } {
  if (open) {
    const known = new Set(open.files.map((file) => file.path));
    const added = hashed.files.filter((file) => !known.has(file.path));
    return { row: { ...open, files: [...open.files, ...added] }, added };
  }
  const { files: _contents, ...rest } = draft;
  return { row: { ...rest, seq: nextSeq, files: hashed.files }, added: hashed.files };
}

/** The blobs `files` refer to, each once. */
export function blobsFor(files: readonly CheckpointFile[], hashed: HashedDraft): BlobRecord[] {
  const wanted = new Set(files.map((file) => file.blobHash).filter((hash) => hash !== null));
  return hashed.blobs.filter((blob) => wanted.has(blob.hash));
}

/** `row` with `after` set on the given paths and `settledAt`. */
export function settledRow(
  row: CheckpointRecord,
  after: readonly (FileState & { path: string })[],
  now: number,
): CheckpointRecord {
  const byPath = new Map(after.map((state) => [state.path, state]));
  return {
    ...row,
    settledAt: now,
    files: row.files.map((file) => {
      const state = byPath.get(file.path);
      return state
        ? {
            ...file,
            after: { blobHash: state.blobHash, version: state.version, binary: state.binary },
          }
        : file;
    }),
  };
}

export function missingCheckpoint(id: string): CoveError {
  return storeError('missing', { variant: 'checkpoint', id });
}

export function missingBlob(hash: string): CoveError {
  return storeError('missing', { variant: 'checkpoint-content', hash: hash.slice(0, 12) });
}

export const bySeq = (a: CheckpointRecord, b: CheckpointRecord) => a.seq - b.seq;

/** The blob hashes `rows` refer to (what a rewind to any of them could read). */
export function referencedBlobs(rows: Iterable<CheckpointRecord>): Set<string> {
  const hashes = new Set<string>();
  for (const row of rows) {
    for (const file of row.files) if (file.blobHash) hashes.add(file.blobHash);
  }
  return hashes;
}
