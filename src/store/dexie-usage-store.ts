import type { IndexableType, Table } from 'dexie';
import type { StoredNode } from './attachment-blobs';
import type { CoveDatabase } from './dexie-database';
import type { UsageStore } from './usage-store';
import { contentBytes, makeUsageTally } from './usage-tally';

/** Rows read per request: small rows (metadata, runs) in large pages, contents in small. */
const SMALL_ROWS_PAGE = 1000;
const TEXT_ROWS_PAGE = 500;
/** Blobs are whole file contents, megabytes each at worst. */
const BLOB_PAGE = 16;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Visits every row of `table` in primary-key order, `size` rows per read. A page is one
 * `getAll` (a cursor costs a round trip per row: 10,000 messages took about three times as
 * long), and only one page is held at a time. Inside the caller's transaction. A short page
 * is not the end: the row guard leaves damaged rows out of a page, so reading stops at an
 * empty one (a page made only of damaged rows ends it early: the sums then miss what follows).
 */
async function eachPage<T, K extends IndexableType, I>(
  table: Table<T, K, I>,
  size: number,
  visit: (row: T) => void,
) {
  const keyPath = table.schema.primKey.keyPath;
  const keyOf = (row: T): unknown =>
    Array.isArray(keyPath)
      ? keyPath.map((part) => (row as Record<string, unknown>)[part])
      : (row as Record<string, unknown>)[keyPath as string];
  let last: unknown;
  for (;;) {
    const collection =
      last === undefined ? table.orderBy(':id') : table.where(':id').above(last as K);
    const page = await collection.limit(size).toArray();
    if (!page.length) return;
    for (const row of page) visit(row);
    last = keyOf(page[page.length - 1]!);
  }
}

/**
 * `usage()` over the Dexie tables: one read transaction, every table read a page at a time,
 * so a few hundred rows at most are in memory. Files are read from `fileMeta`, which has
 * their sizes and no contents; messages, steps and blobs are measured and let go.
 */
export function createDexieUsageStore(db: CoveDatabase): UsageStore {
  return {
    usage() {
      const tally = makeUsageTally();
      const tables = [
        db.workspaces,
        db.sessions,
        db.fileMeta,
        db.nodes,
        db.attachmentBlobs,
        db.runs,
        db.runSteps,
        db.checkpoints,
        db.blobs,
      ];
      return db.transaction('r', tables, async () => {
        await eachPage(db.workspaces, SMALL_ROWS_PAGE, tally.workspace);
        await eachPage(db.sessions, SMALL_ROWS_PAGE, tally.session);
        await eachPage(db.fileMeta, SMALL_ROWS_PAGE, tally.file);
        // A message counts the attachment contents it shows, as when they were kept on it.
        const attached = new Map<string, number>();
        await eachPage(db.attachmentBlobs, BLOB_PAGE, (row) =>
          attached.set(row.hash, contentBytes(row.data)),
        );
        await eachPage(db.nodes, TEXT_ROWS_PAGE, (row: StoredNode) =>
          tally.node(row, sum((row.attachmentRefs ?? []).map((hash) => attached.get(hash) ?? 0))),
        );
        await eachPage(db.runs, SMALL_ROWS_PAGE, tally.run);
        await eachPage(db.runSteps, TEXT_ROWS_PAGE, tally.step);
        await eachPage(db.checkpoints, TEXT_ROWS_PAGE, tally.checkpoint);
        await eachPage(db.blobs, BLOB_PAGE, (row) =>
          tally.blob(row.hash, contentBytes(row.content)),
        );
        return tally.result();
      });
    },
  };
}
