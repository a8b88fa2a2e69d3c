import {
  Unzip,
  unzipSync,
  zipSync,
  type AsyncFlateStreamHandler,
  type UnzipDecoder,
  type Zippable,
} from 'fflate';
import { workspaceError } from './workspace-errors';
import type { FileRecord } from '../store/records';
import { bytesOfContent, formatBytes } from './file-content';
import { MAX_FILE_BYTES, MAX_ZIP_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_EXPANDED_BYTES } from './limits';
import type { IncomingFile, SkippedFile } from './workspace-files';
import { inflateEntry, type InflateOutcome } from './zip-inflate';

/** Limits for reading an archive; the defaults are those stated in limits.ts. */
export interface ZipLimits {
  maxZipBytes: number;
  maxEntries: number;
  maxFileBytes: number;
  maxExpandedBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxZipBytes: MAX_ZIP_BYTES,
  maxEntries: MAX_ZIP_ENTRIES,
  maxFileBytes: MAX_FILE_BYTES,
  maxExpandedBytes: MAX_ZIP_EXPANDED_BYTES,
};

/**
 * Archive bytes handed to fflate's reader at a time. Small, because each step joins what
 * was left over from the last one with the next slice, and allocations of 64 KB and more
 * are slow in Chromium (see zip-inflate.ts).
 */
const FEED_BYTES = 16 * 1024;

/** How often (in entries) `onProgress` is called while reading. */
const PROGRESS_EVERY = 50;

export interface ZipContents {
  /**
   * In archive order. Each file's bytes are the only view of their buffer (never a view of
   * the archive), so the buffers can be transferred to another thread.
   */
  files: IncomingFile[];
  /** Folder entries (names ending in "/"), so empty folders survive a round trip. */
  folders: string[];
  skipped: SkippedFile[];
}

/** Options of {@link readZip}. */
export interface ReadZipOptions {
  limits?: ZipLimits;
  /**
   * Called every few entries and once at the end with the entries read so far and the
   * archive's entry count (folders and skipped entries included).
   */
  onProgress?: (entriesRead: number, entries: number) => void;
}

/** Metadata that macOS adds to archives; never user files. */
function isPlatformJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name === '.DS_Store' || name.endsWith('/.DS_Store');
}

const damaged = (detail: string) => workspaceError('zip-damaged', { detail });

const expandsTooFar = (limits: ZipLimits) =>
  workspaceError('zip-too-large', { variant: 'expanded', limit: limits.maxExpandedBytes });

/**
 * Hands on an entry's stored bytes (still compressed) in one piece once they are all in, so
 * each entry is inflated by one call of {@link inflateEntry} instead of fflate's streaming
 * inflater. Registered for stored (0) and deflated (8) entries.
 */
class RawEntryBytes implements UnzipDecoder {
  ondata: AsyncFlateStreamHandler = () => {};
  private chunks: Uint8Array[] = [];
  private size = 0;

  push(chunk: Uint8Array, final: boolean): void {
    if (chunk.byteLength) {
      this.chunks.push(chunk);
      this.size += chunk.byteLength;
    }
    // fflate's handler type wants an ArrayBuffer-backed array; these are views of one.
    if (final) this.ondata(null, concat(this.chunks, this.size) as Uint8Array<ArrayBuffer>, true);
  }
}
class StoredEntryBytes extends RawEntryBytes {
  static compression = 0;
}
class DeflatedEntryBytes extends RawEntryBytes {
  static compression = 8;
}

/** One entry as the central directory (the archive's table of contents) declares it. */
interface DeclaredEntry {
  originalSize: number;
  compression: number;
}

/**
 * Reads a .zip fully in memory with hard limits: the archive size, the entry count, each
 * entry's size and the total expanded size. Sizes come from the central directory and are
 * then held to: an entry that inflates to more or fewer bytes than declared makes the
 * archive `zip-damaged`, and inflating stops as soon as an entry passes its declared size,
 * so an archive that lies about sizes cannot expand past the limits either.
 *
 * Throws CoveError `zip-damaged` for an archive that cannot be read and `zip-too-large`
 * when a total limit is passed; in both cases the caller must write nothing. Single
 * entries over the file limit or that are platform metadata are skipped and listed
 * instead. Names are returned as found; the workspace checks paths. Synchronous and
 * CPU-bound: run it in a worker (workers/zip.worker.ts) for anything large.
 */
