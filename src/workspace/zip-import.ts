import type { ImportResult, WorkspaceFiles } from './workspace-files';
import { readZip, type ZipLimits } from './zip-archive';

/** Where an import is: reading the archive (entries), then writing (files and folders). */
export interface ZipImportProgress {
  phase: 'reading' | 'writing';
  done: number;
  total: number;
}

/** One archive to bring into one workspace. */
export interface ZipImportRequest {
  workspaceId: string;
  bytes: Uint8Array;
  /** Folder to import into ('' or absent: the root). */
  into?: string;
  /** Replace files that exist (default: skip and list them). */
  replace?: boolean;
}

export interface ZipImportOptions {
  /**
   * Cancels the import. Until the import's single write commits, a cancel leaves the
   * workspace exactly as it was and the import rejects with the signal's reason; once it
   * has committed, the import resolves as if no cancel had come.
   */
  signal?: AbortSignal;
  /** Told where the import is as it goes: every few dozen entries read or rows written. */
  onProgress?: (progress: ZipImportProgress) => void;
}

/**
 * Imports .zip archives into workspaces, all or nothing: a damaged or oversized archive
 * (CoveError `zip-damaged`, `zip-too-large`), a failed write or a cancel changes nothing;
 * entries with bad names or over the file limit are skipped and listed in the result.
 * `createZipImportClient` (src/runtime) does it in a worker; {@link createInThreadZipImporter}
 * here, for tests and pages without workers.
 */
export interface ZipImporter {
  importZip(request: ZipImportRequest, options?: ZipImportOptions): Promise<ImportResult>;
}

/**
 * The import itself, wherever it runs: reads the archive (CPU-bound, synchronous), checks
 * names and limits, then writes everything in one batch.
 */
export async function importZipInto(
  files: WorkspaceFiles,
  request: Omit<ZipImportRequest, 'workspaceId'>,
  options: ZipImportOptions & {
    limits?: ZipLimits;
    /** Awaited once the archive is read, before anything is written. */
    beforeWrite?: () => Promise<void>;
  } = {},
): Promise<ImportResult> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const contents = readZip(request.bytes, {
    ...(options.limits ? { limits: options.limits } : {}),
    onProgress: (done, total) => onProgress?.({ phase: 'reading', done, total }),
  });
  await options.beforeWrite?.();
  signal?.throwIfAborted();
  const result = await files.importFiles(contents.files, {
    ...(request.into ? { into: request.into } : {}),
    ...(request.replace ? { replace: true } : {}),
    folders: contents.folders,
    ...(signal ? { signal } : {}),
    onProgress: (done, total) => onProgress?.({ phase: 'writing', done, total }),
  });
  result.skipped.unshift(...contents.skipped);
  return result;
}

/** Imports on the calling thread; fine for small archives and tests. */
export function createInThreadZipImporter(
  filesOf: (workspaceId: string) => WorkspaceFiles,
): ZipImporter {
  return {
    importZip: (request, options) => importZipInto(filesOf(request.workspaceId), request, options),
  };
}
