import { fromErrorParts } from '../base/errors';
import { workspaceError } from '../workspace/workspace-errors';
import type { ImportResult } from '../workspace/workspace-files';
import type { ZipImporter, ZipImportOptions, ZipImportRequest } from '../workspace/zip-import';
import type { ZipImportCommand, ZipImportEvent } from './zip-import-protocol';

/** Starts a zip import worker; Vite makes it a separate chunk, fetched on the first import. */
export function spawnZipImportWorker(): Worker {
  return new Worker(new URL('../../workers/zip-import.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cove-zip-import',
  });
}

/**
 * Imports archives in a worker, one worker per import, so the page never waits on the
 * inflating, the checks or the write (an archive of 10,000 files once held the page's
 * thread for over a minute). The archive's buffer is transferred to the worker: after the
 * call, `request.bytes` is empty unless it was a view of a larger buffer (then it is copied).
 *
 * Cancel (the signal): before the worker starts writing it is ended at once, having
 * written nothing; after, it is asked to stop and the import ends as the worker says
 * (`cancelled`, or done when the single write had already committed). Either way the
 * promise rejects with the signal's reason only when nothing was written.
 */
export function createZipImportClient(
  options: { spawn?: () => Worker; databaseName?: string } = {},
): ZipImporter {
  const spawn = options.spawn ?? spawnZipImportWorker;
  return {
    importZip: (request, importOptions = {}) =>
      runInWorker(spawn(), request, importOptions, options.databaseName),
  };
}

function runInWorker(
  worker: Worker,
  request: ZipImportRequest,
  { signal, onProgress }: ZipImportOptions,
  databaseName: string | undefined,
): Promise<ImportResult> {
  return new Promise<ImportResult>((resolve, reject) => {
    let writing = false;
    let ended = false;
    const send = (command: ZipImportCommand, transfer: Transferable[] = []) =>
      worker.postMessage(command, transfer);
    const finish = () => {
      ended = true;
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
    };
    const onAbort = () => {
      if (writing) {
        send({ type: 'cancel' });
        return;
      }
      finish();
      reject(signal!.reason);
    };
    worker.addEventListener('message', (event: MessageEvent<ZipImportEvent>) => {
      const message = event.data;
      if (ended) return; // Messages already queued when the worker was ended.
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'ready') {
        writing = true;
        send({ type: 'write' });
      } else {
        finish();
        const outcome = message.outcome;
        if (outcome.status === 'done') resolve(outcome.result);
        else if (outcome.status === 'cancelled') reject(signal?.reason);
        else reject(fromErrorParts(outcome.error));
      }
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      finish();
      reject(
        workspaceError('zip-import-failed', {
          variant: 'worker',
          detail: event.message || 'its worker failed to start',
        }),
      );
    });
    if (signal?.aborted) {
      finish();
      reject(signal.reason);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    const bytes = request.bytes;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const sent = whole ? bytes : bytes.slice();
    send(
      {
        type: 'start',
        request: { ...request, bytes: sent },
        ...(databaseName ? { databaseName } : {}),
      },
      [sent.buffer],
    );
  });
}
