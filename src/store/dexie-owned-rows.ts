import { referencedBlobs } from './checkpoint-rows';
import type { CoveDatabase } from './dexie-database';
import { isOwnedSetting } from './settings-store';

/**
 * Deletes of what conversations own, for use inside a transaction the caller opened. Each
 * does Dexie work on every path and calls no async helper of its own: awaiting an async
 * function that did no Dexie work, or nesting them, ends the transaction early (Dexie's
 * zones; seen as PrematureCommitError), so callers only call them with something to delete.
 */

/**
 * Inside a transaction over runs, runSteps, checkpoints and blobs: removes the runs and
 * checkpoints of these conversations, and the blobs no remaining checkpoint uses.
 */
export async function deleteOwnedBySessions(db: CoveDatabase, sessionIds: readonly string[]) {
  const runIds = (await db.runs.where('sessionId').anyOf(sessionIds).primaryKeys()) as string[];
  await db.runSteps.where('runId').anyOf(runIds).delete();
  await db.runs.bulkDelete(runIds);
  // Inline, not a helper: one more level of async functions loses the transaction.
  const gone = await db.checkpoints.where('sessionId').anyOf(sessionIds).toArray();
  if (!gone.length) return;
  await db.checkpoints.bulkDelete(gone.map((row) => row.id));
  const kept = referencedBlobs(await db.checkpoints.toArray());
  await db.blobs.bulkDelete([...referencedBlobs(gone)].filter((hash) => !kept.has(hash)));
}

/** Inside a transaction over settings: the keys of the settings these owners own. */
export async function ownedSettingKeys(
  db: CoveDatabase,
  ownerIds: ReadonlySet<string>,
): Promise<string[]> {
  // Keys only: the whole table's values are not needed to find a few keys.
  const keys = (await db.settings.toCollection().primaryKeys()) as string[];
  return keys.filter((key) => isOwnedSetting(key, ownerIds));
}

/** Inside a transaction over settings: removes the settings these owners own. */
export async function deleteOwnedSettings(db: CoveDatabase, ownerIds: ReadonlySet<string>) {
  const keys = (await db.settings.toCollection().primaryKeys()) as string[];
  await db.settings.bulkDelete(keys.filter((key) => isOwnedSetting(key, ownerIds)));
}
