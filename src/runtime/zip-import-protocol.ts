/**
 * The messages between the zip import worker (workers/zip-import.worker.ts) and its client
 * (zip-import-client.ts). One worker imports one archive, then is ended.
 *
 * The order of one import:
 *
 *     client                          worker
 *     start (archive transferred) →
 *                                   ← progress (reading)…
 *                                   ← ready          (archive read, nothing written yet)
 *     write →                                        (or: the client ends the worker)
 *                                   ← progress (writing)…
 *     cancel → (optional)
 *                                   ← outcome        (done, cancelled or failed)
 *
 * Until the client sends `write`, ending the worker is a clean cancel: nothing has been
 * written. After it, a cancel must be asked for, and the outcome says whether the single
 * write committed first.
 */
import type { CoveErrorParts } from '../base/errors';
import type { ImportResult } from '../workspace/workspace-files';
import type { ZipImportProgress, ZipImportRequest } from '../workspace/zip-import';

/** Client → worker. */
export type ZipImportCommand =
  | {
      type: 'start';
      request: ZipImportRequest;
      /** The IndexedDB database to write to; absent: Cove's own. */
      databaseName?: string;
    }
  | { type: 'write' }
  | { type: 'cancel' };

/**
 * How an import ended. Errors travel as their parts, so the client can rebuild them: a data
 * error as its code and params, worded on the page (the worker has no English installed).
 */
export type ZipImportOutcome =
  | { status: 'done'; result: ImportResult }
  | { status: 'cancelled' }
  | { status: 'failed'; error: CoveErrorParts };

/** Worker → client. */
export type ZipImportEvent =
  | { type: 'progress'; progress: ZipImportProgress }
  | { type: 'ready' }
  | { type: 'outcome'; outcome: ZipImportOutcome };
