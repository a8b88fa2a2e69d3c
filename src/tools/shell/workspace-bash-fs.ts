import type {
  BufferEncoding,
  CpOptions,
  FileContent as BashFileContent,
  FsStat,
  IFileSystem,
  MkdirOptions,
  RmOptions,
} from 'just-bash';
import { isWorkspaceError } from '../../workspace/workspace-errors';
import { CoveError, describeError } from '../../base/errors';
import type { FileMeta } from '../../store/records';
import { bytesOfContent, contentFromBytes } from '../../workspace/file-content';
import { isWithin, joinPath, normalizePath, parentOf } from '../../workspace/paths';
import type { FileToolContext } from '../files/file-tool-context';
import type { ShellActor } from './shell-actor';

// Not exported by just-bash's entry points; taken from the interface they belong to.
type ReadFileOptions = Exclude<Parameters<IFileSystem['readFile']>[1], string | undefined>;
type WriteFileOptions = Exclude<Parameters<IFileSystem['writeFile']>[2], string | undefined>;
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem['readdirWithFileTypes']>>>[number];

/** What the adapter knows of one workspace entry, kept current as the command writes. */
interface Entry {
  kind: 'file' | 'folder';
  version: number;
  size: number;
  mtime: number;
}

/** A POSIX-style error the shell's commands print as "No such file or directory" etc. */
function fsError(code: string, text: string, path: string, cove?: string): Error {
  // Paths arrive as "/" + the workspace path; the message names the workspace path.
  const shown = path.replace(/^\/+/, '') || '.';
  const error = new Error(`${code}: ${text}, '${shown}'${cove ? ` (${cove})` : ''}`) as Error & {
    code: string;
  };
  error.code = code;
  return error;
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/** A string in a byte encoding ('binary', 'latin1', 'base64', 'hex') as bytes. */
function stringBytes(text: string, encoding: BufferEncoding | undefined): Uint8Array {
  switch (encoding) {
    case 'binary':
    case 'latin1':
      return Uint8Array.from(text, (ch) => ch.charCodeAt(0) & 0xff);
    case 'base64':
      return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
    case 'hex':
      return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
    default:
      return textEncoder.encode(text);
  }
}

function encodingOf(options: ReadFileOptions | WriteFileOptions | BufferEncoding | undefined) {
  if (typeof options === 'string') return options;
  return options?.encoding ?? undefined;
}

/**
 * just-bash's file system over a Cove workspace: an adapter, not a copy. Reads come from
 * the store when a command reads; every write is one WorkspaceFiles call (path rules, size
 * limit, one atomic batch, the version it expects). Mounted at /workspace, so paths here
 * are "/" + a workspace path.
 *
 * The rules of write_file hold: a file with unsaved text in an editor is never written,
 * moved or deleted; an existing file is only overwritten when the agent has seen its
 * current version, either through the read tracker (read_file) or because this command
 * read or wrote it first (`sed -i`, `>>`). Reads by the shell do not count as the agent's
 * reads for the file tools, since the model may not have seen the text.
 *
 * For a person at the terminal (`actor: 'person'`) the read-before-overwrite rule does not
 * apply: they typed `echo x > notes.txt` and mean it, as in any shell, and the rule exists
 * because a model may write over text it never saw. What stays is what protects their own
 * work: a file with unsaved text in an editor is never written, and a file that changed
 * after the command listed it (another tab, a Python run) is not overwritten blindly.
 *
 * {@link begin} starts each command line: it reads the listing (without contents) first,
 * since just-bash asks for the path list synchronously, and forgets the previous command's
 * reads and changes, so one adapter can serve a terminal's many commands.
 */
export class WorkspaceBashFs implements IFileSystem {
  private entries = new Map<string, Entry>();
  /** Versions this command read or wrote, which it may overwrite. */
  private readonly seen = new Map<string, number>();
  private readonly changed = new Set<string>();

  constructor(
    private readonly context: Pick<FileToolContext, 'files' | 'reads' | 'hasUnsavedEdits'>,
    private readonly actor: ShellActor = 'agent',
  ) {}

  /** Starts a command line: a fresh listing, no reads or changes yet. */
  async begin(): Promise<void> {
    this.seen.clear();
    this.changed.clear();
    await this.load();
  }

  /** Loads (or reloads, after Python ran) the workspace listing. */
  async load(): Promise<void> {
    const listing: FileMeta[] = await this.context.files.list();
    this.entries = new Map(
      listing.map((meta) => [
        meta.path,
        { kind: meta.kind, version: meta.version, size: meta.size, mtime: meta.mtime },
      ]),
    );
  }

  /** Workspace paths this command wrote, created, moved or deleted, sorted. */
  changedPaths(): string[] {
    return [...this.changed].sort();
  }

  /** Of {@link changedPaths}, those that are gone now (deleted, or moved away), sorted. */
  deletedPaths(): string[] {
    return this.changedPaths().filter((path) => !this.entries.has(path));
  }

  /** Marks paths changed by someone acting for this command (Python run from bash). */
  noteChanged(paths: readonly string[]): void {
    for (const path of paths) this.changed.add(path);
  }

  // --- Paths ---------------------------------------------------------------------------

  /** The workspace path ('' for the root) of a path inside the mount. */
  private workspacePath(path: string, forWrite = false): string {
    const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
    if (trimmed === '' || trimmed === '.') return '';
    try {
      return normalizePath(trimmed);
    } catch (error) {
      if (forWrite) throw fsError('EINVAL', 'invalid path', path, describeError(error));
      throw fsError('ENOENT', 'no such file or directory', path);
    }
  }

  private entry(rel: string): Entry | undefined {
    if (rel === '') return { kind: 'folder', version: 0, size: 0, mtime: 0 };
    return this.entries.get(rel);
  }

  private need(path: string): { rel: string; entry: Entry } {
    const rel = this.workspacePath(path);
    const entry = this.entry(rel);
    if (!entry) throw fsError('ENOENT', 'no such file or directory', path);
    return { rel, entry };
  }

  private children(rel: string): string[] {
    const names = new Set<string>();
    for (const path of this.entries.keys()) {
      if (path !== rel && isWithin(path, rel) && parentOf(path) === rel) {
        names.add(rel === '' ? path : path.slice(rel.length + 1));
      }
    }
    return [...names].sort();
  }

  // --- Reading -------------------------------------------------------------------------

  private async content(path: string): Promise<Uint8Array | string> {
    const { rel, entry } = this.need(path);
    if (entry.kind === 'folder') throw fsError('EISDIR', 'illegal operation on a directory', path);
    const record = await this.context.files.find(rel);
    if (!record || record.kind !== 'file') {
      throw fsError('ENOENT', 'no such file or directory', path);
    }
    this.seen.set(rel, record.version);
    this.entries.set(rel, {
      kind: 'file',
      version: record.version,
      size: record.size,
      mtime: record.mtime,
    });
    return record.content;
  }

  async readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string> {
    const content = await this.content(path);
    const encoding = encodingOf(options);
    if (encoding === 'binary' || encoding === 'latin1') {
      return String.fromCharCode(...bytesOfContent(content));
    }
    return typeof content === 'string' ? content : textDecoder.decode(content);
  }

  async readFileBuffer(path: string): Promise<Uint8Array> {
    return bytesOfContent(await this.content(path));
  }

  async exists(path: string): Promise<boolean> {
    try {
      return this.entry(this.workspacePath(path)) !== undefined;
    } catch {
      return false;
    }
  }

  async stat(path: string): Promise<FsStat> {
    const { entry } = this.need(path);
    const folder = entry.kind === 'folder';
    return {
      isFile: !folder,
      isDirectory: folder,
      isSymbolicLink: false,
      mode: folder ? 0o755 : 0o644,
      size: entry.size,
      mtime: new Date(entry.mtime),
    };
  }

  lstat(path: string): Promise<FsStat> {
    return this.stat(path);
  }

  async readdir(path: string): Promise<string[]> {
    const { rel, entry } = this.need(path);
    if (entry.kind !== 'folder') throw fsError('ENOTDIR', 'not a directory', path);
    return this.children(rel);
  }

  async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    const { rel } = this.need(path);
    return (await this.readdir(path)).map((name) => {
      const folder = this.entries.get(joinPath(rel, name))?.kind === 'folder';
      return { name, isFile: !folder, isDirectory: folder, isSymbolicLink: false };
    });
  }

  async realpath(path: string): Promise<string> {
    const { rel } = this.need(path);
    return `/${rel}`;
  }

  async readlink(path: string): Promise<string> {
    this.need(path);
    throw fsError('EINVAL', 'invalid argument (not a link)', path);
  }

  resolvePath(base: string, path: string): string {
    const parts = (path.startsWith('/') ? path : `${base}/${path}`).split('/');
    const out: string[] = [];
    for (const part of parts) {
      if (part === '' || part === '.') continue;
      if (part === '..') out.pop();
      else out.push(part);
    }
    return `/${out.join('/')}`;
  }

  getAllPaths(): string[] {
    return [...this.entries.keys()].map((path) => `/${path}`);
  }

  // --- Writing -------------------------------------------------------------------------

  /** Turns a workspace-layer refusal into an error the shell prints, with Cove's words. */
  private refused(error: unknown, path: string): Error {
    if (error instanceof CoveError) {
      const code = isWorkspaceError(error, 'missing')
        ? 'ENOENT'
        : isWorkspaceError(error, 'exists')
          ? 'EEXIST'
          : 'EPERM';
      return fsError(code, 'not written', path, describeError(error));
    }
    return error as Error;
  }

  private checkUnsaved(rels: readonly string[], path: string): void {
    const open =
      this.context.hasUnsavedEdits && rels.find((rel) => this.context.hasUnsavedEdits!(rel));
    if (open) {
      const what =
        this.actor === 'person'
          ? 'save or discard them first'
          : 'ask the user to save or discard them';
      throw fsError(
        'EPERM',
        'not written',
        path,
        `${open} has unsaved changes in the editor; ${what}`,
      );
    }
  }

  /** The version an overwrite of `rel` may expect, or a refusal when the agent has not seen it. */
  private expectedVersion(rel: string, entry: Entry, path: string): number {
    // A person overwrites what the listing showed when the command started (see the class).
    const version =
      this.seen.get(rel) ??
      (this.actor === 'person' ? entry.version : this.context.reads.versionOf(rel));
    if (version === undefined) {
      throw fsError(
        'EPERM',
        'not written',
        path,
        `${rel} exists and you have not read it; read it first with read_file (or cat it in this command) so your change does not undo work you have not seen`,
      );
    }
    if (version !== entry.version) throw this.changedMeanwhile(rel, path);
    return version;
  }

  private changedMeanwhile(rel: string, path: string): Error {
    const what =
      this.actor === 'person'
        ? `${rel} changed while the command ran; run it again`
        : `${rel} changed since you read it; read it again`;
    return fsError('EPERM', 'not written', path, what);
  }

  private async put(path: string, content: Uint8Array | string): Promise<void> {
    const rel = this.workspacePath(path, true);
    if (rel === '') throw fsError('EISDIR', 'illegal operation on a directory', path);
    const existing = this.entry(rel);
    if (existing?.kind === 'folder') {
      throw fsError('EISDIR', 'illegal operation on a directory', path);
    }
    this.checkUnsaved([rel], path);
    const expectVersion = existing ? this.expectedVersion(rel, existing, path) : 'absent';
    // Text with a NUL is kept as bytes, as the workspace keeps every such file.
    const stored =
      typeof content === 'string' && !content.includes('\u0000')
        ? content
        : contentFromBytes(typeof content === 'string' ? textEncoder.encode(content) : content);
    let rows;
    try {
      rows = await this.context.files.write(rel, stored, { expectVersion });
    } catch (error) {
      if (error instanceof CoveError && ['conflict', 'exists', 'missing'].includes(error.code)) {
        throw this.changedMeanwhile(rel, path);
      }
      throw this.refused(error, path);
    }
    for (const row of rows) {
      this.entries.set(row.path, {
        kind: row.kind,
        version: row.version,
        size: row.size,
        mtime: row.mtime,
      });
      this.changed.add(row.path);
      if (row.path === rel) this.seen.set(rel, row.version);
    }
  }

  private toContent(
    content: BashFileContent,
    options: WriteFileOptions | BufferEncoding | undefined,
  ): Uint8Array | string {
    if (typeof content !== 'string') return content;
    const encoding = encodingOf(options);
    if (!encoding || encoding === 'utf8' || encoding === 'utf-8') return content;
    return stringBytes(content, encoding);
  }

  async writeFile(
    path: string,
    content: BashFileContent,
    options?: WriteFileOptions | BufferEncoding,
  ): Promise<void> {
    await this.put(path, this.toContent(content, options));
  }

  async appendFile(
    path: string,
    content: BashFileContent,
    options?: WriteFileOptions | BufferEncoding,
  ): Promise<void> {
    const rel = this.workspacePath(path, true);
    const addition = this.toContent(content, options);
    if (!this.entry(rel)) return this.put(path, addition);
    // A redirect opens its target with an empty append: nothing to write yet.
    if (addition.length === 0) return;
    const before = await this.content(path);
    if (typeof before === 'string' && typeof addition === 'string') {
      return this.put(path, before + addition);
    }
    const a = bytesOfContent(before);
    const b = typeof addition === 'string' ? textEncoder.encode(addition) : addition;
    const joined = new Uint8Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    return this.put(path, joined);
  }

  async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    const rel = this.workspacePath(path, true);
    const existing = this.entry(rel);
    if (existing) {
      if (options?.recursive && existing.kind === 'folder') return;
      throw fsError('EEXIST', 'file already exists', path);
    }
    const parent = parentOf(rel);
    if (!options?.recursive && parent && !this.entries.has(parent)) {
      throw fsError('ENOENT', 'no such file or directory', path);
    }
    try {
      await this.context.files.createFolder(rel);
    } catch (error) {
      throw this.refused(error, path);
    }
    await this.reloadNoting();
  }

  async rm(path: string, options?: RmOptions): Promise<void> {
    let rel: string;
    let entry: Entry;
    try {
      ({ rel, entry } = this.need(path));
    } catch (error) {
      if (options?.force) return;
      throw error;
    }
    if (rel === '') throw fsError('EPERM', 'operation not permitted', path, 'the workspace root');
    const inside = [...this.entries.keys()].filter((p) => isWithin(p, rel));
    if (entry.kind === 'folder' && inside.length > 1 && !options?.recursive) {
      throw fsError('ENOTEMPTY', 'directory not empty', path);
    }
    this.checkUnsaved(inside, path);
    try {
      await this.context.files.delete(rel);
    } catch (error) {
      throw this.refused(error, path);
    }
    for (const p of inside) {
      this.entries.delete(p);
      this.changed.add(p);
    }
    this.context.reads.forget(rel);
  }

  async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const { rel, entry } = this.need(src);
    if (entry.kind === 'file') return this.put(dest, await this.content(src));
    if (!options?.recursive) throw fsError('EISDIR', 'is a directory (not copied)', src);
    const target = this.workspacePath(dest, true);
    await this.mkdir(dest, { recursive: true });
    for (const path of [...this.entries.keys()].filter((p) => p !== rel && isWithin(p, rel))) {
      const to = `/${joinPath(target, path.slice(rel.length + 1))}`;
      if (this.entries.get(path)?.kind === 'folder') await this.mkdir(to, { recursive: true });
      else await this.put(to, await this.content(`/${path}`));
    }
  }

  async mv(src: string, dest: string): Promise<void> {
    const { rel } = this.need(src);
    let target = this.workspacePath(dest, true);
    if (this.entry(target)?.kind === 'folder') target = joinPath(target, rel.split('/').pop()!);
    const existing = this.entry(target);
    if (existing?.kind === 'file') {
      // POSIX mv replaces a file; the replaced one follows the overwrite rules.
      this.expectedVersion(target, existing, dest);
      await this.rm(`/${target}`);
    }
    const moved = [...this.entries.keys()].filter((p) => isWithin(p, rel));
    this.checkUnsaved(moved, src);
    try {
      await this.context.files.move(rel, target);
    } catch (error) {
      throw this.refused(error, src);
    }
    for (const p of moved) {
      this.changed.add(p);
      this.changed.add(target + p.slice(rel.length));
    }
    this.context.reads.forget(rel);
    await this.reloadNoting();
  }

  /** Reloads the listing and counts paths that appeared as changed (folders made on the way). */
  private async reloadNoting(): Promise<void> {
    const before = new Set(this.entries.keys());
    await this.load();
    for (const path of this.entries.keys()) if (!before.has(path)) this.changed.add(path);
  }

  async chmod(path: string): Promise<void> {
    // Workspace files have no modes; succeed for files that exist, as a chmod would.
    this.need(path);
  }

  async utimes(path: string): Promise<void> {
    this.need(path);
  }

  async symlink(_target: string, linkPath: string): Promise<void> {
    throw fsError('EPERM', 'operation not permitted', linkPath, 'the workspace has no links');
  }

  async link(_existing: string, newPath: string): Promise<void> {
    throw fsError('EPERM', 'operation not permitted', newPath, 'the workspace has no links');
  }
}