export function readZip(bytes: Uint8Array, options: ReadZipOptions = {}): ZipContents {
  const limits = options.limits ?? DEFAULT_ZIP_LIMITS;
  if (bytes.byteLength > limits.maxZipBytes) {
    throw workspaceError('zip-too-large', {
      variant: 'archive',
      size: bytes.byteLength,
      limit: limits.maxZipBytes,
    });
  }
  // The central directory first: it rejects truncated and foreign files before anything is
  // inflated, and gives the sizes each entry is held to.
  const declared = new Map<string, DeclaredEntry>();
  let declaredCount = 0;
  let declaredBytes = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        declaredCount++;
        declaredBytes += entry.originalSize;
        if (!declared.has(entry.name)) {
          declared.set(entry.name, {
            originalSize: entry.originalSize,
            compression: entry.compression,
          });
        }
        return false;
      },
    });
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (declaredBytes > limits.maxExpandedBytes) throw expandsTooFar(limits);
  if (declaredCount > limits.maxEntries) {
    throw workspaceError('zip-too-large', {
      variant: 'entries',
      count: declaredCount,
      limit: limits.maxEntries,
    });
  }
  const wanted = new Set(declared.keys());

  const files: IncomingFile[] = [];
  const folders: string[] = [];
  const skipped: SkippedFile[] = [];
  let read = 0;
  let failure: Error | undefined;
  let pendingEntries = 0;
  const progress = () => {
    read++;
    if (read % PROGRESS_EVERY === 0) options.onProgress?.(read, declaredCount);
  };

  const unzip = new Unzip((entry) => {
    if (failure) return;
    const name = entry.name;
    const entryInfo = declared.get(name);
    if (!entryInfo || !wanted.has(name)) return; // A local header the directory does not list.
    wanted.delete(name);
    if (name.endsWith('/')) {
      folders.push(name.slice(0, -1));
      progress();
      return;
    }
    if (isPlatformJunk(name)) {
      skipped.push({ path: name, reason: 'macOS metadata' });
      progress();
      return;
    }
    if (entryInfo.originalSize > limits.maxFileBytes) {
      skipped.push({ path: name, reason: `is over the ${formatBytes(limits.maxFileBytes)} limit` });
      progress();
      return;
    }
    if (entry.compression !== entryInfo.compression) {
      failure = damaged(`entry "${name}" is stored differently than its directory says`);
      return;
    }
    if (entry.compression !== 0 && entry.compression !== 8) {
      skipped.push({
        path: name,
        reason: `uses a compression method Cove cannot read (${entry.compression})`,
      });
      progress();
      return;
    }
    pendingEntries++;
    entry.ondata = (error, data, final) => {
      if (failure || !final) return;
      pendingEntries--;
      if (error) {
        failure = damaged(`entry "${name}": ${error.message}`);
        return;
      }
      const outcome = entryBytes(entry.compression, data, entryInfo.originalSize);
      if (!outcome.ok) {
        failure = damaged(
          outcome.problem === 'corrupt'
            ? `entry "${name}": ${outcome.detail ?? 'invalid data'}`
            : `entry "${name}" is ${outcome.problem} than the archive says`,
        );
        return;
      }
      files.push({ path: name, bytes: outcome.bytes });
      progress();
    };
    entry.start();
  });
  unzip.register(StoredEntryBytes);
  unzip.register(DeflatedEntryBytes);
  try {
    // Stop once every listed entry is in: what follows is the central directory, which
    // fflate would search byte by byte for more entries (~0.2 s for 10,000 entries).
    const more = () => !failure && (wanted.size > 0 || pendingEntries > 0);
    for (let offset = 0; offset < bytes.byteLength && more(); offset += FEED_BYTES) {
      const end = Math.min(offset + FEED_BYTES, bytes.byteLength);
      unzip.push(bytes.subarray(offset, end), end === bytes.byteLength);
    }
  } catch (error) {
    failure ??= damaged(error instanceof Error ? error.message : String(error));
  }
  if (failure) throw failure;
  if (pendingEntries > 0) throw damaged('an entry ends early');
  for (const name of wanted) {
    if (!name.endsWith('/'))
      skipped.push({ path: name, reason: 'could not be read from the archive' });
  }
  options.onProgress?.(declaredCount, declaredCount);
  return { files, folders, skipped };
}

/** The bytes of a stored (0) or deflated (8) entry, held to its declared size. */
function entryBytes(compression: number, data: Uint8Array, expected: number): InflateOutcome {
  if (compression === 8) return inflateEntry(data, expected);
  if (data.byteLength === expected) return { ok: true, bytes: data.slice() }; // Not a view of the archive.
  return { ok: false, problem: data.byteLength > expected ? 'larger' : 'smaller' };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Packs workspace entries into a .zip: files with their exact bytes and modification times,
 * folders as "name/" entries so empty ones survive. Entries are in path order, so the same
 * workspace gives the same archive.
 */
export function writeZip(entries: readonly FileRecord[]): Uint8Array {
  const tree: Zippable = {};
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of sorted) {
    // Zip timestamps are DOS dates: 1980 at the earliest.
    const mtime = new Date(Math.max(entry.mtime, Date.UTC(1980, 0, 2)));
    if (entry.kind === 'folder') tree[`${entry.path}/`] = [new Uint8Array(0), { mtime }];
    else tree[entry.path] = [bytesOfContent(entry.content), { mtime }];
  }
  return zipSync(tree, { level: 6 });
}
