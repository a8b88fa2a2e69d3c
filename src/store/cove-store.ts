import type { ChangeFeed } from './change-feed';
import type { CheckpointStore } from './checkpoint-store';
import type { FileStore } from './file-store';
import type { KnowledgeStore } from './knowledge-store';
import type { LogStore } from './log-store';
import type { RunStore } from './run-store';
import type { SessionStore } from './session-store';
import type { SetAsideStore } from './set-aside-store';
import type { SettingsStore } from './settings-store';
import type { TrashStore } from './trash-store';
import type { StoreSnapshot } from './snapshot';
import type { UsageStore } from './usage-store';
import type { WorkspaceStore } from './workspace-store';

/** Everything persistent, as one object the composition root hands down. */
export interface CoveStore {
  readonly workspaces: WorkspaceStore;
  readonly files: FileStore;
  readonly settings: SettingsStore;
  readonly sessions: SessionStore;
  /** Checkpoints of files before agent turns, over content-addressed blobs. */
  readonly checkpoints: CheckpointStore;
  /** Traces of agent runs (not part of snapshots: a backup carries work, not diagnostics). */
  readonly runs: RunStore;
  /** The app log's ring buffer (not part of snapshots). */
  readonly logs: LogStore;
  /** Damaged rows reads found and moved out of their tables (not part of snapshots). */
  readonly setAside: SetAsideStore;
  /** What each workspace and conversation holds (Settings → Storage). */
  readonly usage: UsageStore;
  /**
   * Recently deleted conversations and branches, kept whole until deleted for good (not
   * part of snapshots, like checkpoints).
   */
  readonly trash: TrashStore;
  /** The knowledge index of each workspace (derived rows: not part of snapshots). */
  readonly knowledge: KnowledgeStore;
  readonly changes: ChangeFeed;
  /**
   * Every row of every table, for backups. Secret settings (`secret.*`) are left out unless
   * `withSecrets`; then they come decrypted, in memory only, and leaves that cannot be
   * decrypted (the profile's key was lost) are left out.
   */
  snapshot(options?: { withSecrets?: boolean }): Promise<StoreSnapshot>;
  /**
   * Writes a validated snapshot in one transaction: workspaces in it replace those with the
   * same id (their old files and sessions are removed), others stay; settings are
   * overwritten by key. Secret settings in it are plaintext and are sealed before they are
   * written, like `settings.set` does.
   */
  restore(snapshot: StoreSnapshot): Promise<void>;
  /** Usage and quota in bytes, when the platform can tell. */
  estimate(): Promise<{ usage: number; quota: number } | undefined>;
  close(): void;
}
