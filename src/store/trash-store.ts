/**
 * Recently deleted conversations and branches. A delete moves the rows out of their tables
 * into one `trash` row that holds all it takes to put them back whole, so Restore works after
 * a reload or with the tab closed, until the entry is deleted for good (by the person, by
 * its expiry, or with its workspace). One row per delete: no other table gains a "deleted"
 * flag that every read would have to filter.
 */
import type { NodeRecord, SessionRecord, SettingRecord } from './records';
import type { RunRecord, RunStepRecord } from './run-store';
import { storeError } from './store-errors';

/** What every row of `trash` has. */
interface TrashBase {
  /** The entry's own id (not the session's: a session may have many deleted branches). */
  id: string;
  workspaceId: string;
  sessionId: string;
  /** The conversation's title when it was deleted, so the list reads without joins. */
  title: string;
  /** Milliseconds since the epoch. */
  deletedAt: number;
}

/**
 * A deleted conversation: its session row, every node, its runs with their steps and the
 * settings it owned (`agent.policy.<id>`). Its checkpoints stay in `checkpoints` (keyed by
 * the session id) and go when the entry is deleted for good.
 */
export interface DeletedSessionRecord extends TrashBase {
  kind: 'session';
  session: SessionRecord;
  nodes: NodeRecord[];
  runs: RunRecord[];
  runSteps: RunStepRecord[];
  settings: SettingRecord[];
}

/** A deleted branch: the subtree from `rootId` down, which hung under `parentId`. */
export interface DeletedBranchRecord extends TrashBase {
  kind: 'branch';
  rootId: string;
  parentId: string | null;
  /** The leaf the session shows again on restore (inside the branch). */
  leafId: string | null;
  nodes: NodeRecord[];
}

/** A row of `trash` (schema version 7). */
export type TrashRecord = DeletedSessionRecord | DeletedBranchRecord;

/** The trash row of conversation `session`, deleted at `deletedAt` with what it owned. */
export function deletedSessionRecord(
  id: string,
  session: SessionRecord,
  deletedAt: number,
  owned: Pick<DeletedSessionRecord, 'nodes' | 'runs' | 'runSteps' | 'settings'>,
): DeletedSessionRecord {
  return {
    kind: 'session',
    id,
    workspaceId: session.workspaceId,
    sessionId: session.id,
    title: session.title,
    deletedAt,
    session,
    ...owned,
  };
}

/** An entry as the Recently deleted list shows it: no rows, only what describes it. */
export interface TrashEntry {
  id: string;
  kind: TrashRecord['kind'];
  workspaceId: string;
  sessionId: string;
  title: string;
  deletedAt: number;
  /** Messages it holds. */
  messages: number;
  /** The start of its first message (a branch: the branch's first message); '' when none. */
  first: string;
}

/** What a branch delete needs: the plan comes from the tree (session-tree-ops.ts). */
export interface BranchRemoval {
  /** The new entry's id. */
  id: string;
  sessionId: string;
  /** The branch's first node; its subtree is `nodeIds`. */
  rootId: string;
  nodeIds: readonly string[];
  /** The session's leaf afterwards. */
  leafAfter: string | null;
  /** The leaf to show again when the branch is restored. */
  leafOnRestore: string | null;
  deletedAt: number;
}

export interface TrashStore {
  /**
   * Moves a session with its nodes, runs (and steps) and owned settings into a new entry
   * `id`, in one transaction. Undefined (nothing written) when the session is gone.
   */
  moveSession(id: string, sessionId: string, deletedAt: number): Promise<TrashEntry | undefined>;
  /**
   * Moves the nodes of a branch into a new entry and sets the session's leaf, in one
   * transaction. Ids of other sessions are ignored; undefined when none of the nodes (or
   * the session) is stored any more.
   */
  moveBranch(removal: BranchRemoval): Promise<TrashEntry | undefined>;
  /** The workspace's entries, newest first. */
  list(workspaceId: string): Promise<TrashEntry[]>;
  /**
   * Puts an entry's rows back exactly as they were (same ids) and removes the entry, in one
   * transaction; returns the entry. A branch goes back under its parent and the session
   * shows it. Throws CoveError `missing` when the entry is gone (restored or deleted
   * elsewhere), or, for a branch, its conversation or parent is; `exists` when the session
   * or any node id is stored again (an import, a backup): nothing is overwritten.
   */
  restore(id: string): Promise<TrashEntry>;
  /**
   * Deletes entries for good, in one transaction: a conversation's checkpoints (and the
   * blobs nothing else uses) and its deleted branches, which could never go back, go too.
   */
  delete(ids: readonly string[]): Promise<void>;
  /** Deletes for good, as `delete`, every entry deleted before `deletedBefore`; returns how many. */
  purge(deletedBefore: number): Promise<number>;
}

/** Characters of the first message an entry shows. */
const FIRST_CHARS = 120;

/** The entry of a row, for lists and notices. */
export function trashEntry(record: TrashRecord): TrashEntry {
  const first =
    record.kind === 'branch'
      ? record.nodes.find((node) => node.id === record.rootId)
      : (record.nodes.find((node) => node.parentId === null && node.role === 'user') ??
        record.nodes.find((node) => node.parentId === null));
  return {
    id: record.id,
    kind: record.kind,
    workspaceId: record.workspaceId,
    sessionId: record.sessionId,
    title: record.title,
    deletedAt: record.deletedAt,
    messages: record.nodes.length,
    first: (first?.content ?? '').replace(/\s+/g, ' ').trim().slice(0, FIRST_CHARS),
  };
}

/** Newest first. */
export const newestDeletedFirst = (a: TrashEntry, b: TrashEntry) => b.deletedAt - a.deletedAt;

/** The refusals of `restore`, shared by both stores so they say the same. */
export const restoreRefusals = {
  entryGone: () => storeError('missing', { variant: 'trash-entry' }),
  conversationGone: (title: string, inTrash: boolean) =>
    storeError('missing', { variant: 'branch-conversation', title, inTrash }),
  parentGone: (title: string) => storeError('missing', { variant: 'branch-parent', title }),
  storedAgain: (title: string) => storeError('exists', { variant: 'stored-again', title }),
};
