import { batch, createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import type { ChatClient } from '../llm/chat-client';
import { makeLocalChatClient, type LocalChatClient } from '../llm/local-chat-client';
import {
  LOCAL_PROVIDER_ID,
  localWindowFor,
  type LoadedModelInfo,
  type LocalModelPort,
} from '../llm/local-model-protocol';
import type { ModelConfig } from '../llm/model-capabilities';
import type { ProviderConfig } from '../llm/provider-config';
import {
  formatBytes,
  type ModelFileStore,
  type StoreProgress,
  type StoredModelFile,
} from '../store/model-file-store';
import type { NoticeService } from './notice-service';

/** Small models ramble; a reply longer than this is rarely worth the wait on a laptop. */
const MAX_OUTPUT_TOKENS = 1024;

/**
 * Models that run in this browser: the GGUF files kept in the origin's storage, shown as
 * the provider "In this browser" in the model picker, and the client that runs them.
 */
export interface LocalModelService {
  readonly files: Accessor<StoredModelFile[]>;
  /** The model loaded in its worker, if any. */
  readonly loaded: Accessor<string | undefined>;
  load(): Promise<void>;
  /** Stores a file (picked from disk or being downloaded); throws CoveError when it cannot fit. */
  add(
    name: string,
    source: Blob | ReadableStream<Uint8Array>,
    size: number,
    options?: { signal?: AbortSignal; onProgress?: StoreProgress },
  ): Promise<StoredModelFile>;
  remove(id: string): Promise<void>;
  /** Frees the loaded model's memory. */
  unload(): void;
  readonly client: ChatClient;
}

export interface LocalModelServiceDeps {
  store: ModelFileStore;
  openWorker: () => LocalModelPort;
  clock: Clock;
  notices: NoticeService;
  /** Where the models go in the picker (ProviderService.setFoundProviders). */
  publish: (providers: ProviderConfig[]) => void;
  /** Threads for llama.cpp; several only when the page is cross-origin isolated. */
  threads?: () => number;
}

export function createLocalModelService(deps: LocalModelServiceDeps): LocalModelService {
  const [files, setFiles] = createSignal<StoredModelFile[]>([]);
  const [loaded, setLoaded] = createSignal<string | undefined>();
  /** What a load told about each model (its window), for the picker. */
  const learned = new Map<string, LoadedModelInfo>();

  const show = (list: StoredModelFile[]) => {
    batch(() => setFiles(list));
    deps.publish(list.length ? [providerOf(list, learned)] : []);
  };
  const refresh = async () => show(await deps.store.list());
  /** Lists the stored models, after clearing what an interrupted copy left (once). */
  let swept: Promise<void> | undefined;
  const start = async () => {
    swept ??= deps.store.sweep().catch(() => undefined);
    await swept;
    await refresh();
  };

  const nameOf = (id: string) => files().find((file) => file.id === id)?.name ?? id;
  const client: LocalChatClient = makeLocalChatClient({
    openWorker: deps.openWorker,
    readFile: (id) => deps.store.read(id),
    contextSize: (id) => {
      const file = files().find((entry) => entry.id === id);
      return file ? localWindowFor(file) : undefined;
    },
    clock: deps.clock,
    ...(deps.threads ? { threads: deps.threads } : {}),
    onLoaded(id, info) {
      learned.set(id, info);
      setLoaded(id);
      show(files());
      const seconds = (info.loadMs / 1000).toFixed(1);
      deps.notices.show({
        kind: 'info',
        text: `Loaded ${nameOf(id)} in ${seconds} s (${info.threads === 1 ? '1 thread' : `${info.threads} threads`}, ${info.contextSize} tokens of context).`,
      });
    },
  });

  return {
    files,
    loaded,
    load: start,
    async add(name, source, size, options) {
      const file = await deps.store.add(name, source, size, options);
      await refresh();
      return file;
    },
    async remove(id) {
      if (client.loadedModel() === id) {
        client.unload();
        setLoaded(undefined);
      }
      await deps.store.remove(id);
      learned.delete(id);
      await refresh();
    },
    unload() {
      client.unload();
      setLoaded(undefined);
    },
    client,
  };
}

function providerOf(
  list: StoredModelFile[],
  learned: ReadonlyMap<string, LoadedModelInfo>,
): ProviderConfig {
  return {
    id: LOCAL_PROVIDER_ID,
    name: 'In this browser',
    presetId: 'custom',
    baseURL: '',
    models: list.map((file): ModelConfig => ({
      id: file.id,
      label: `${file.name} (${formatBytes(file.size)})`,
      capabilities: {
        contextWindow: learned.get(file.id)?.contextSize ?? localWindowFor(file),
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        vision: false,
        reasoning: false,
        // Cove's text protocol works with any chat template; small models follow it as
        // well as they follow a template's own tool format.
        toolCalling: 'text',
      },
    })),
  };
}
