import { storeError } from './store-errors';
import type { FileChange, WriteExpectation } from './file-store';
import type { FileContent, FileRecord } from './records';

const encoder = new TextEncoder();

/** Size in bytes of stored content (UTF-8 length for text). */
export function contentSize(content: FileContent): number {
  return typeof content === 'string' ? encoder.encode(content).length : content.byteLength;
}

/** The row of a file written as `file.version` at `now` (milliseconds since the epoch). */
export function fileRow(
  workspaceId: string,
  file: { path: string; content: FileContent; version: number },
  now: number,
): FileRecord {
  return {
    workspaceId,
    path: file.path,
    kind: 'file',
    content: file.content,
    size: contentSize(file.content),
    mtime: now,
    version: file.version,
  };
}

/** The rows to write and the paths to delete once a batch's expectations all hold. */
export interface FileWritePlan {
  puts: FileRecord[];
  deletes: string[];
}

function checkExpectation(
  path: string,
  current: StoredVersion | undefined,
  expect: WriteExpectation | undefined,
): void {
  if (expect === undefined) return;
  if (expect === 'absent' && current) {
    throw storeError('exists', { variant: 'file', path });
  }
  if (expect === 'present' && !current) {
    throw storeError('missing', { variant: 'file', path });
  }
  if (typeof expect === 'number') {
    if (!current) {
      throw storeError('missing', { variant: 'file-deleted', path });
    }
    if (current.version !== expect) {
      throw storeError('conflict', { variant: 'file', path });
    }
  }
}

/** What planning needs to know of a stored row: that it exists, and its version. */
export interface StoredVersion {
  version: number;
}

/**
 * Turns a batch into rows, in order, checking each expectation against the state left by
 * the earlier steps of the same batch. `read` looks up the stored rows of the given paths
 * (in the same order; undefined where there is none) in one call; it runs inside the
 * caller's transaction. Throws the first failed expectation; then nothing may be written.
 */
export async function planFileChanges(
  workspaceId: string,
  changes: FileChange[],
  now: number,
  read: (paths: string[]) => Promise<(StoredVersion | undefined)[]>,
): Promise<FileWritePlan> {
  // One read for the whole batch: a read per change, awaited in turn, took seconds for an
  // import of 10,000 files.
  const paths = [...new Set(changes.map((change) => change.path))];
  const storedRows = await read(paths);
  const stored = new Map<string, StoredVersion | undefined>();
  paths.forEach((path, i) => stored.set(path, storedRows[i]));
  const overlay = new Map<string, FileRecord | null>();
  const lastVersion = new Map<string, number>();
  for (const [path, row] of stored) if (row) lastVersion.set(path, row.version);
  const current = (path: string): StoredVersion | undefined =>
    overlay.has(path) ? (overlay.get(path) ?? undefined) : stored.get(path);
  for (const change of changes) {
    const existing = current(change.path);
    checkExpectation(change.path, existing, change.expect);
    if (change.type === 'delete') {
      overlay.set(change.path, null);
      continue;
    }
    // Versions keep rising across delete-and-recreate so a stale writer can never match.
    const version = Math.max(existing?.version ?? 0, lastVersion.get(change.path) ?? 0) + 1;
    lastVersion.set(change.path, version);
    overlay.set(change.path, {
      workspaceId,
      path: change.path,
      kind: change.kind,
      content: change.content,
      size: contentSize(change.content),
      mtime: now,
      version,
    });
  }
  const puts: FileRecord[] = [];
  const deletes: string[] = [];
  for (const [path, row] of overlay) {
    if (row) puts.push(row);
    else deletes.push(path);
  }
  return { puts, deletes };
}
