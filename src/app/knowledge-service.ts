/**
 * The open workspace's knowledge for the UI, the chat and the agent: what is indexed (the
 * Knowledge panel), adding and removing files and folders, and retrieval. The index runs
 * in a backend (the knowledge worker in the page), started the first time the knowledge is
 * used, and follows the workspace's files through the store's change feed from then on:
 * an edit's passages are re-cut a moment after it is saved. A backend that failed is
 * started again at the next use.
 */
import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import type { FetchLike } from '../llm/fetch-like';
import { EMBEDDING_MODEL_KEY, embeddingChoice } from './knowledge-embeddings';
import type { ProviderService } from './provider-service';
import type { CoveStore } from '../store/cove-store';
import type { KnowledgeBackend, KnowledgeState } from '../runtime/knowledge-protocol';
import type { KnowledgePassage } from '../workspace/knowledge/knowledge-citations';
import type { KnowledgeEntry, KnowledgeHit } from '../workspace/knowledge/knowledge-index';
import type { NoticeService } from './notice-service';
import type { WorkspaceService } from './workspace-service';

/** Passages a chat message retrieves. */
export const CHAT_PASSAGES = 6;
/** Wait after a file change before re-reading, so a burst of saves is one pass. */
const SYNC_DELAY_MS = 300;

/** The index in this thread (tests, demos): loaded on first use, minisearch with it. */
const inProcess = async (store: Pick<CoveStore, 'files' | 'knowledge'>) =>
  (await import('../runtime/knowledge-host')).createKnowledgeHost(store);

export interface KnowledgeService {
  /** The added files and folders of the open workspace (after `load`). */
  readonly entries: Accessor<readonly KnowledgeEntry[]>;
  /** True while the index reads files (adding, reindexing, following edits). */
  readonly indexing: Accessor<boolean>;
  /** The version each indexed file's passages came from. */
  readonly versions: Accessor<Readonly<Record<string, number>>>;
  /** Chat mode's toggle: every message retrieves passages (see knowledge-message.ts). */
  readonly useInChat: Accessor<boolean>;
  setUseInChat(on: boolean): void;
  /** The embedding model ("providerId/modelId"), '' for full text only (after `load`). */
  readonly embeddingModel: Accessor<string>;
  /** Chooses the embedding model ('' for none); passages are embedded at the next use. */
  setEmbeddingModel(ref: string): Promise<void>;
  /** Starts the index of the open workspace, if not yet, and lists what it holds. */
  load(): Promise<void>;
  add(path: string): Promise<void>;
  remove(path: string): Promise<void>;
  reindex(path: string): Promise<void>;
  search(query: string, limit: number): Promise<KnowledgeHit[]>;
  /** The best passages for a chat message, numbered from 1 for citations. */
  retrieve(query: string, limit?: number): Promise<KnowledgePassage[]>;
}

/** Starts a backend (the worker in the page); undefined: in this thread, over the store. */
export type KnowledgeStarter = (() => Promise<KnowledgeBackend>) | undefined;

