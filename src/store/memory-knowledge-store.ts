import type {
  KnowledgeChunkRecord,
  KnowledgeFileRecord,
  KnowledgeSourceRecord,
  KnowledgeStore,
  KnowledgeVectorRecord,
} from './knowledge-store';

const key = (workspaceId: string, path: string) => `${workspaceId}\u0000${path}`;
const byPath = (a: { path: string }, b: { path: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/** The knowledge rows in memory, for tests and the in-memory store. */
export function createMemoryKnowledgeStore(): KnowledgeStore & {
  deleteWorkspace(workspaceId: string): void;
} {
  const sources = new Map<string, KnowledgeSourceRecord>();
  const files = new Map<string, KnowledgeFileRecord>();
  const chunks = new Map<string, KnowledgeChunkRecord[]>();
  const vectors = new Map<string, KnowledgeVectorRecord>();
  const copy = <T>(value: T): T => structuredClone(value);
  const dropFile = (workspaceId: string, path: string) => {
    files.delete(key(workspaceId, path));
    chunks.delete(key(workspaceId, path));
    for (const [id, vector] of vectors)
      if (vector.workspaceId === workspaceId && vector.path === path) vectors.delete(id);
  };
  return {
    async sources(workspaceId) {
      return [...sources.values()].filter((s) => s.workspaceId === workspaceId).sort(byPath);
    },
    async addSource(source) {
      sources.set(key(source.workspaceId, source.path), copy(source));
    },
    async removeSource(workspaceId, path) {
      sources.delete(key(workspaceId, path));
    },
    async files(workspaceId) {
      return [...files.values()]
        .filter((f) => f.workspaceId === workspaceId)
        .sort(byPath)
        .map(copy);
    },
    async chunks(workspaceId) {
      return [...chunks.values()]
        .flat()
        .filter((c) => c.workspaceId === workspaceId)
        .map(copy);
    },
    async putFiles(updates) {
      for (const { file, chunks: rows } of updates) {
        dropFile(file.workspaceId, file.path);
        files.set(key(file.workspaceId, file.path), copy(file));
        chunks.set(key(file.workspaceId, file.path), copy(rows));
      }
    },
    async removeFiles(workspaceId, paths) {
      for (const path of paths) dropFile(workspaceId, path);
    },
    async vectors(workspaceId, model) {
      return [...vectors.values()]
        .filter((v) => v.workspaceId === workspaceId && v.model === model)
        .map(copy);
    },
    async putVectors(rows) {
      for (const row of rows) vectors.set(`${row.id}\u0000${row.model}`, copy(row));
    },
    deleteWorkspace(workspaceId) {
      for (const [k, source] of sources) if (source.workspaceId === workspaceId) sources.delete(k);
      for (const file of [...files.values()])
        if (file.workspaceId === workspaceId) dropFile(workspaceId, file.path);
    },
  };
}
