import { copyRow } from './row-copy';
import type { ChangeFeed } from './change-feed';
import type { CheckpointStore } from './checkpoint-store';
import type { NodeRecord, SessionRecord, SettingRecord } from './records';
import type { RunStepRecord, RunStore } from './run-store';
import { isOwnedSetting } from './settings-store';
import { storeError } from './store-errors';
import {
  newestDeletedFirst,
  restoreRefusals,
  trashEntry,
  type TrashRecord,
  type TrashStore,
  deletedSessionRecord,
} from './trash-store';

/** An entry id used twice: IndexedDB refuses the add, and so does this. */
const entryExists = () => storeError('exists', { variant: 'trash-entry' });

/**
 * Recently deleted in memory, over the memory store's own rows, with the contract of the
 * Dexie one. Each operation checks everything before it changes anything, so a refusal
 * leaves every row as it was, as a transaction would.
 */
export function createMemoryTrashStore(deps: {
  sessionRows: Map<string, SessionRecord>;
  nodeRows: Map<string, NodeRecord>;
  settingRows: Map<string, SettingRecord>;
  runs: RunStore;
  checkpoints: CheckpointStore;
  changes: ChangeFeed;
}): TrashStore & {
  /** Drops a workspace's entries (its delete); returns the sessions of deleted conversations. */
  deleteWorkspace(workspaceId: string): string[];
} {
  const { sessionRows, nodeRows, settingRows, runs, checkpoints, changes } = deps;
  const rows = new Map<string, TrashRecord>();
  const copy = copyRow;

  const touched = (record: TrashRecord) => {
    changes.publish({
      type: 'sessions',
      workspaceId: record.workspaceId,
      sessionId: record.sessionId,
    });
    changes.publish({ type: 'trash', workspaceId: record.workspaceId });
  };

  const nodesOf = (sessionId: string) =>
    [...nodeRows.values()].filter((node) => node.sessionId === sessionId);

  async function deleteForGood(records: readonly TrashRecord[]) {
    for (const record of records) rows.delete(record.id);
    const sessionIds = new Set(
      records.filter((record) => record.kind === 'session').map((record) => record.sessionId),
    );
    for (const [id, entry] of rows) {
      if (entry.kind === 'branch' && sessionIds.has(entry.sessionId)) rows.delete(id);
    }
    const stillHeld = (sessionId: string) =>
      sessionRows.has(sessionId) ||
      [...rows.values()].some((entry) => entry.kind === 'session' && entry.sessionId === sessionId);
    for (const sessionId of sessionIds) {
      if (!stillHeld(sessionId)) await checkpoints.deleteSession(sessionId);
    }
    // A branch's checkpoints are those of its nodes, unless a node is stored again.
    const branchNodes = records.flatMap((record) =>
      record.kind === 'branch' ? record.nodes.map((node) => node.id) : [],
    );
    await checkpoints.deleteOfNodes(branchNodes.filter((id) => !nodeRows.has(id)));
    for (const workspaceId of new Set(records.map((record) => record.workspaceId)))
      changes.publish({ type: 'trash', workspaceId });
  }

  return {
    async moveSession(id, sessionId, deletedAt) {
      if (rows.has(id)) throw entryExists();
      const session = sessionRows.get(sessionId);
      if (!session) return undefined;
      const nodes = nodesOf(sessionId);
      const ownRuns = (await runs.list(Number.MAX_SAFE_INTEGER)).filter(
        (run) => run.sessionId === sessionId,
      );
      const runSteps: RunStepRecord[] = [];
      for (const run of ownRuns) runSteps.push(...((await runs.get(run.id))?.steps ?? []));
      const settings = [...settingRows.values()].filter((row) =>
        isOwnedSetting(row.key, new Set([sessionId])),
      );
      const record: TrashRecord = copy(
        deletedSessionRecord(id, session, deletedAt, {
          nodes,
          runs: ownRuns,
          runSteps,
          settings,
        }),
      );
      rows.set(id, record);
      for (const node of nodes) nodeRows.delete(node.id);
      await runs.deleteSession(sessionId);
      for (const row of settings) settingRows.delete(row.key);
      sessionRows.delete(sessionId);
      touched(record);
      return trashEntry(record);
    },

    async moveBranch({ id, sessionId, rootId, nodeIds, leafAfter, leafOnRestore, deletedAt }) {
      if (rows.has(id)) throw entryExists();
      const session = sessionRows.get(sessionId);
      const nodes = nodeIds
        .map((nodeId) => nodeRows.get(nodeId))
        .filter((node): node is NodeRecord => node?.sessionId === sessionId);
      const root = nodes.find((node) => node.id === rootId);
      if (!session || !root) return undefined;
      const record: TrashRecord = copy({
        kind: 'branch',
        id,
        workspaceId: session.workspaceId,
        sessionId,
        title: session.title,
        deletedAt,
        rootId,
        parentId: root.parentId,
        leafId: leafOnRestore,
        nodes,
      });
      rows.set(id, record);
      for (const node of nodes) nodeRows.delete(node.id);
      sessionRows.set(sessionId, { ...session, leafId: leafAfter });
      touched(record);
      return trashEntry(record);
    },

    async list(workspaceId) {
      return [...rows.values()]
        .filter((record) => record.workspaceId === workspaceId)
        .map(trashEntry)
        .sort(newestDeletedFirst);
    },

    async restore(id) {
      const found = rows.get(id);
      if (!found) throw restoreRefusals.entryGone();
      const clash = found.nodes.some((node) => nodeRows.has(node.id));
      const session = sessionRows.get(found.sessionId);
      if (found.kind === 'session') {
        if (session || clash) throw restoreRefusals.storedAgain(found.title);
        sessionRows.set(found.sessionId, copy(found.session));
        for (const node of found.nodes) nodeRows.set(node.id, copy(node));
        for (const run of found.runs) {
          const steps = found.runSteps.filter((step) => step.runId === run.id);
          await runs.save(copy(run), copy(steps));
        }
        for (const row of found.settings) {
          if (!settingRows.has(row.key)) settingRows.set(row.key, copy(row));
        }
      } else {
        if (!session) {
          const whole = [...rows.values()].some(
            (entry) => entry.kind === 'session' && entry.sessionId === found.sessionId,
          );
          throw restoreRefusals.conversationGone(found.title, whole);
        }
        const parent = found.parentId === null ? null : nodeRows.get(found.parentId);
        if (parent !== null && parent?.sessionId !== found.sessionId)
          throw restoreRefusals.parentGone(found.title);
        if (clash) throw restoreRefusals.storedAgain(found.title);
        for (const node of found.nodes) nodeRows.set(node.id, copy(node));
        sessionRows.set(found.sessionId, { ...session, leafId: found.leafId });
      }
      rows.delete(id);
      touched(found);
      return trashEntry(found);
    },

    async delete(ids) {
      const found = ids.map((id) => rows.get(id)).filter((row): row is TrashRecord => !!row);
      await deleteForGood(found);
    },

    async purge(deletedBefore) {
      const old = [...rows.values()].filter((record) => record.deletedAt < deletedBefore);
      await deleteForGood(old);
      return old.length;
    },

    deleteWorkspace(workspaceId) {
      const sessionIds: string[] = [];
      for (const [id, record] of rows) {
        if (record.workspaceId !== workspaceId) continue;
        if (record.kind === 'session') sessionIds.push(record.sessionId);
        rows.delete(id);
      }
      return sessionIds;
    },
  };
}
