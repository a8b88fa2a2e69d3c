import { CoveError } from '../base/errors';
import type { FileChange } from '../store/file-store';
import type { FileMeta } from '../store/records';
import { contentFromBytes, formatBytes } from '../workspace/file-content';
import { MAX_FILE_BYTES } from '../workspace/limits';
import { ancestorsOf, isWithin, normalizePath, printablePath } from '../workspace/paths';
import { workspaceError } from '../workspace/workspace-errors';
import type { WorkspaceChanges } from './python-protocol';
import type { FileConflict, SkippedChange } from './python-runtime';

/**
 * Pure planning for the workspace ↔ worker file sync. The client keeps, per worker, the
 * version of every entry it gave that worker (`synced`); these functions compare that with
 * the store and say what to send in and what to apply after a run. No IO here.
 */

/** Version recorded for a path whose worker copy is known to differ from the store. */
export const STALE_VERSION = -1;

/** Most entries one run may bring back; more are skipped with a reason. */
export const MAX_WRITE_BACK_ENTRIES = 10_000;

/** What to send into a worker. */
export interface SyncInPlan {
  reset: boolean;
  /** Entries to send, parents before children. */
  puts: FileMeta[];
  /** Paths the worker has and the store does not, children before parents. */
  deletes: string[];
}

/**
 * Compares the store's listing with what the worker was given. `reset` (first sync into a
 * worker, or a different workspace) sends everything and deletes nothing individually.
 */
export function planSyncIn(
  listing: readonly FileMeta[],
  synced: ReadonlyMap<string, number>,
  reset: boolean,
): SyncInPlan {
  const sorted = [...listing].sort((a, b) => compare(a.path, b.path));
  if (reset) return { reset, puts: sorted, deletes: [] };
  const present = new Set(sorted.map((entry) => entry.path));
  const puts = sorted.filter((entry) => synced.get(entry.path) !== entry.version);
  const deletes = [...synced.keys()]
    .filter((path) => !present.has(path))
    .sort((a, b) => compare(b, a));
  return { reset, puts, deletes };
}

/**
 * Whether to read the contents of the entries to send with one bulk read of the whole
 * workspace or one read per file. Bulk wins for many files unless the files left out
 * would make it read much more than needed (large data files that did not change).
 */
export function chooseContentRead(
  puts: readonly FileMeta[],
  listing: readonly FileMeta[],
): 'bulk' | 'each' {
  const files = puts.filter((entry) => entry.kind === 'file');
  if (files.length < 50) return 'each';
  const wanted = files.reduce((sum, entry) => sum + entry.size, 0);
  const total = listing.reduce((sum, entry) => sum + (entry.kind === 'file' ? entry.size : 0), 0);
  return total - wanted <= 16 * 1024 * 1024 ? 'bulk' : 'each';
}

/** The batch to apply after a run, and how the client's record of the worker changes. */
export interface WriteBackPlan {
  /** One atomic batch for WorkspaceFiles.apply, every step with an expectation. */
  changes: FileChange[];
  /** Paths written as the run left them (the worker's copy matches once applied). */
  tracked: string[];
  /** Conflict copies written (the worker does not have these). */
  copies: string[];
  /** Paths deleted. */
  deleted: string[];
  conflicts: FileConflict[];
  skipped: SkippedChange[];
  /** Paths whose worker copy will differ from the store: resend on the next sync. */
  stale: string[];
}

/** What planWriteBack compares. */
export interface WriteBackInput {
  changes: WorkspaceChanges;
  /** Versions the worker was given before the run. */
  synced: ReadonlyMap<string, number>;
  /** The store now (after the run), by path. */
  current: ReadonlyMap<string, FileMeta>;
}

/**
 * Turns a run's changes into one batch, deciding what a person would want when they edited
 * the same files while the run was going:
 * - run changed a file you did not touch → applied;
 * - run wrote a file you edited or created meanwhile → yours is kept, the run's version is
 *   saved beside it as "name (from Python).ext" and reported;
 * - run wrote a file you deleted meanwhile → the run's version is restored and reported;
 * - run deleted a file you edited meanwhile → yours is kept and reported;
 * - run deleted a folder where you added something meanwhile → the folder stays.
 * Every put and delete carries the version it expects, so a change racing this batch makes
 * the store refuse it whole (the caller re-plans). Paths the workspace cannot hold (bad
 * names, files over the size limit) are skipped with a reason; they stay in the worker.
 */
