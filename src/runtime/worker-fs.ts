/**
 * The slice of a file system the Python worker's workspace mirror needs, so the mirror's
 * logic runs over Pyodide's in-memory FS in the worker and over {@link MemoryWorkerFs} in
 * tests. Paths are absolute POSIX paths.
 */
export interface WorkerFs {
  /** The entry at `path` (symlinks not followed), or undefined when there is none. */
  stat(path: string): WorkerFsStat | undefined;
  /** Names in a folder, without "." and "..". */
  list(dir: string): string[];
  readFile(path: string): Uint8Array;
  /** Creates or replaces a file; its folder exists. */
  writeFile(path: string, bytes: Uint8Array): void;
  /** Creates one folder; its parent exists. */
  mkdir(path: string): void;
  /** Removes a file or an empty folder. */
  remove(path: string): void;
  /** Sets the modification time, epoch ms (fractions kept). */
  setMtime(path: string, mtime: number): void;
}

/** What the mirror needs to know about one entry. */
export interface WorkerFsStat {
  kind: 'file' | 'folder' | 'other';
  /** Bytes, for files. */
  size: number;
  /** Epoch ms as stored (writes set whole milliseconds). */
  mtime: number;
}

type Node =
  | { kind: 'file'; bytes: Uint8Array; mtime: number }
  | { kind: 'folder'; mtime: number }
  | { kind: 'other'; mtime: number };

/**
 * A WorkerFs in a Map, with the same semantics the mirror relies on: writes stamp the
 * current whole millisecond, parents must exist. `now` is injectable for tests.
 */
export class MemoryWorkerFs implements WorkerFs {
  private readonly nodes = new Map<string, Node>([['/', { kind: 'folder', mtime: 0 }]]);

  constructor(private readonly now: () => number = () => Date.now()) {}

  stat(path: string): WorkerFsStat | undefined {
    const node = this.nodes.get(path);
    if (!node) return undefined;
    return {
      kind: node.kind,
      size: node.kind === 'file' ? node.bytes.byteLength : 0,
      mtime: node.mtime,
    };
  }

  list(dir: string): string[] {
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const names: string[] = [];
    for (const path of this.nodes.keys()) {
      if (path !== dir && path.startsWith(prefix) && !path.slice(prefix.length).includes('/')) {
        names.push(path.slice(prefix.length));
      }
    }
    return names;
  }

  readFile(path: string): Uint8Array {
    const node = this.nodes.get(path);
    if (node?.kind !== 'file') throw new Error(`not a file: ${path}`);
    return node.bytes.slice();
  }

  writeFile(path: string, bytes: Uint8Array): void {
    this.needParent(path);
    if (this.nodes.get(path)?.kind === 'folder') throw new Error(`is a folder: ${path}`);
    this.nodes.set(path, { kind: 'file', bytes: bytes.slice(), mtime: Math.floor(this.now()) });
  }

  mkdir(path: string): void {
    this.needParent(path);
    if (this.nodes.has(path)) throw new Error(`exists: ${path}`);
    this.nodes.set(path, { kind: 'folder', mtime: Math.floor(this.now()) });
  }

  remove(path: string): void {
    const node = this.nodes.get(path);
    if (!node) throw new Error(`missing: ${path}`);
    if (node.kind === 'folder' && this.list(path).length) throw new Error(`not empty: ${path}`);
    this.nodes.delete(path);
  }

  setMtime(path: string, mtime: number): void {
    const node = this.nodes.get(path);
    if (!node) throw new Error(`missing: ${path}`);
    node.mtime = mtime;
  }

  /** Test helper: a symlink or device, which the mirror must ignore. */
  makeOther(path: string): void {
    this.needParent(path);
    this.nodes.set(path, { kind: 'other', mtime: Math.floor(this.now()) });
  }

  private needParent(path: string): void {
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    if (this.nodes.get(parent)?.kind !== 'folder') throw new Error(`no folder: ${parent}`);
  }
}
