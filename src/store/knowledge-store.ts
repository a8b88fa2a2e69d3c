/**
 * The knowledge index's rows: what the person added to a workspace's knowledge (files and
 * folders), each indexed file's status, its passages (chunks) with where they came from,
 * and optional embedding vectors of the passages. Derived data except the sources: a lost
 * chunk is rebuilt by reindexing, so these rows are left out of snapshots and backups.
 */

/** A file or folder the person added to the workspace's knowledge. */
export interface KnowledgeSourceRecord {
  workspaceId: string;
  /** A file's path, or a folder's ('' for the whole workspace). */
  path: string;
  addedAt: number;
}

/** How indexing one file ended. */
export type KnowledgeFileStatus = 'indexed' | 'skipped' | 'failed';

/** One file of the knowledge and how it was indexed. */
export interface KnowledgeFileRecord {
  workspaceId: string;
  path: string;
  /** The file's version (FileRecord.version) its chunks were made from. */
  version: number;
  chunkCount: number;
  status: KnowledgeFileStatus;
  /** Why a file was skipped or failed. */
  detail?: string;
  indexedAt: number;
}

/** One passage of an indexed file. */
export interface KnowledgeChunkRecord {
  /** `${workspaceId}\u0000${path}\u0000${ordinal}`: unique, stable for a file's version. */
  id: string;
  workspaceId: string;
  path: string;
  version: number;
  startLine: number;
  endLine: number;
  page?: number;
  heading?: string;
  text: string;
}

/** A passage's embedding from one model. */
export interface KnowledgeVectorRecord {
  /** The chunk's id. */
  id: string;
  model: string;
  workspaceId: string;
  path: string;
  vector: number[];
}

/** A file's new chunks and status, written together. */
export interface KnowledgeFileUpdate {
  file: KnowledgeFileRecord;
  chunks: KnowledgeChunkRecord[];
}

export interface KnowledgeStore {
  sources(workspaceId: string): Promise<KnowledgeSourceRecord[]>;
  addSource(source: KnowledgeSourceRecord): Promise<void>;
  removeSource(workspaceId: string, path: string): Promise<void>;
  files(workspaceId: string): Promise<KnowledgeFileRecord[]>;
  chunks(workspaceId: string): Promise<KnowledgeChunkRecord[]>;
  /**
   * Replaces the chunks (and drops the vectors) of each file in `updates` and writes its
   * status, all in one transaction.
   */
  putFiles(updates: readonly KnowledgeFileUpdate[]): Promise<void>;
  /** Removes these files' status, chunks and vectors in one transaction. */
  removeFiles(workspaceId: string, paths: readonly string[]): Promise<void>;
  vectors(workspaceId: string, model: string): Promise<KnowledgeVectorRecord[]>;
  putVectors(vectors: readonly KnowledgeVectorRecord[]): Promise<void>;
}

/** The id of a file's `ordinal`-th chunk. */
export const knowledgeChunkId = (workspaceId: string, path: string, ordinal: number) =>
  `${workspaceId}\u0000${path}\u0000${ordinal}`;