export function planWriteBack(input: WriteBackInput): WriteBackPlan {
  const { synced, current } = input;
  const plan: WriteBackPlan = {
    changes: [],
    tracked: [],
    copies: [],
    deleted: [],
    conflicts: [],
    skipped: [],
    stale: [],
  };
  /** Paths the batch creates, with their kind, so later steps see them. */
  const planned = new Map<string, 'file' | 'folder'>();
  const kindAt = (path: string) => planned.get(path) ?? current.get(path)?.kind;
  let budget = MAX_WRITE_BACK_ENTRIES;

  for (const write of input.changes.written) {
    const path = checkedPath(write.path, plan.skipped);
    if (path === undefined) continue;
    if (budget-- <= 0) {
      plan.skipped.push({ path, reason: 'is past the limit of changes one run can bring back' });
      continue;
    }
    const parentProblem = ensureParents(path, kindAt, planned, plan.changes);
    if (parentProblem) {
      plan.skipped.push({ path, reason: parentProblem });
      continue;
    }
    const now = current.get(path);
    const base = synced.get(path);
    if (write.kind === 'folder') {
      if (kindAt(path) === 'folder') continue;
      if (now) {
        plan.skipped.push({
          path,
          reason: 'is a file in the workspace now; the folder was left out',
        });
        plan.stale.push(path);
        continue;
      }
      plan.changes.push({ type: 'put', path, kind: 'folder', content: '', expect: 'absent' });
      planned.set(path, 'folder');
      plan.tracked.push(path);
      continue;
    }
    const bytes = write.bytes ?? new Uint8Array();
    if (bytes.byteLength > MAX_FILE_BYTES) {
      plan.skipped.push({
        path,
        reason: `is ${formatBytes(bytes.byteLength)}, over the ${formatBytes(MAX_FILE_BYTES)} limit for one file; it stays in Python's file system only`,
      });
      continue;
    }
    const content = contentFromBytes(bytes);
    if (!now) {
      plan.changes.push({ type: 'put', path, kind: 'file', content, expect: 'absent' });
      planned.set(path, 'file');
      plan.tracked.push(path);
      if (base !== undefined) plan.conflicts.push({ path, kind: 'deleted-during-run' });
      continue;
    }
    if (now.kind === 'file' && base === now.version) {
      plan.changes.push({ type: 'put', path, kind: 'file', content, expect: now.version });
      plan.tracked.push(path);
      continue;
    }
    // Changed on both sides (or a folder appeared there): keep the person's version.
    const copy = conflictCopyPath(path, (candidate) => kindAt(candidate) !== undefined);
    plan.changes.push({ type: 'put', path: copy, kind: 'file', content, expect: 'absent' });
    planned.set(copy, 'file');
    plan.copies.push(copy);
    plan.conflicts.push({ path, kind: 'edited-during-run', copy });
    plan.stale.push(path);
  }

  const deleting = new Set<string>();
  for (const raw of input.changes.deleted) {
    const path = checkedPath(raw, plan.skipped);
    if (path === undefined) continue;
    const now = current.get(path);
    if (!now || planned.has(path)) continue;
    const base = synced.get(path);
    if (now.kind === 'folder') {
      const keeps = [...current.keys(), ...planned.keys()].some(
        (other) => other !== path && isWithin(other, path) && !deleting.has(other),
      );
      if (keeps) {
        plan.stale.push(path);
        continue;
      }
    } else if (base !== now.version) {
      plan.conflicts.push({ path, kind: 'kept-edited' });
      plan.stale.push(path);
      continue;
    }
    plan.changes.push({ type: 'delete', path, expect: now.version });
    deleting.add(path);
    plan.deleted.push(path);
  }
  return plan;
}

/**
 * "dir/report.txt" → "dir/report (from Python).txt", then "(from Python 2)"… — the first
 * name `taken` does not claim. Dot files and names without an extension get the suffix at
 * the end.
 */
export function conflictCopyPath(path: string, taken: (path: string) => boolean): string {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; ; n++) {
    const candidate = `${dir}${stem} (from Python${n > 1 ? ` ${n}` : ''})${ext}`;
    if (!taken(candidate)) return candidate;
  }
}

function checkedPath(raw: string, skipped: SkippedChange[]): string | undefined {
  try {
    const path = normalizePath(raw);
    if (path !== raw) throw workspaceError('bad-path', { variant: 'not-normal', path: raw });
    return path;
  } catch (error) {
    const reason = error instanceof CoveError ? error.message : String(error);
    // The raw name may hold controls that would reorder the notice it is shown in.
    skipped.push({
      path: printablePath(raw),
      reason: `cannot be kept in the workspace: ${reason}`,
    });
    return undefined;
  }
}

/** Adds folder puts for missing ancestors; returns a reason when an ancestor is a file. */
function ensureParents(
  path: string,
  kindAt: (path: string) => 'file' | 'folder' | undefined,
  planned: Map<string, 'file' | 'folder'>,
  changes: FileChange[],
): string | undefined {
  for (const folder of ancestorsOf(path)) {
    const kind = kindAt(folder);
    if (kind === 'folder') continue;
    if (kind === 'file') return `its folder "${folder}" is a file in the workspace now`;
    changes.push({ type: 'put', path: folder, kind: 'folder', content: '', expect: 'absent' });
    planned.set(folder, 'folder');
  }
  return undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
