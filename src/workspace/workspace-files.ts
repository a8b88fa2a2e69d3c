import type { Clock } from '../base/clock';
import { CoveError, fromErrorParts, toErrorParts, type CoveErrorParts } from '../base/errors';
import { workspaceError } from './workspace-errors';
import type { ApplyOptions, FileChange, FileStore } from '../store/file-store';
import type { FileContent, FileMeta, FileRecord } from '../store/records';
import { contentFromBytes } from './file-content';
import {
  indexListing,
  planCreate,
  planDelete,
  planMove,
  planParents,
  planWrite,
} from './file-plans';
import { describeTooLarge, MAX_FILE_BYTES } from './limits';
import { GIT_FOLDER, isHiddenPath, visibleOnly } from './hidden-paths';
import { ancestorsOf, normalizePath, printablePath } from './paths';

/** One file to bring in from outside (upload, drop, zip). */
export interface IncomingFile {
  /** As given by the source; checked and normalized before anything is written. */
  path: string;
  bytes: Uint8Array;
}

/** A file that was not brought in, and why. */
export interface SkippedFile {
  path: string;
  reason: string;
  /**
   * The refusal behind `reason`, when it was an error: worded where the list is shown (an
   * import in a worker has no English installed, so its `reason` is only the code).
   */
  problem?: CoveErrorParts;
}

/** Why `skipped` was not brought in, in words. */
export function skipReason(skipped: SkippedFile): string {
  return skipped.problem ? fromErrorParts(skipped.problem).message : skipped.reason;
}

/** A skipped entry refused by `error`. */
function refusedBy(path: string, error: unknown): SkippedFile {
  return error instanceof CoveError
    ? { path, reason: error.message, problem: toErrorParts(error) }
    : { path, reason: String(error) };
}

export interface ImportResult {
  written: string[];
  replaced: string[];
  skipped: SkippedFile[];
}

/**
 * The file system of one workspace: every read and write of workspace files goes through
 * here, so path rules, size limits and atomic batches hold for the UI, Python and the agent
 * alike. Every method validates its paths first and throws CoveError on bad input, having
 * written nothing.
 *
 * Git's folder (hidden-paths.ts) is left out of every listing and refused by name (`bad-path`,
 * variant `git-folder`) by every method that takes a path, so nothing that lists or edits
 * files can see or damage it; folder moves and deletes carry it along with its folder. Only
 * {@link listAll}, {@link findAny} and {@link apply} reach it, for the git adapter.
 */
export class WorkspaceFiles {
  constructor(
    private readonly store: FileStore,
    readonly workspaceId: string,
    private readonly clock: Clock,
  ) {}

  /** Every visible file and folder, without contents, sorted by path. */
  async list(): Promise<FileMeta[]> {
    // The root's .git is left out by the query (a clone's objects are most of the rows);
    // a nested repository's, rare, by the filter.
    return visibleOnly(await this.store.list(this.workspaceId, { without: GIT_FOLDER }));
  }

  /**
   * Every visible file and folder with contents, sorted by path; with `includeGit`, git's
   * folder too (a zip export that carries the history, asked for by the person).
   */
  async listWithContent(options: { includeGit?: boolean } = {}): Promise<FileRecord[]> {
    if (options.includeGit) return this.store.listWithContent(this.workspaceId);
    return visibleOnly(await this.store.listWithContent(this.workspaceId, { without: GIT_FOLDER }));
  }

  /**
   * Every entry, git's folder included, without contents, sorted by path. For the git adapter
   * (and planning here): anything shown to a person or a model uses {@link list}.
   */
  listAll(): Promise<FileMeta[]> {
    return this.store.list(this.workspaceId);
  }

  /** The entry at a normalized `path`, git's folder included: for the git adapter only. */
  findAny(path: string): Promise<FileRecord | undefined> {
    return this.store.get(this.workspaceId, path);
  }

  /** The file at `path`, or a CoveError `missing`. */
  async read(path: string): Promise<FileRecord> {
    const normal = visiblePath(path);
    const row = await this.store.get(this.workspaceId, normal);
    if (!row) {
      throw workspaceError('missing', { variant: 'file-to-read', path: normal });
    }
    return row;
  }

  /** The file at `path` if it exists. */
  async find(path: string): Promise<FileRecord | undefined> {
    return this.store.get(this.workspaceId, visiblePath(path));
  }

  /** The files at `paths` (undefined where none), in their order, read together. */
  async findMany(paths: readonly string[]): Promise<(FileRecord | undefined)[]> {
    return this.store.getMany(this.workspaceId, paths.map(visiblePath));
  }

  /**
   * Creates or replaces a file, creating missing folders. With `expectVersion`, refuses
   * (CoveError `conflict`) when the stored file is not at that version any more; with
   * `'absent'` (CoveError `exists`) when a file is there, so only a new file is written.
   */
  async write(
    path: string,
    content: FileContent,
    options: { expectVersion?: number | 'absent' } = {},
  ) {
    const normal = visiblePath(path);
    checkSize(normal, content);
    const listing = indexListing(await this.listAll());
    return this.apply(planWrite(listing, normal, content, options.expectVersion));
  }

  /**
   * Writes a file's whole content as `version` at once, for a page that is going away: see
   * FileStore.putAtOnce (started before this returns, committed at once, nothing checked).
   */
  writeAtOnce(path: string, content: FileContent, version: number): Promise<FileRecord> {
    let normal: string;
    try {
      normal = visiblePath(path);
      checkSize(normal, content);
    } catch (error) {
      // A rejection, not a throw: a caller flushing many files must reach all of them.
      return Promise.reject(error as Error);
    }
    return this.store.putAtOnce(
      this.workspaceId,
      { path: normal, content, version },
      this.clock.now(),
    );
  }

