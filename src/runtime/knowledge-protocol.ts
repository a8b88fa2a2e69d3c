/**
 * The knowledge index as the page sees it, whether it runs in the knowledge worker
 * (workers/knowledge.worker.ts, through knowledge-client.ts) or in this thread
 * (knowledge-host.ts directly, for tests and demos). DOM-free.
 */
import type { KnowledgeEntry, KnowledgeHit } from '../workspace/knowledge/knowledge-index';
import type { Embedder } from '../workspace/knowledge/vector-ranker';

/** What the Knowledge panel and citations read after each operation. */
export interface KnowledgeState {
  workspaceId: string;
  entries: KnowledgeEntry[];
  /** The file version each indexed file's passages came from. */
  versions: Record<string, number>;
}

/** An embedding model and the function that calls its endpoint (from the page). */
export interface EmbeddingChoice {
  model: string;
  embed: Embedder;
}

/**
 * One workspace's index at a time. Operations run one after another, in call order; each
 * resolves with the state after it.
 */
export interface KnowledgeBackend {
  /** Opens (or switches to) the workspace's index and brings it up to date. */
  open(workspaceId: string, embedding?: EmbeddingChoice): Promise<KnowledgeState>;
  add(path: string): Promise<KnowledgeState>;
  remove(path: string): Promise<KnowledgeState>;
  reindex(path: string): Promise<KnowledgeState>;
  /** Follows the workspace's files: re-reads what changed since the last pass. */
  sync(): Promise<KnowledgeState>;
  search(query: string, limit: number): Promise<KnowledgeHit[]>;
  close(): void;
}

/** The worker's side: first connected to the database the page opened. */
export interface KnowledgeWorkerApi extends KnowledgeBackend {
  connect(databaseName: string): Promise<void>;
}
