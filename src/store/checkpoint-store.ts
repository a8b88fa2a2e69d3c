import type { FileContent } from './records';

/**
 * The state of one path as a checkpoint saw it. `blobHash` is the content's address in the
 * blob table (see blob-hash.ts), or null when no file was at the path.
 */
export interface FileState {
  blobHash: string | null;
  /** The file's version (FileRecord.version); null when absent. */
  version: number | null;
  /**
   * True when the file was kept as bytes. Blobs are addressed by bytes alone, so text and
   * identical bytes share a blob; this says which kind it was. False when absent.
   */
  binary: boolean;
}

/** One path of a checkpoint. */
export interface CheckpointFile extends FileState {
  path: string;
  /**
   * What the turn left at this path (its state when the checkpoint was settled), so a
   * rewind can tell the agent's writes from changes made afterwards by hand. Absent until
   * the checkpoint is settled.
   */
  after?: FileState;
}

/**
 * `turn`: recorded before an agent turn changed files. `rewind`: recorded by a rewind
 * before it overwrote files, so the rewind can itself be undone.
 */
export type CheckpointKind = 'turn' | 'rewind';

/** A row of `checkpoints`: how some workspace files were at one point of a session. */
export interface CheckpointRecord {
  id: string;
  sessionId: string;
  workspaceId: string;
  /** The session node the checkpoint belongs to (the turn about to change files). */
  nodeId: string;
  kind: CheckpointKind;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /**
   * Position in the session's checkpoints, from 1, assigned by the store when the row is
   * first written: the workspace's history is linear even when the conversation branches.
   */
  seq: number;
  /** When `after` was filled in; absent while the turn runs (or when it never finished). */
  settledAt?: number;
  /** One entry per path, each path once, in the order first recorded. */
  files: CheckpointFile[];
}

/** A row of `blobs`: content stored once, under the hash of its bytes. */
export interface BlobRecord {
  hash: string;
  /** As the file store keeps it: text as a string, anything else as bytes. */
  content: FileContent;
}

/** A checkpoint to write: the store hashes the contents and assigns `seq`. */
export interface CheckpointDraft {
  id: string;
  sessionId: string;
  workspaceId: string;
  nodeId: string;
  kind: CheckpointKind;
  createdAt: number;
  files: {
    path: string;
    content: FileContent | null;
    version: number | null;
    /**
     * `hashContent(content)` when the caller has it already (a rewind's plan does), so it
     * is not computed twice. It must be exactly that: blobs are stored under it.
     */
    hash?: string;
  }[];
}

/**
 * Checkpoints over content-addressed blobs. Every write is one transaction; a failure
 * writes nothing.
 */
export interface CheckpointStore {
  /**
   * Writes the checkpoint and the blobs not stored yet (a blob already present costs
   * nothing) in one transaction, and returns the row. A `turn` draft for a session and node
   * that already has an unsettled `turn` checkpoint is merged into it instead: paths it
   * does not hold yet are added, the state first recorded for a path wins. So a turn may
   * record each path just before it writes it.
   */
  record(draft: CheckpointDraft): Promise<CheckpointRecord>;
  /**
   * Sets `after` on the checkpoint's files (paths not in `after` stay as they are) and
   * `settledAt`. CoveError `missing` when the checkpoint does not exist.
   */
  settle(
    id: string,
    after: (FileState & { path: string })[],
    now: number,
  ): Promise<CheckpointRecord>;
  get(id: string): Promise<CheckpointRecord | undefined>;
  /** A session's checkpoints, oldest first (by `seq`). */
  list(sessionId: string): Promise<CheckpointRecord[]>;
  /** The checkpoints recorded for one node, oldest first. */
  ofNode(nodeId: string): Promise<CheckpointRecord[]>;
  /**
   * The contents of the given blobs, by hash. CoveError `missing` when one is not stored.
   */
  blobs(hashes: readonly string[]): Promise<Map<string, FileContent>>;
  /** How many blobs are stored (all sessions). */
  blobCount(): Promise<number>;
  /**
   * Removes one checkpoint row (a rewind that failed takes back its undo checkpoint). Its
   * blobs stay: other checkpoints may share them.
   */
  delete(id: string): Promise<void>;
  /**
   * Removes every checkpoint of a session (the session was deleted) and then the blobs no
   * remaining checkpoint refers to, in one transaction. Returns how many of each went.
   */
  deleteSession(sessionId: string): Promise<{ checkpoints: number; blobs: number }>;
  /**
   * The same for the checkpoints of these nodes (a deleted branch went for good).
   */
  deleteOfNodes(nodeIds: readonly string[]): Promise<{ checkpoints: number; blobs: number }>;
}
