import type { FileChange } from '../../store/file-store';
import type { FileMeta, FileRecord } from '../../store/records';
import { bytesOfContent, contentFromBytes } from '../file-content';
import { baseName, parentOf } from '../paths';
import type { WorkspaceFiles } from '../workspace-files';

/**
 * A Node-style file system error, as isomorphic-git tests them: by `code` (`ENOENT`,
 * `EEXIST`, `ENOTDIR`, `EISDIR`, `ENOTEMPTY`, `EINVAL`, `ENOTSUP`).
 */
export class GitFsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GitFsError';
  }
}

/** What `stat` and `lstat` return: the fields isomorphic-git reads of Node's fs.Stats. */
export interface GitFsStats {
  type: 'file' | 'dir';
  mode: number;
  size: number;
  ino: number;
  dev: number;
  uid: number;
  gid: number;
  mtimeMs: number;
  ctimeMs: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

const FILE_MODE = 0o100644;
const FOLDER_MODE = 0o40000;

function statsOf(entry: FileMeta | undefined): GitFsStats {
  const folder = !entry || entry.kind === 'folder';
  // The version rides in the sub-millisecond digits: two writes of the same size in the same
  // millisecond still differ, so git's index never mistakes a changed file for a clean one.
  const time = entry ? entry.mtime + (entry.version % 1000) / 1000 : 0;
  return {
    type: folder ? 'dir' : 'file',
    mode: folder ? FOLDER_MODE : FILE_MODE,
    size: folder ? 0 : (entry?.size ?? 0),
    ino: 0,
    dev: 1,
    uid: 1,
    gid: 1,
    mtimeMs: time,
    ctimeMs: time,
    isFile: () => !folder,
    isDirectory: () => folder,
    isSymbolicLink: () => false,
  };
}

/**
 * The workspace path of an fs path as isomorphic-git builds them (`/` + dir + file, with
 * doubled or `./` segments): '' for the root. `..` cannot name anything inside the
 * workspace, so it is refused.
 */
export function workspacePathOf(fsPath: string): string {
  const parts: string[] = [];
  for (const part of fsPath.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') throw new GitFsError('EINVAL', `EINVAL: "${fsPath}" leaves the workspace`);
    parts.push(part);
  }
  return parts.join('/');
}

type Encoding = string | { encoding?: string | null } | undefined;

function wantsText(options: Encoding): boolean {
  const encoding = typeof options === 'string' ? options : options?.encoding;
  return encoding === 'utf8' || encoding === 'utf-8';
}

/**
 * isomorphic-git's `fs` over a workspace's own file store, so the tree, the editor, Python
 * and git see one set of files: git's folder is ordinary rows under `.git/` (hidden from
 * everything else by WorkspaceFiles) and the working tree is the workspace itself. The
 * workspace root is `/`; pass `dir: '/'` to isomorphic-git.
 *
 * Semantics are Node's (a write needs its folder, rmdir needs it empty…), failing with
 * {@link GitFsError} codes, because isomorphic-git recovers by code. Symbolic links do not
 * exist in a workspace: `symlink` fails with `ENOTSUP` and says so.
 *
 * Listings are cached between {@link refresh} calls and kept up to date by this adapter's own
 * writes; call `refresh` before each git operation so edits made elsewhere (the editor,
 * Python, another tab) are seen. Text written to the working tree is stored as text, so the
 * editor opens a checked-out file as it would any other.
 */
export class WorkspaceGitFs {
  private entries: Promise<Map<string, FileMeta>> | undefined;
  private children: Map<string, Set<string>> | undefined;
  /** The `promises` face isomorphic-git binds to (it detects a promise-based fs by it). */
  readonly promises: WorkspaceGitFs = this;

  constructor(private readonly files: WorkspaceFiles) {}

  /** Forgets the cached listing, so the next call reads the store again. */
  refresh(): void {
    this.entries = undefined;
    this.children = undefined;
  }

  async readFile(path: string, options?: Encoding): Promise<Uint8Array | string> {
    const row = await this.fileRow(path, 'open');
    if (wantsText(options)) {
      return typeof row.content === 'string' ? row.content : new TextDecoder().decode(row.content);
    }
    return bytesOfContent(row.content);
  }

  async writeFile(path: string, data: Uint8Array | string, _options?: Encoding): Promise<void> {
    const target = workspacePathOf(path);
    const existing = await this.entry(target);
    if (existing?.kind === 'folder' || target === '') {
      throw new GitFsError('EISDIR', `EISDIR: illegal operation on a directory, open '${path}'`);
    }
    await this.requireFolder(parentOf(target), path, 'open');
    const content = typeof data === 'string' ? data : contentFromBytes(new Uint8Array(data));
    await this.write([{ type: 'put', path: target, kind: 'file', content }]);
  }

