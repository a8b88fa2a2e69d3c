/**
 * What each workspace and conversation holds, for Settings → Storage. Sizes are the bytes of
 * what the rows keep (file sizes, the UTF-8 of message and trace text, blob contents), not
 * what IndexedDB spends on disk, which the browser does not tell per row; the page's total
 * comes from `CoveStore.estimate`.
 */

/** How many of something, and their bytes. */
export interface Amount {
  count: number;
  bytes: number;
}

/** One conversation's share. */
export interface ConversationUsage {
  sessionId: string;
  workspaceId: string;
  title: string;
  updatedAt: number;
  /** Messages (nodes of every branch) and the bytes of their text. */
  messages: Amount;
  /** Agent runs recorded for it (traces) and the bytes of their steps. */
  runs: Amount;
  /** messages.bytes + runs.bytes: what the list sorts by. */
  bytes: number;
}

/** One workspace's share. */
export interface WorkspaceUsage {
  workspaceId: string;
  /** The workspace's name; its id when the workspace row is missing (set aside). */
  name: string;
  files: Amount;
  /** Conversations, with the bytes of all their messages. */
  conversations: Amount;
  /** Runs of its conversations, with the bytes of their steps. */
  runs: Amount;
  /** Checkpoints recorded in it (the rows are small; their contents are the blobs). */
  checkpoints: number;
  /**
   * Distinct blobs its checkpoints refer to, with their bytes. A blob two workspaces share
   * counts in both.
   */
  blobs: Amount;
  /** files + conversations + runs + blobs, in bytes: what the list sorts by. */
  bytes: number;
  /** Its conversations, biggest first. */
  sessions: ConversationUsage[];
}

export interface StorageUsage {
  /** Biggest first. */
  workspaces: WorkspaceUsage[];
  /** Blobs no checkpoint refers to (a deleted conversation's, until they are removed). */
  unreferencedBlobs: Amount;
}

export interface UsageStore {
  /**
   * Reads every table once, in one read transaction, and sums what each workspace and
   * conversation holds. Rows are visited one at a time (file contents are never read, only
   * their recorded sizes), so memory stays small however big the store.
   */
  usage(): Promise<StorageUsage>;
}
