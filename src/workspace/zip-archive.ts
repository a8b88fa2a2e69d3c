import { Unzip, UnzipInflate, unzipSync, zipSync, type Zippable } from 'fflate';
import type { CoveError } from '../base/errors';
import { workspaceError } from './workspace-errors';
import type { FileRecord } from '../store/records';
import { bytesOfContent, formatBytes } from './file-content';
import { MAX_FILE_BYTES, MAX_ZIP_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_EXPANDED_BYTES } from './limits';
import type { IncomingFile, SkippedFile } from './workspace-files';

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

/** Compressed bytes fed to the inflater at a time; bounds one step's output (≤ ~1000×). */
const FEED_BYTES = 16 * 1024;

export interface ZipContents {
  files: IncomingFile[];
  /** Folder entries (names ending in "/"), so empty folders survive a round trip. */
  folders: string[];
  skipped: SkippedFile[];
}

/** Metadata that macOS adds to archives; never user files. */
function isPlatformJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name === '.DS_Store' || name.endsWith('/.DS_Store');
}

const damaged = (detail: string) =>
  workspaceError(
    'zip-damaged',
    `This zip file is damaged or not a zip (${detail}).`,
    'Nothing was imported. Re-create the archive and try again.',
  );

const expandsTooFar = (limits: ZipLimits) =>
  workspaceError(
    'zip-too-large',
    `This zip expands to more than ${formatBytes(limits.maxExpandedBytes)}.`,
    'Nothing was imported. It may be a zip bomb; import a smaller archive.',
  );

/**
 * Reads a .zip fully in memory with hard limits: the archive size, the entry count, each
 * entry's size and the total expanded size are checked while inflating (so an archive
 * that lies in its headers is stopped too). Throws CoveError `zip-damaged` for an archive
 * that cannot be read and `zip-too-large` when a total limit is passed; in both cases the
 * caller must write nothing. Single entries over the file limit or with odd names are
 * skipped and listed instead. Names are returned as found; the workspace checks paths.
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipContents {
  if (bytes.byteLength > limits.maxZipBytes) {
    throw workspaceError(
      'zip-too-large',
      `This zip is ${formatBytes(bytes.byteLength)}, over the ${formatBytes(limits.maxZipBytes)} import limit.`,
      'Split it into smaller archives.',
    );
  }
  // The central directory is the archive's table of contents; reading it first rejects
  // truncated and foreign files before anything is inflated.
  const declared: string[] = [];
  let declaredBytes = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        declared.push(entry.name);
        declaredBytes += entry.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  // An honest bomb says how big it is: stop it before inflating hundreds of megabytes on
  // the page's thread. Archives that lie are still stopped while inflating, below.
  if (declaredBytes > limits.maxExpandedBytes) throw expandsTooFar(limits);
  if (declared.length > limits.maxEntries) {
    throw workspaceError(
      'zip-too-large',
      `This zip holds ${declared.length} entries, over the limit of ${limits.maxEntries}.`,
      'Import a smaller archive.',
    );
  }
  const wanted = new Set(declared);

  const files: IncomingFile[] = [];
  const folders: string[] = [];
  const skipped: SkippedFile[] = [];
  let expanded = 0;
  let failure: CoveError | undefined;
  let pendingEntries = 0;

  const unzip = new Unzip((entry) => {
    if (failure) return;
    const name = entry.name;
    if (!wanted.has(name)) return; // A local header the directory does not list: ignore it.
    wanted.delete(name);
    if (name.endsWith('/')) {
      folders.push(name.slice(0, -1));
      return;
    }
    if (isPlatformJunk(name)) {
      skipped.push({ path: name, reason: 'macOS metadata' });
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    let tooBig = false;
    pendingEntries++;
    entry.ondata = (error, data, final) => {
      if (failure || tooBig) return;
      if (error) {
        failure = damaged(`entry "${name}": ${error.message}`);
        return;
      }
      size += data.byteLength;
      expanded += data.byteLength;
      if (expanded > limits.maxExpandedBytes) {
        failure = expandsTooFar(limits);
        entry.terminate();
        return;
      }
      if (size > limits.maxFileBytes) {
        tooBig = true;
        expanded -= size;
        pendingEntries--;
        skipped.push({
          path: name,
          reason: `is over the ${formatBytes(limits.maxFileBytes)} limit`,
        });
        entry.terminate();
        return;
      }
      chunks.push(data);
      if (final) {
        pendingEntries--;
        files.push({ path: name, bytes: concat(chunks, size) });
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.byteLength && !failure; offset += FEED_BYTES) {
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
  return { files, folders, skipped };
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
