/// <reference lib="webworker" />
// Imports one .zip into a workspace off the page's thread: reads and inflates the archive,
// checks names and limits, and writes every file in one transaction through its own
// connection to Cove's database. The page's tab learns of the new files through the
// store's change feed, as it would from another tab. Protocol: src/runtime/zip-import-protocol.ts.
import { CoveError, toErrorParts } from '../src/base/errors';
import { systemClock } from '../src/base/clock';
import type {
  ZipImportCommand,
  ZipImportEvent,
  ZipImportOutcome,
} from '../src/runtime/zip-import-protocol';
import { openDexieStore } from '../src/store/dexie-store';
import { planPathRepairs } from '../src/workspace/path-repair';
import { workspaceError } from '../src/workspace/workspace-errors';
import { WorkspaceFiles } from '../src/workspace/workspace-files';
import { importZipInto, type ZipImportRequest } from '../src/workspace/zip-import';

declare const self: DedicatedWorkerGlobalScope;

const post = (event: ZipImportEvent) => self.postMessage(event);
const cancel = new AbortController();
let allowWrite: () => void = () => {};
const writeAllowed = new Promise<void>((resolve) => {
  allowWrite = resolve;
});

self.addEventListener('message', (event: MessageEvent<ZipImportCommand>) => {
  const command = event.data;
  if (command.type === 'start') void run(command.request, command.databaseName);
  else if (command.type === 'write') allowWrite();
  else if (command.type === 'cancel') {
    cancel.abort();
    allowWrite(); // A cancel before the write was allowed ends the wait; nothing is written.
  }
});

async function run(request: ZipImportRequest, databaseName: string | undefined) {
  post({ type: 'outcome', outcome: await importOnce(request, databaseName) });
}

async function importOnce(
  request: ZipImportRequest,
  databaseName: string | undefined,
): Promise<ZipImportOutcome> {
  try {
    // The page opened (and so upgraded) the database first; the planner is there in case not.
    const store = await openDexieStore({
      ...(databaseName ? { name: databaseName } : {}),
      planPathRenames: planPathRepairs,
    });
    try {
      const files = new WorkspaceFiles(store.files, request.workspaceId, systemClock);
      const result = await importZipInto(files, request, {
        signal: cancel.signal,
        onProgress: (progress) => post({ type: 'progress', progress }),
        beforeWrite: () => {
          post({ type: 'ready' });
          return writeAllowed;
        },
      });
      return { status: 'done', result };
    } finally {
      store.close();
    }
  } catch (error) {
    if (cancel.signal.aborted) return { status: 'cancelled' };
    if (error instanceof CoveError) return { status: 'failed', error: toErrorParts(error) };
    const detail = error instanceof Error ? error.message : String(error);
    const failure = workspaceError('zip-import-failed', { variant: 'import', detail });
    return { status: 'failed', error: toErrorParts(failure) };
  }
}
