/**
 * The knowledge backend over a store: the worker runs it over its own connection to the
 * database, tests and demos over the page's store. Calls are queued, so an edit's sync never
 * interleaves with an add or a search half done.
 */
import type { CoveStore } from '../store/cove-store';
import { extractPlainText, type TextExtractor } from '../workspace/knowledge/knowledge-extractor';
import { KnowledgeIndex } from '../workspace/knowledge/knowledge-index';
import { createVectorRanker } from '../workspace/knowledge/vector-ranker';
import type { KnowledgeBackend, KnowledgeState } from './knowledge-protocol';

export function createKnowledgeHost(
  store: Pick<CoveStore, 'files' | 'knowledge'>,
  options: { extract?: TextExtractor; now?: () => number; onClose?: () => void } = {},
): KnowledgeBackend {
  let index: KnowledgeIndex | undefined;
  let workspaceId = '';
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
  const state = (): KnowledgeState => ({
    workspaceId,
    entries: index?.entries() ?? [],
    versions: index?.versions() ?? {},
  });
  const opened = () => {
    if (!index) throw new Error('The knowledge index is not open.');
    return index;
  };
  return {
    open: (id, embedding) =>
      serial(async () => {
        workspaceId = id;
        index = undefined;
        index = await KnowledgeIndex.open({
          workspaceId: id,
          store: store.knowledge,
          files: store.files,
          extract: options.extract ?? extractPlainText,
          now: options.now ?? (() => Date.now()),
          ...(embedding
            ? {
                vectors: createVectorRanker({
                  workspaceId: id,
                  model: embedding.model,
                  store: store.knowledge,
                  embed: embedding.embed,
                }),
              }
            : {}),
        });
        return state();
      }),
    add: (path) => serial(async () => (await opened().add(path), state())),
    remove: (path) => serial(async () => (await opened().remove(path), state())),
    reindex: (path) => serial(async () => (await opened().reindex(path), state())),
    sync: () => serial(async () => (await opened().sync(), state())),
    search: (query, limit) => serial(() => opened().search(query, limit)),
    close: () => options.onClose?.(),
  };
}