  /** Creates a new empty (or given) file; CoveError `exists` when the name is taken. */
  async createFile(path: string, content: FileContent = ''): Promise<string> {
    const normal = visiblePath(path);
    checkSize(normal, content);
    await this.apply(planCreate(indexListing(await this.listAll()), normal, 'file', content));
    return normal;
  }

  /** Creates a folder (and missing parents); CoveError `exists` when the name is taken. */
  async createFolder(path: string): Promise<string> {
    const normal = visiblePath(path);
    await this.apply(planCreate(indexListing(await this.listAll()), normal, 'folder'));
    return normal;
  }

  /** Moves or renames a file or a folder with everything in it. Returns the new path. */
  async move(from: string, to: string): Promise<string> {
    const source = visiblePath(from);
    const target = visiblePath(to);
    const listing = indexListing(await this.listAll());
    await this.apply(
      await planMove(listing, source, target, (path) => this.store.get(this.workspaceId, path)),
    );
    return target;
  }

  /** Deletes a file, or a folder and everything in it. */
  async delete(path: string): Promise<void> {
    const normal = visiblePath(path);
    await this.apply(planDelete(indexListing(await this.listAll()), normal));
  }

  /**
   * Brings files in from outside, into folder `into` ('' for the root). Entries with a bad
   * path or over the size limit are skipped and listed; the rest are written in one batch.
   * Existing files are replaced only when `replace` is true, else skipped and listed.
   * `folders` are created too (so empty folders of an archive survive). `signal` and
   * `onProgress` are those of FileStore.apply: a cancel before the commit writes nothing.
   */
  async importFiles(
    incoming: readonly IncomingFile[],
    options: {
      into?: string;
      replace?: boolean;
      folders?: readonly string[];
    } & ApplyOptions = {},
  ): Promise<ImportResult> {
    const into = options.into ? visiblePath(options.into) : '';
    // Git's folder comes in with the rest (a zipped repository keeps its history).
    const listing = indexListing(await this.listAll());
    const skipped: SkippedFile[] = [];
    const changes: FileChange[] = [];
    const written: string[] = [];
    const replaced: string[] = [];
    const planned = new Set<string>();
    const plannedFiles = new Set<string>();
    for (const file of incoming) {
      let path: string;
      try {
        path = normalizePath(into ? `${into}/${file.path}` : file.path);
      } catch (error) {
        skipped.push(refusedBy(printablePath(file.path), error));
        continue;
      }
      if (file.bytes.byteLength > MAX_FILE_BYTES) {
        skipped.push({ path, reason: describeTooLarge(file.bytes.byteLength) });
        continue;
      }
      if (plannedFiles.has(path)) {
        skipped.push({ path, reason: 'appears twice' });
        continue;
      }
      if (planned.has(path)) {
        skipped.push({ path, reason: 'is a folder in the same import' });
        continue;
      }
      if (ancestorsOf(path).some((folder) => plannedFiles.has(folder))) {
        skipped.push({ path, reason: 'its folder is a file in the same import' });
        continue;
      }
      const existing = listing.get(path);
      if (existing && (existing.kind === 'folder' || !options.replace)) {
        skipped.push({
          path,
          reason: existing.kind === 'folder' ? 'is a folder here' : 'already exists',
        });
        continue;
      }
      try {
        changes.push(...planParents(listing, path, planned));
      } catch (error) {
        skipped.push(refusedBy(path, error));
        continue;
      }
      plannedFiles.add(path);
      changes.push({
        type: 'put',
        path,
        kind: 'file',
        content: contentFromBytes(file.bytes),
        expect: existing ? existing.version : 'absent',
      });
      (existing ? replaced : written).push(path);
    }
    for (const folder of options.folders ?? []) {
      let path: string;
      try {
        path = normalizePath(into ? `${into}/${folder}` : folder);
      } catch (error) {
        skipped.push({
          path: `${printablePath(folder)}/`,
          reason: error instanceof CoveError ? error.message : String(error),
        });
        continue;
      }
      if (listing.has(path) || planned.has(path) || plannedFiles.has(path)) continue;
      if (ancestorsOf(path).some((parent) => plannedFiles.has(parent))) continue;
      try {
        changes.push(...planParents(listing, path, planned));
      } catch {
        continue;
      }
      planned.add(path);
      changes.push({ type: 'put', path, kind: 'folder', content: '', expect: 'absent' });
    }
    options.signal?.throwIfAborted();
    if (changes.length) {
      await this.apply(changes, { signal: options.signal, onProgress: options.onProgress });
    }
    return { written, replaced, skipped };
  }

  /**
   * Applies a batch prepared elsewhere (e.g. the files a Python run changed) in one
   * transaction. Paths must be normalized; expectations are enforced by the store.
   */
  apply(changes: FileChange[], options?: ApplyOptions): Promise<FileRecord[]> {
    return this.store.apply(this.workspaceId, changes, this.clock.now(), options);
  }
}

/** `path` in normal form, or a `bad-path` error when it is (inside) git's folder. */
function visiblePath(path: string): string {
  const normal = normalizePath(path);
  if (isHiddenPath(normal)) {
    throw workspaceError('bad-path', { variant: 'git-folder', path: printablePath(normal) });
  }
  return normal;
}

function checkSize(path: string, content: FileContent): void {
  const size = typeof content === 'string' ? content.length : content.byteLength;
  // String length undercounts UTF-8 bytes by at most 3×; check the exact size only when close.
  if (size * 3 <= MAX_FILE_BYTES) return;
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content).length : size;
  if (bytes > MAX_FILE_BYTES) {
    throw workspaceError('too-large', { path, size: bytes, limit: MAX_FILE_BYTES });
  }
}