  async unlink(path: string): Promise<void> {
    const target = workspacePathOf(path);
    const existing = await this.entry(target);
    if (!existing) throw notFound('unlink', path);
    if (existing.kind === 'folder') {
      throw new GitFsError('EISDIR', `EISDIR: illegal operation on a directory, unlink '${path}'`);
    }
    await this.write([{ type: 'delete', path: target }]);
  }

  async readdir(path: string): Promise<string[]> {
    const target = workspacePathOf(path);
    await this.requireFolder(target, path, 'scandir');
    const names = (await this.childIndex()).get(target);
    return names ? [...names].sort() : [];
  }

  async mkdir(path: string, _options?: unknown): Promise<void> {
    const target = workspacePathOf(path);
    if (target === '' || (await this.entry(target))) {
      throw new GitFsError('EEXIST', `EEXIST: file already exists, mkdir '${path}'`);
    }
    await this.requireFolder(parentOf(target), path, 'mkdir');
    await this.write([{ type: 'put', path: target, kind: 'folder', content: '' }]);
  }

  async rmdir(path: string, _options?: unknown): Promise<void> {
    const target = workspacePathOf(path);
    await this.requireFolder(target, path, 'rmdir');
    if (target === '' || (await this.childIndex()).get(target)?.size) {
      throw new GitFsError('ENOTEMPTY', `ENOTEMPTY: directory not empty, rmdir '${path}'`);
    }
    await this.write([{ type: 'delete', path: target }]);
  }

  async stat(path: string): Promise<GitFsStats> {
    const target = workspacePathOf(path);
    if (target === '') return statsOf(undefined);
    const existing = await this.entry(target);
    if (!existing) throw notFound('stat', path);
    return statsOf(existing);
  }

  /** As {@link stat}: a workspace holds no symbolic links. */
  lstat(path: string): Promise<GitFsStats> {
    return this.stat(path);
  }

  /** Nothing is a link: `EINVAL` as Node says for a file that is not one, `ENOENT` if none. */
  async readlink(path: string, _options?: unknown): Promise<string> {
    await this.stat(path);
    throw new GitFsError('EINVAL', `EINVAL: invalid argument, readlink '${path}'`);
  }

  async symlink(target: string, path: string): Promise<void> {
    throw new GitFsError(
      'ENOTSUP',
      `ENOTSUP: a Cove workspace cannot hold symbolic links, so '${workspacePathOf(path)}' (a link to '${target}') was not created. Replace the link with a copy of the file in the repository.`,
    );
  }

  private async fileRow(path: string, action: string): Promise<FileRecord> {
    const target = workspacePathOf(path);
    const existing = target === '' ? undefined : await this.entry(target);
    if (target === '' || existing?.kind === 'folder') {
      throw new GitFsError('EISDIR', `EISDIR: illegal operation on a directory, read '${path}'`);
    }
    const row = existing && (await this.files.findAny(target));
    if (!row) throw notFound(action, path);
    return row;
  }

  /** Throws unless `folder` ('' for the root) exists and is a folder. */
  private async requireFolder(folder: string, path: string, action: string): Promise<void> {
    if (folder === '') return;
    const existing = await this.entry(folder);
    if (!existing) throw notFound(action, path);
    if (existing.kind !== 'folder') {
      throw new GitFsError('ENOTDIR', `ENOTDIR: not a directory, ${action} '${path}'`);
    }
  }

  private async entry(path: string): Promise<FileMeta | undefined> {
    return (await this.listing()).get(path);
  }

  private async listing(): Promise<Map<string, FileMeta>> {
    // One read shared by the calls that race for it (isomorphic-git stats files in parallel).
    this.entries ??= this.files
      .listAll()
      .then((all) => new Map(all.map((meta) => [meta.path, meta])));
    return this.entries;
  }

  private async childIndex(): Promise<Map<string, Set<string>>> {
    const entries = await this.listing();
    if (!this.children) {
      this.children = new Map();
      for (const path of entries.keys()) this.addChild(path);
    }
    return this.children;
  }

  private addChild(path: string): void {
    const parent = parentOf(path);
    let names = this.children?.get(parent);
    if (this.children && !names) this.children.set(parent, (names = new Set()));
    names?.add(baseName(path));
  }

  private async write(changes: FileChange[]): Promise<void> {
    const rows = await this.files.apply(changes);
    const entries = await this.listing();
    for (const change of changes) {
      if (change.type !== 'delete') continue;
      entries.delete(change.path);
      this.children?.get(parentOf(change.path))?.delete(baseName(change.path));
    }
    for (const row of rows) {
      const { content, ...meta } = row;
      entries.set(row.path, { ...meta, binary: typeof content !== 'string' });
      this.addChild(row.path);
    }
  }
}

function notFound(action: string, path: string): GitFsError {
  return new GitFsError('ENOENT', `ENOENT: no such file or directory, ${action} '${path}'`);
}
