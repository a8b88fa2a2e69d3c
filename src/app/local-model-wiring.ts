import type { Clock } from '../base/clock';
import type { SecretRedactor } from '../base/redact-credentials';
import { retryingImport } from '../base/retrying-import';
import type { ChatClient } from '../llm/chat-client';
import type { FetchLike } from '../llm/fetch-like';
import { LOCAL_PROVIDER_ID } from '../llm/local-model-protocol';
import { createLazyChatClient } from './lazy-chat-client';
import type { LocalModelService } from './local-model-service';
import type { NoticeService } from './notice-service';
import type { ProviderService } from './provider-service';

/** What the page gives the models in this browser: its storage, and threads to use. */
export interface LocalModelPlace {
  storage: Pick<StorageManager, 'estimate'> & Partial<Pick<StorageManager, 'getDirectory'>>;
  /** Web Locks, so a tab starting never sweeps away a copy another tab is making. */
  locks?: Pick<LockManager, 'request'>;
  threads: number;
}

/** The models in this browser, loaded after the first screen (the service is its own chunk). */
export interface LocalModels {
  service(): Promise<LocalModelService>;
}

/**
 * The one ChatClient the app uses: requests for models in this browser go to the local
 * client (llama.cpp in a worker), the rest to the OpenAI-compatible client. Both are loaded
 * on first use, so neither is in the first chunk. The stored models are listed right after
 * start, so a model picked before a reload is in the picker again.
 */
export function createModelClients(deps: {
  network: FetchLike;
  clock: Clock;
  pageOrigin: string | undefined;
  secrets: SecretRedactor;
  providers: ProviderService;
  notices: NoticeService;
  localModels?: LocalModelPlace;
}): { client: ChatClient; localModels: LocalModels } {
  const { clock, secrets, pageOrigin } = deps;
  const loadRemote = retryingImport(() => import('../llm/openai-chat-client'));
  const remote = createLazyChatClient(
    async () => {
      const { makeOpenAIChatClient } = await loadRemote();
      return makeOpenAIChatClient({
        fetch: deps.network,
        clock,
        ...(pageOrigin ? { pageOrigin } : {}),
      });
    },
    clock,
    secrets,
  );
  const loadLocal = retryingImport(() => import('./local-model-setup'));
  let starting: Promise<LocalModelService> | undefined;
  const service = () =>
    (starting ??= loadLocal()
      .then((module) => module.startLocalModels(deps))
      .catch((error: unknown) => {
        starting = undefined;
        throw error;
      }));
  const local = createLazyChatClient(async () => (await service()).client, clock, secrets);
  // Only where there is a place to keep models (not in unit tests of the app).
  if (deps.localModels) {
    service().catch((error: unknown) =>
      deps.notices.error(error, 'Could not list the models in this browser'),
    );
  }
  return {
    client: {
      stream: (request) =>
        request.provider.id === LOCAL_PROVIDER_ID ? local.stream(request) : remote.stream(request),
    },
    localModels: { service },
  };
}

/**
 * Threads for llama.cpp. Several need a cross-origin isolated page (shared memory); on a
 * machine with few cores, threads fight the page and each other: measured here (2 cores),
 * 2 threads generated 17 times slower than 1 for a tiny model.
 */
export function defaultThreads(cores: number, isolated: boolean): number {
  if (!isolated || cores < 4) return 1;
  return Math.min(4, Math.floor(cores / 2));
}
