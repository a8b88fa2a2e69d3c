import type { FileChange } from '../store/file-store';
import type { CheckpointFile, CheckpointRecord, FileState } from '../store/checkpoint-store';
import type { FileContent, FileMeta } from '../store/records';
import { indexListing, planParents } from './file-plans';

/**
 * Pure kernels of a rewind: from the checkpoints of a session and the state of the files
 * now, what each path goes back to, whether someone changed it by hand since the agent
 * wrote it, and the atomic batch that does it. The service (checkpoints.ts) reads and
 * writes; these only compute.
 */

/**
 * `restore`: the file exists, with other content than at the checkpoint. `delete`: it did
 * not exist then (the agent created it). `recreate`: it existed then and is gone now (the
 * agent deleted it). `unchanged`: it is as it was; nothing is written.
 */
export type RewindAction = 'restore' | 'delete' | 'recreate' | 'unchanged';

/**
 * Whether the path changed after the agent wrote it, i.e. whether the rewind would
 * overwrite work that is not the agent's: `yes`, `no`, or `unknown` when a turn that
 * touched it was never settled (the tab closed mid-turn), so what the agent left is not
 * known.
 */
export type ChangedByHand = 'yes' | 'no' | 'unknown';

/** How one path goes back. */
export interface PathRewind {
  path: string;
  action: RewindAction;
  changedByHand: ChangedByHand;
  /** The state to put back: the first one recorded for the path at or after the checkpoint. */
  target: CheckpointFile;
}

const ABSENT: FileState = { blobHash: null, version: null, binary: false };

/**
 * Same content: same bytes kept as the same kind (text and identical bytes share a blob
 * but are not the same file to Cove: one opens in the editor, the other does not).
 */
export function sameContent(a: FileState, b: FileState): boolean {
  return a.blobHash === b.blobHash && (a.blobHash === null || a.binary === b.binary);
}

/**
 * What every path touched from `history[0]` on goes back to. `history` is the checkpoint
 * rewound to followed by every later checkpoint of its session, by `seq`: the workspace's
 * history is one line in time even when the conversation branches, so a path the agent
 * first touched in a later turn goes back to its state before that turn, which is its
 * state at the checkpoint unless someone changed it in between (then flagged).
 * `now` has the state of each such path now (missing means absent); results are sorted by
 * path.
 *
 * Changed by hand: along the path's entries, the state a turn left (`after`) must equal
 * the state the next entry found before its turn, and the last one must equal `now`. Any
 * difference is a change made outside the agent's turns. States are compared by content
 * hash, not by version alone: versions start again at 1 when a file is deleted and made
 * anew, so a file the person deleted and re-created could carry the agent's version.
 */
export function planPathRewinds(
  history: readonly CheckpointRecord[],
  now: ReadonlyMap<string, FileState>,
): PathRewind[] {
  const entries = new Map<string, CheckpointFile[]>();
  for (const checkpoint of history) {
    for (const file of checkpoint.files) {
      const list = entries.get(file.path);
      if (list) list.push(file);
      else entries.set(file.path, [file]);
    }
  }
  const rewinds: PathRewind[] = [];
  for (const [path, list] of entries) {
    const current = now.get(path) ?? ABSENT;
    const target = list[0]!;
    let byHand = false;
    let unknown = false;
    list.forEach((entry, i) => {
      const next = list[i + 1] ?? current;
      if (!entry.after) unknown = true;
      else if (!sameContent(entry.after, next)) byHand = true;
    });
    rewinds.push({
      path,
      action: actionFor(target, current),
      changedByHand: byHand ? 'yes' : unknown ? 'unknown' : 'no',
      target,
    });
  }
  return rewinds.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function actionFor(target: FileState, current: FileState): RewindAction {
  if (sameContent(target, current)) return 'unchanged';
  if (target.blobHash === null) return 'delete';
  if (current.blobHash === null) return 'recreate';
  return 'restore';
}

/** One file of a rewind, with what is there now and what goes back. */
export interface FileRewindStep {
  path: string;
  action: RewindAction;
  /** What is there now; the batch expects exactly this version. Null when absent. */
  current: { version: number; content: FileContent; blobHash: string } | null;
  /** What goes back; null when the file will not exist (and for `unchanged`: nothing is written). */
  restored: FileContent | null;
}

/**
 * The batch that does a rewind: deletes first (each expecting the version read when the
 * plan was made), then puts, with folders for re-created files whose folders are gone.
 * Steps that change nothing are left out. `listing` holds the entries now at the
 * ancestors of re-created files (the whole workspace listing does too).
 */
export function rewindBatch(
  steps: readonly FileRewindStep[],
  listing: readonly FileMeta[],
): FileChange[] {
  const changing = steps.filter((step) => step.action !== 'unchanged');
  const deletes: FileChange[] = changing
    .filter((step) => step.restored === null && step.current)
    .map((step) => ({ type: 'delete', path: step.path, expect: step.current!.version }));
  const gone = new Set(deletes.map((change) => change.path));
  const remaining = indexListing(listing.filter((entry) => !gone.has(entry.path)));
  const planned = new Set<string>();
  const puts: FileChange[] = [];
  for (const step of changing) {
    if (step.restored === null) continue;
    if (!step.current) puts.push(...planParents(remaining, step.path, planned));
    puts.push({
      type: 'put',
      path: step.path,
      kind: 'file',
      content: step.restored,
      expect: step.current ? step.current.version : 'absent',
    });
  }
  return [...deletes, ...puts];
}