export function createKnowledgeService(
  /** The page's way to start the index (the composition root's environment). */
  environment: { knowledge?: KnowledgeStarter; fetch?: FetchLike; pageOrigin?: string },
  deps: {
    workspaces: WorkspaceService;
    notices: NoticeService;
    clock: Clock;
    store: Pick<CoveStore, 'files' | 'knowledge' | 'settings'>;
    providers: Pick<ProviderService, 'providers'>;
  },
): KnowledgeService {
  const { workspaces, notices, clock } = deps;
  const [entries, setEntries] = createSignal<readonly KnowledgeEntry[]>([]);
  const [versions, setVersions] = createSignal<Readonly<Record<string, number>>>({});
  const [pending, setPending] = createSignal(0);
  const [useInChat, setUseInChat] = createSignal(false);
  const [embeddingModel, setEmbeddingModelShown] = createSignal('');
  let embeddingRead: Promise<void> | undefined;
  /** What the backend embeds with; read from the settings once. */
  const embedding = async () => {
    embeddingRead ??= deps.store.settings
      .get<string>(EMBEDDING_MODEL_KEY)
      .then((ref) => void setEmbeddingModelShown(typeof ref === 'string' ? ref : ''));
    await embeddingRead;
    return embeddingChoice(embeddingModel(), {
      providers: deps.providers.providers,
      fetch: environment.fetch,
      clock,
      pageOrigin: environment.pageOrigin,
      onFailure: (message) => notices.show({ kind: 'error', text: `Embeddings: ${message}` }),
    });
  };
  let backend: Promise<KnowledgeBackend> | undefined;
  let openFor: { workspaceId: string; ready: Promise<KnowledgeState> } | undefined;
  let syncTimer: (() => void) | undefined;

  const show = (state: KnowledgeState) => {
    if (state.workspaceId !== workspaces.current()?.id) return state;
    setEntries(state.entries);
    setVersions(state.versions);
    return state;
  };

  /** Runs `work` on the open workspace's index, marking the panel busy meanwhile. */
  async function withIndex<T>(work: (index: KnowledgeBackend) => Promise<T>): Promise<T> {
    const workspaceId = workspaces.current()?.id;
    if (!workspaceId) throw new Error('Open a workspace first.');
    setPending((n) => n + 1);
    try {
      backend ??= environment.knowledge?.() ?? inProcess(deps.store);
      const index = await backend;
      if (openFor?.workspaceId !== workspaceId) {
        const ready = embedding().then((choice) => index.open(workspaceId, choice));
        openFor = { workspaceId, ready: ready.then(show) };
      }
      try {
        await openFor.ready;
      } catch (error) {
        openFor = undefined;
        throw error;
      }
      return await work(index);
    } catch (error) {
      // A worker that failed to start or died is started afresh next time.
      backend = undefined;
      openFor = undefined;
      throw error;
    } finally {
      setPending((n) => n - 1);
    }
  }

  const act = (what: string, work: (index: KnowledgeBackend) => Promise<KnowledgeState>) =>
    withIndex(work).then(show, (error: unknown) => {
      notices.error(error, what);
    });

  workspaces.onFilesChanged(() => {
    if (!openFor || openFor.workspaceId !== workspaces.current()?.id) return;
    syncTimer?.();
    syncTimer = clock.schedule(() => {
      syncTimer = undefined;
      void act('Could not update the knowledge', (index) => index.sync());
    }, SYNC_DELAY_MS);
  });
  /** Searches what is saved now: an edit still waiting for its pass is read first. */
  const search = (query: string, limit: number) =>
    withIndex(async (index) => {
      if (syncTimer) {
        syncTimer();
        syncTimer = undefined;
        show(await index.sync());
      }
      return index.search(query, limit);
    });
  workspaces.onWorkspaceChanged(() => {
    setEntries([]);
    setVersions({});
  });

  return {
    entries,
    versions,
    useInChat,
    setUseInChat,
    embeddingModel,
    async setEmbeddingModel(ref) {
      await deps.store.settings.set(EMBEDDING_MODEL_KEY, ref);
      embeddingRead = Promise.resolve();
      setEmbeddingModelShown(ref);
      // Opened again with the new model: the passages without its vectors are embedded.
      openFor = undefined;
      await act('Could not switch the embedding model', (index) => index.sync());
    },
    indexing: () => pending() > 0,
    load: () => act('Could not open the knowledge', (index) => index.sync()).then(() => {}),
    add: (path) =>
      act(`Could not add ${path || 'the workspace'} to the knowledge`, (index) =>
        index.add(path),
      ).then(() => {}),
    remove: (path) =>
      act(`Could not remove ${path} from the knowledge`, (index) => index.remove(path)).then(
        () => {},
      ),
    reindex: (path) =>
      act(`Could not reindex ${path}`, (index) => index.reindex(path)).then(() => {}),
    search,
    async retrieve(query, limit = CHAT_PASSAGES) {
      const hits = await search(query, limit);
      return hits.map(({ chunk }, i) => ({
        n: i + 1,
        path: chunk.path,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        version: chunk.version,
        ...(chunk.page ? { page: chunk.page } : {}),
        ...(chunk.heading ? { heading: chunk.heading } : {}),
        text: chunk.text,
      }));
    },
  };
}
