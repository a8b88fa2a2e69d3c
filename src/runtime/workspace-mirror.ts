import { contentHash } from './content-hash';
import type { SyncDelta, WorkspaceChanges, WorkspaceWrite } from './python-protocol';
import type { WorkerFs } from './worker-fs';

/** What the mirror remembers of an entry it last synced or reported. */
interface BaselineEntry {
  kind: 'file' | 'folder';
  size: number;
  mtime: number;
  hash: number;
}

/** Folders a run may create that never go back to the workspace. */
const IGNORED_FOLDERS = new Set(['__pycache__']);

const encoder = new TextEncoder();

/**
 * The mtime a synced file gets: the stored mtime plus half a millisecond. Scripts see the
 * real date (stat truncates to whole ms), and since every write stamps a whole millisecond,
 * any write during a run is seen as a change — even one in the same millisecond as the sync.
 */
export function syncedMtime(mtime: number): number {
  return Math.floor(mtime) + 0.5;
}

/**
 * The worker's copy of the workspace, inside a folder of its file system. It applies the
 * deltas the client sends and, after a run, reports what the run created, modified and
 * deleted there — comparing against what it last synced or reported, so each change is
 * reported once. Everything outside the folder is the worker's own business.
 */
export class WorkspaceMirror {
  private readonly baseline = new Map<string, BaselineEntry>();

  constructor(
    private readonly fs: WorkerFs,
    /** Absolute path of the mirrored folder, without a trailing slash. */
    readonly root: string,
  ) {
    this.ensureFolder(root);
  }

  /** Workspace-relative paths the mirror currently tracks, sorted. */
  trackedPaths(): string[] {
    return [...this.baseline.keys()].sort();
  }

  /** Applies a delta: reset, then deletes, then puts (which may replace a file by a folder and back). */
  apply(delta: SyncDelta): void {
    if (delta.reset) {
      for (const name of this.fs.list(this.root)) this.removeTree(`${this.root}/${name}`);
      this.baseline.clear();
    }
    for (const path of delta.deletes) {
      this.removeTree(this.abs(path));
      this.forget(path);
    }
    for (const put of delta.puts) {
      const abs = this.abs(put.path);
      const existing = this.fs.stat(abs);
      if (put.kind === 'folder') {
        if (existing && existing.kind !== 'folder') this.removeTree(abs);
        this.ensureFolder(abs);
        this.baseline.set(put.path, { kind: 'folder', size: 0, mtime: 0, hash: 0 });
        continue;
      }
      if (existing && existing.kind !== 'file') {
        this.removeTree(abs);
        this.forget(put.path);
      }
      this.ensureFolder(abs.slice(0, abs.lastIndexOf('/')));
      const content = put.content ?? '';
      const bytes = typeof content === 'string' ? encoder.encode(content) : content;
      this.fs.writeFile(abs, bytes);
      this.fs.setMtime(abs, syncedMtime(put.mtime));
      const stat = this.fs.stat(abs)!;
      this.baseline.set(put.path, {
        kind: 'file',
        size: bytes.byteLength,
        mtime: stat.mtime,
        hash: contentHash(bytes),
      });
    }
  }

  /**
   * Scans the folder and returns what changed since the last apply or collect: entries
   * created or modified (a rewrite with identical bytes is not a change) and entries gone.
   * `__pycache__` folders and symlinks are left out. Afterwards the mirror counts the
   * current state as synced.
   */
  collect(): WorkspaceChanges {
    const seen = new Map<string, { kind: 'file' | 'folder'; size: number; mtime: number }>();
    this.scan(this.root, '', seen);
    const written: WorkspaceWrite[] = [];
    for (const [path, stat] of seen) {
      const before = this.baseline.get(path);
      if (stat.kind === 'folder') {
        if (before?.kind !== 'folder') {
          written.push({ path, kind: 'folder' });
          this.baseline.set(path, { kind: 'folder', size: 0, mtime: 0, hash: 0 });
        }
        continue;
      }
      if (before?.kind === 'file' && before.mtime === stat.mtime && before.size === stat.size) {
        continue;
      }
      const bytes = this.fs.readFile(this.abs(path));
      const hash = contentHash(bytes);
      this.baseline.set(path, { kind: 'file', size: bytes.byteLength, mtime: stat.mtime, hash });
      if (before?.kind === 'file' && before.size === bytes.byteLength && before.hash === hash) {
        continue;
      }
      written.push({ path, kind: 'file', bytes });
    }
    const deleted = [...this.baseline.keys()].filter((path) => !seen.has(path));
    for (const path of deleted) this.baseline.delete(path);
    written.sort((a, b) => compare(a.path, b.path));
    deleted.sort((a, b) => compare(b, a));
    return { written, deleted };
  }

  private scan(
    dir: string,
    rel: string,
    into: Map<string, { kind: 'file' | 'folder'; size: number; mtime: number }>,
  ): void {
    for (const name of this.fs.list(dir).sort()) {
      const abs = `${dir}/${name}`;
      const path = rel ? `${rel}/${name}` : name;
      const stat = this.fs.stat(abs);
      if (!stat || stat.kind === 'other') continue;
      if (stat.kind === 'folder') {
        if (IGNORED_FOLDERS.has(name)) continue;
        into.set(path, { kind: 'folder', size: 0, mtime: stat.mtime });
        this.scan(abs, path, into);
      } else {
        into.set(path, { kind: 'file', size: stat.size, mtime: stat.mtime });
      }
    }
  }

  private abs(path: string): string {
    return `${this.root}/${path}`;
  }

  private forget(path: string): void {
    this.baseline.delete(path);
    const prefix = `${path}/`;
    for (const key of [...this.baseline.keys()]) {
      if (key.startsWith(prefix)) this.baseline.delete(key);
    }
  }

  private ensureFolder(abs: string): void {
    const parts = abs.split('/').filter(Boolean);
    let current = '';
    for (const part of parts) {
      current += `/${part}`;
      const stat = this.fs.stat(current);
      if (stat?.kind === 'folder') continue;
      if (stat) this.removeTree(current);
      this.fs.mkdir(current);
    }
  }

  private removeTree(abs: string): void {
    const stat = this.fs.stat(abs);
    if (!stat) return;
    if (stat.kind === 'folder') {
      for (const name of this.fs.list(abs)) this.removeTree(`${abs}/${name}`);
    }
    this.fs.remove(abs);
  }
}

/** Plain code-unit order, so a folder sorts before everything inside it. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
