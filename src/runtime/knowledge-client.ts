import * as Comlink from 'comlink';
import type { EmbeddingChoice, KnowledgeBackend, KnowledgeWorkerApi } from './knowledge-protocol';

/**
 * The knowledge backend in its worker (workers/knowledge.worker.ts, a chunk of its own
 * with minisearch, fetched when the knowledge is first used). `databaseName` is the
 * database the page opened.
 */
export function createKnowledgeWorkerClient(databaseName = 'cove'): KnowledgeBackend {
  const worker = new Worker(new URL('../../workers/knowledge.worker.ts', import.meta.url), {
    type: 'module',
    name: 'cove-knowledge',
  });
  const remote = Comlink.wrap<KnowledgeWorkerApi>(worker);
  const connected = remote.connect(databaseName);
  return {
    async open(workspaceId, embedding?: EmbeddingChoice) {
      await connected;
      return remote.open(
        workspaceId,
        embedding && {
          model: embedding.model,
          // The embedding call runs in the page (it holds the provider's key).
          embed: Comlink.proxy(embedding.embed),
        },
      );
    },
    add: (path) => remote.add(path),
    remove: (path) => remote.remove(path),
    reindex: (path) => remote.reindex(path),
    sync: () => remote.sync(),
    search: (query, limit) => remote.search(query, limit),
    close: () => {
      void remote.close();
      worker.terminate();
    },
  };
}
