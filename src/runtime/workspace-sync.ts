import { CoveError, describeError } from '../base/errors';
import type { FileMeta, FileRecord } from '../store/records';
import type { SyncDelta, SyncPut, WorkspaceChanges } from './python-protocol';
import type { ChangedFiles, RunWorkspace } from './python-runtime';
import { noChangedFiles } from './python-runtime';
import { chooseContentRead, planSyncIn, planWriteBack, STALE_VERSION } from './sync-plan';

/** Expectation failures that mean "someone wrote meanwhile": re-read and plan again. */
const RACE_CODES = new Set(['conflict', 'exists', 'missing']);
const WRITE_BACK_ATTEMPTS = 3;

/** Counts of one sync, for progress and benchmarks. */
export interface SyncStats {
  sent: number;
  deleted: number;
  reset: boolean;
}

/**
 * The file sync between the workspace store and ONE worker: what that worker was given
 * (path → stored version), the sync in before a run, and the write-back after it. A worker
 * that is replaced starts with a fresh WorkerFileSync, so its first sync sends everything.
 */
export class WorkerFileSync {
  private workspaceId: string | undefined;
  private readonly synced = new Map<string, number>();
  /** Kind of each synced path, so the store's state at sync time can be replayed. */
  private readonly kinds = new Map<string, 'file' | 'folder'>();

  /** The versions this worker holds, for tests and diagnostics. */
  get versions(): ReadonlyMap<string, number> {
    return this.synced;
  }

  /**
   * Brings the worker's workspace folder up to date with `files`, sending only entries
   * whose version differs from what it was given (everything, for a new worker or another
   * workspace). When `send` fails the next sync starts over with a reset.
   */
  async syncIn(files: RunWorkspace, send: (delta: SyncDelta) => Promise<void>): Promise<SyncStats> {
    const reset = this.workspaceId !== files.workspaceId;
    // A first sync needs every content anyway: one read instead of a listing and a read.
    const everything = reset ? await files.listWithContent() : undefined;
    const listing = everything ? everything.map(metaOf) : await files.list();
    const plan = planSyncIn(listing, this.synced, reset);
    const deletes = [...plan.deletes];
    const rows = everything
      ? new Map(everything.map((row) => [row.path, row]))
      : await this.readContents(files, plan.puts, listing);
    const puts: SyncPut[] = [];
    const versions = new Map<string, { version: number; kind: 'file' | 'folder' }>();
    for (const meta of plan.puts) {
      if (meta.kind === 'folder') {
        puts.push({ path: meta.path, kind: 'folder', mtime: meta.mtime });
        versions.set(meta.path, { version: meta.version, kind: 'folder' });
        continue;
      }
      const row = rows.get(meta.path);
      if (!row) {
        // Deleted between the listing and the read: the worker should not have it either.
        if (this.synced.has(meta.path) && !reset) deletes.push(meta.path);
        continue;
      }
      puts.push(
        row.kind === 'folder'
          ? { path: row.path, kind: 'folder', mtime: row.mtime }
          : { path: row.path, kind: 'file', content: row.content, mtime: row.mtime },
      );
      versions.set(row.path, { version: row.version, kind: row.kind });
    }
    // Nothing changed since the last sync: no message (a spare kept current, a rerun).
    if (!reset && !deletes.length && !puts.length) return { sent: 0, deleted: 0, reset };
    try {
      await send({ reset, deletes, puts });
    } catch (error) {
      this.workspaceId = undefined;
      throw error;
    }
    if (reset) {
      this.synced.clear();
      this.kinds.clear();
      this.workspaceId = files.workspaceId;
    }
    for (const path of deletes) this.forget(path);
    for (const [path, entry] of versions) this.remember(path, entry.version, entry.kind);
    return { sent: puts.length, deleted: deletes.length, reset };
  }

  /**
   * Applies what a run changed to the workspace in one batch (see planWriteBack for how
   * edits made during the run are treated). The first attempt assumes the store is as it
   * was synced (no listing to read: the batch's expectations check that inside the
   * transaction); when the store refuses because something changed meanwhile, it reads the
   * listing and plans again. When it fails otherwise (storage full), nothing is written,
   * the error is reported and the next sync restores the worker's copy from the store.
   */
  async writeBack(files: RunWorkspace, changes: WorkspaceChanges): Promise<ChangedFiles> {
    if (files.workspaceId !== this.workspaceId) {
      return { ...noChangedFiles(), error: 'The workspace changed during the run.' };
    }
    if (!changes.written.length && !changes.deleted.length) return noChangedFiles();
    for (let attempt = 1; ; attempt++) {
      const current =
        attempt === 1
          ? this.asSynced(files.workspaceId)
          : new Map((await files.list()).map((entry) => [entry.path, entry]));
      const plan = planWriteBack({ changes, synced: this.synced, current });
      let rows: FileRecord[] = [];
      try {
        if (plan.changes.length) rows = await files.apply(plan.changes);
      } catch (error) {
        if (
          attempt < WRITE_BACK_ATTEMPTS &&
          error instanceof CoveError &&
          RACE_CODES.has(error.code)
        ) {
          continue;
        }
        this.markStale(changes);
        return { ...noChangedFiles(), skipped: plan.skipped, error: describeError(error) };
      }
      const tracked = new Set(plan.tracked);
      for (const row of rows) {
        if (tracked.has(row.path)) this.remember(row.path, row.version, row.kind);
      }
      for (const path of plan.deleted) this.forget(path);
      for (const path of plan.stale) this.synced.set(path, STALE_VERSION);
      return {
        written: [...plan.tracked, ...plan.copies].sort(),
        deleted: plan.deleted,
        conflicts: plan.conflicts,
        skipped: plan.skipped,
      };
    }
  }

  /** The store as it was at the last sync, as a listing. */
  private asSynced(workspaceId: string): Map<string, FileMeta> {
    const entries = new Map<string, FileMeta>();
    for (const [path, version] of this.synced) {
      if (version === STALE_VERSION) continue;
      const kind = this.kinds.get(path) ?? 'file';
      entries.set(path, { workspaceId, path, kind, version, size: 0, mtime: 0, binary: false });
    }
    return entries;
  }

  private remember(path: string, version: number, kind: 'file' | 'folder'): void {
    this.synced.set(path, version);
    this.kinds.set(path, kind);
  }

  private forget(path: string): void {
    this.synced.delete(path);
    this.kinds.delete(path);
  }

  /** After a failed write-back: the store wins for every path the run touched. */
  private markStale(changes: WorkspaceChanges): void {
    for (const write of changes.written) this.synced.set(write.path, STALE_VERSION);
    for (const path of changes.deleted) this.synced.set(path, STALE_VERSION);
  }

  private async readContents(
    files: RunWorkspace,
    puts: readonly FileMeta[],
    listing: readonly FileMeta[],
  ): Promise<Map<string, FileRecord>> {
    const wanted = puts.filter((entry) => entry.kind === 'file');
    if (!wanted.length) return new Map();
    if (chooseContentRead(puts, listing) === 'bulk') {
      const rows = await files.listWithContent();
      return new Map(rows.map((row) => [row.path, row]));
    }
    const rows = await Promise.all(wanted.map((entry) => files.find(entry.path)));
    return new Map(rows.filter((row) => row !== undefined).map((row) => [row.path, row]));
  }
}

function metaOf(row: FileRecord): FileMeta {
  const { content, ...meta } = row;
  return { ...meta, binary: typeof content !== 'string' };
}
