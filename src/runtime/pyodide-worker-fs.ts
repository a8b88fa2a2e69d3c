import type { WorkerFs, WorkerFsStat } from './worker-fs';

/** The part of Emscripten's FS object (pyodide.FS) that the adapter uses. */
export interface EmscriptenFsLike {
  lookupPath(
    path: string,
    opts: { follow?: boolean },
  ): { node: { mode: number; mtime?: unknown; usedBytes?: unknown } };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  stat(path: string, dontFollow?: boolean): { size: number; mtime: Date };
  readdir(path: string): string[];
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array): void;
  mkdir(path: string): void;
  unlink(path: string): void;
  rmdir(path: string): void;
  utime(path: string, atime: number, mtime: number): void;
}

/**
 * WorkerFs over Pyodide's in-memory file system. It reads the raw node mtime, which keeps
 * the fraction WorkspaceMirror relies on (stat() rounds it to a Date); if a future
 * Emscripten hides it, it falls back to stat(), and change detection then leans on size
 * and content hashes.
 */
export function pyodideWorkerFs(fs: EmscriptenFsLike): WorkerFs {
  return {
    stat(path): WorkerFsStat | undefined {
      let node: { mode: number; mtime?: unknown; usedBytes?: unknown };
      try {
        node = fs.lookupPath(path, { follow: false }).node;
      } catch {
        return undefined;
      }
      const kind = fs.isDir(node.mode) ? 'folder' : fs.isFile(node.mode) ? 'file' : 'other';
      let size = typeof node.usedBytes === 'number' ? node.usedBytes : undefined;
      let mtime = typeof node.mtime === 'number' ? node.mtime : undefined;
      if (kind === 'file' && (size === undefined || mtime === undefined)) {
        const stat = fs.stat(path, true);
        size ??= stat.size;
        mtime ??= stat.mtime.getTime();
      }
      return { kind, size: kind === 'file' ? (size ?? 0) : 0, mtime: mtime ?? 0 };
    },
    list(dir) {
      return fs.readdir(dir).filter((name) => name !== '.' && name !== '..');
    },
    readFile(path) {
      return fs.readFile(path);
    },
    writeFile(path, bytes) {
      fs.writeFile(path, bytes);
    },
    mkdir(path) {
      fs.mkdir(path);
    },
    remove(path) {
      const node = fs.lookupPath(path, { follow: false }).node;
      if (fs.isDir(node.mode)) fs.rmdir(path);
      else fs.unlink(path);
    },
    setMtime(path, mtime) {
      fs.utime(path, mtime, mtime);
    },
  };
}
