import type { FileContent, FileKind, FileMeta, FileRecord } from './records';

/**
 * What a write expects to find, checked inside the write's transaction:
 * `absent` — nothing at the path; `present` — something there; a number — that version.
 */
export type WriteExpectation = 'absent' | 'present' | number;

/** One step of an atomic batch. */
export type FileChange =
  | {
      type: 'put';
      path: string;
      kind: FileKind;
      content: FileContent;
      expect?: WriteExpectation;
    }
  | { type: 'delete'; path: string; expect?: WriteExpectation };

/** Options of {@link FileStore.apply}, for batches large enough to be watched and stopped. */
export interface ApplyOptions {
  /**
   * Aborting it before the batch commits rejects with the signal's reason and writes
   * nothing. Checked between groups of rows, so it takes effect within one group.
   */
  signal?: AbortSignal;
  /**
   * Called as rows are written, before the commit: rows written so far and in all (puts
   * only). Nothing is visible to readers until the whole batch commits.
   */
  onProgress?: (written: number, total: number) => void;
}

/**
 * Files of all workspaces. Paths reaching this interface are already validated by
 * src/workspace; the store only keeps them.
 */
/** What a listing leaves out, in the query itself (the rows are never read). */
export interface ListOptions {
  /**
   * A top-level folder left out with everything under it: the workspace's `.git`, whose
   * objects can outnumber the person's files many times over.
   */
  without?: string;
}

export interface FileStore {
  /**
   * Every entry of a workspace without contents, sorted by path (code-unit order). Loads no
   * file contents, so it stays cheap in big workspaces: the Dexie store reads a metadata
   * table that every write keeps in step with `files` in the same transaction.
   */
  list(workspaceId: string, options?: ListOptions): Promise<FileMeta[]>;
  /** Every entry of a workspace with contents, sorted by path. */
  listWithContent(workspaceId: string, options?: ListOptions): Promise<FileRecord[]>;
  get(workspaceId: string, path: string): Promise<FileRecord | undefined>;
  /**
   * The files at `paths` in one read (undefined where none), in the order asked: a search
   * or a replace over a thousand files reads them in a few transactions, not a thousand.
   */
  getMany(workspaceId: string, paths: readonly string[]): Promise<(FileRecord | undefined)[]>;
  /**
   * Applies all changes in one transaction, or none: when an expectation fails it throws a
   * CoveError with code `exists`, `missing` or `conflict` and nothing is written. A put
   * sets mtime to `now` and version to the previous version plus one.
   * Returns the rows written (deletes omitted), in order. Large batches are written in
   * groups, so the thread that applies them stays responsive (no task of more than a few
   * tens of milliseconds for a batch of 10,000 small files).
   */
  apply(
    workspaceId: string,
    changes: FileChange[],
    now: number,
    options?: ApplyOptions,
  ): Promise<FileRecord[]>;
  /**
   * Writes one file as `file.version` without reading anything first, for a page that is
   * going away (pagehide): the transaction and its put are issued before the calling task
   * ends (at most microtasks later) and committed at once, so the write lands even when no
   * callback of this page ever runs again. No expectation is checked, so a write made
   * elsewhere meanwhile is overwritten: use `apply` whenever the page can wait for it.
   * Resolves with the row written once it is committed.
   */
  putAtOnce(
    workspaceId: string,
    file: { path: string; content: FileContent; version: number },
    now: number,
  ): Promise<FileRecord>;
}
