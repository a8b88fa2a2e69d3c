import type { CoveDatabase } from './dexie-database';
import type { KnowledgeStore } from './knowledge-store';

/** The knowledge rows in IndexedDB (tables of schema 9). */
export function createDexieKnowledgeStore(
  db: CoveDatabase,
  guard: <T>(write: () => Promise<T>) => Promise<T>,
): KnowledgeStore {
  const ofFile = (workspaceId: string, path: string) => [workspaceId, path] as [string, string];
  /** Within a transaction over the three file tables: a file's rows go. */
  const dropFile = async (workspaceId: string, path: string) => {
    await db.knowledgeFiles.delete(ofFile(workspaceId, path));
    await db.knowledgeChunks.where('[workspaceId+path]').equals(ofFile(workspaceId, path)).delete();
    await db.knowledgeVectors
      .where('[workspaceId+path]')
      .equals(ofFile(workspaceId, path))
      .delete();
  };
  const fileTables = () => [db.knowledgeFiles, db.knowledgeChunks, db.knowledgeVectors];
  return {
    sources: (workspaceId) =>
      db.knowledgeSources.where('workspaceId').equals(workspaceId).sortBy('path'),
    addSource: async (source) => {
      await guard(() => db.knowledgeSources.put(source));
    },
    removeSource: async (workspaceId, path) => {
      await guard(() => db.knowledgeSources.delete(ofFile(workspaceId, path)));
    },
    files: (workspaceId) =>
      db.knowledgeFiles.where('workspaceId').equals(workspaceId).sortBy('path'),
    chunks: (workspaceId) => db.knowledgeChunks.where('workspaceId').equals(workspaceId).toArray(),
    putFiles: async (updates) => {
      if (!updates.length) return;
      await guard(() =>
        db.transaction('rw', fileTables(), async () => {
          // Only files indexed before have rows to drop: a first pass over a thousand new
          // files skips three queries each.
          const keys = updates.map(({ file }) => ofFile(file.workspaceId, file.path));
          const before = await db.knowledgeFiles.bulkGet(keys);
          for (const [i, row] of before.entries())
            if (row) await dropFile(keys[i]![0], keys[i]![1]);
          await db.knowledgeFiles.bulkPut(updates.map((update) => update.file));
          await db.knowledgeChunks.bulkPut(updates.flatMap((update) => update.chunks));
        }),
      );
    },
    removeFiles: async (workspaceId, paths) => {
      if (!paths.length) return;
      await guard(() =>
        db.transaction('rw', fileTables(), async () => {
          for (const path of paths) await dropFile(workspaceId, path);
        }),
      );
    },
    vectors: (workspaceId, model) =>
      db.knowledgeVectors
        .where('workspaceId')
        .equals(workspaceId)
        .filter((row) => row.model === model)
        .toArray(),
    putVectors: async (rows) => {
      if (rows.length) await guard(() => db.knowledgeVectors.bulkPut([...rows]));
    },
  };
}
