import { retryingImport } from '../base/retrying-import';
import { batch, createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { newId } from '../base/ids';
// Modules of src/llm by name, not its index: the index also carries the openai SDK, which
// only loads when a request is made (see testConnection below).
import {
  DEFAULT_CHAT_OPTIONS,
  readChatOptions,
  validateChatOptions,
  type ChatOptions,
} from '../llm/chat-options';
import type {
  ConnectionTestResult,
  testConnection as TestConnection,
} from '../llm/connection-test';
import type { FetchLike } from '../llm/fetch-like';
import type { ModelConfig } from '../llm/model-capabilities';
import { effectiveModelRef, modelChoices, type ModelChoice } from '../llm/model-ref';
import type { ProviderConfig } from '../llm/provider-config';
import type { ProviderDraft } from '../llm/provider-draft';
import type { ProviderImportSummary } from '../llm/provider-import';
import {
  addProvider,
  applyModelListing,
  confirmKeyOrigin,
  lostKeyIds,
  markStreamOptionsUnsupported,
  missingProviderFailure,
  readProviderRegistry,
  registryConfigs,
  removeModel,
  removeProvider,
  requireModel,
  saveModel,
  updateProvider,
  type ProviderRegistry,
  type RegistryChange,
} from '../llm/provider-registry';
import { hasEncryptedKeys } from '../llm/provider-export-keys';
import type { ChangeFeed } from '../store/change-feed';
import { SECRET_SETTING_PREFIX, type SettingsStore } from '../store/settings-store';
import type { NoticeService } from './notice-service';

// The types the service's callers use, where they used to be defined.
export type { ChatOptions } from '../llm/chat-options';
export type { ModelChoice } from '../llm/model-ref';
export type { ProviderDraft } from '../llm/provider-draft';
export { parseModelRef } from '../llm/model-ref';
export { DEFAULT_CHAT_OPTIONS } from '../llm/chat-options';

const loadConnectionTest = retryingImport(() => import('../llm/connection-test'));
/** Export and import of providers load when one is used (src/llm/provider-file.ts). */
const loadProviderFile = retryingImport(() => import('../llm/provider-file'));

/** Lists models through the openai SDK, loaded on first use. */
async function testConnection(
  ...args: Parameters<typeof TestConnection>
): Promise<ConnectionTestResult> {
  const module = await loadConnectionTest();
  return module.testConnection(...args);
}

/**
 * The providers and models the person configured, as reactive state. Keys live only in
 * this browser, under secret settings that rest encrypted with the profile's key and that
 * backups and exports carry only under a passphrase; a key is sent only to the origin it
 * was saved for (keySendDecision in src/llm). The rules are the provider registry's
 * (src/llm/provider-registry.ts); this service keeps them in settings and signals.
 */
export interface ProviderService {
  /** Providers with their keys, in the order the person added them. */
  readonly providers: Accessor<ProviderConfig[]>;
  /** Every model of every provider, for model pickers. */
  readonly models: Accessor<ModelChoice[]>;
  /** The model new messages use ("providerId/modelId"), if any is set up. */
  readonly selectedModel: Accessor<string | undefined>;
  readonly chatOptions: Accessor<ChatOptions>;
  load(): Promise<void>;
  /** Validates and stores a new provider; throws CoveError naming a bad field. Returns its id. */
  add(draft: ProviderDraft): Promise<string>;
  /** Validates and stores changes; a changed base URL keeps the key bound to its old origin. */
  update(id: string, draft: ProviderDraft): Promise<void>;
  remove(id: string): Promise<void>;
  /** Lists models to check base URL, key and CORS; never throws. */
  testConnection(id: string): Promise<ConnectionTestResult>;
  /** Replaces the model list with what the server lists, keeping edited capabilities. */
  refreshModels(id: string): Promise<ConnectionTestResult>;
  /** Adds or replaces one model's configuration. */
  saveModel(providerId: string, model: ModelConfig): Promise<void>;
  removeModel(providerId: string, modelId: string): Promise<void>;
  selectModel(ref: string): Promise<void>;
  setChatOptions(options: ChatOptions): Promise<void>;
  /**
   * Providers that are not configured but found (the models stored in this browser): they
   * are listed after the configured ones, and are never stored in settings.
   */
  setFoundProviders(found: ProviderConfig[]): void;
  /** Allows the provider's key to go to the origin of its current base URL. */
  confirmKeyOrigin(id: string): Promise<void>;
  /** Remembers that a server rejected `stream_options` (the llm client reports it). */
  markStreamOptionsUnsupported(id: string): Promise<void>;
  /**
   * True when the provider had a key (or secret headers) that can no longer be decrypted:
   * the profile's key was lost, e.g. when site data was partly cleared. The person has to
   * enter the key again.
   */
  keyLost(id: string): boolean;
  /**
   * The configuration as JSON. Without a passphrase no key is in it; with one, keys and
   * secret headers are in it encrypted under that passphrase (never in plain text).
   * Throws CoveError('passphrase-weak') for a passphrase that is too short.
   */
  exportJSON(passphrase?: string): Promise<string>;
  /**
   * Imports a configuration. Keys that would go to a new host are not bound; they are
   * returned so the UI can ask, then call confirmKeyOrigin for each one allowed. A file
   * with encrypted keys ({@link fileHasKeys}) is imported with its keys when `passphrase`
   * opens them, without them when no passphrase is given. Throws CoveError for a file that
   * is not a provider export, and 'wrong-passphrase' (nothing imported) for a passphrase
   * that does not open the keys.
   */
  importJSON(json: string, passphrase?: string): Promise<ProviderImportSummary>;
  /** True when a provider export carries keys, so an import should ask for the passphrase. */
  fileHasKeys(json: string): boolean;
}

/**
 * Where the provider service keeps its state. Only `keys` is secret (it starts with
 * SECRET_SETTING_PREFIX), so backups, which copy the other three, never carry a key.
 */
export const PROVIDER_SETTING_KEYS = {
  /** StoredProvider[]: the configurations, without keys and secret headers. */
  providers: 'llm.providers',
  /** ProviderSecrets: each key with the origin it is bound to, and secret headers. */
  keys: `${SECRET_SETTING_PREFIX}providerKeys`,
  /** "providerId/modelId" */
  selectedModel: 'llm.selectedModel',
  chatOptions: 'chat.options',
} as const;

/** What {@link createProviderService} needs. */
export interface ProviderServiceDeps {
  settings: SettingsStore;
  clock: Clock;
  /** The network, for connection tests and model listings (never called with a key elsewhere). */
  fetch: FetchLike;
  /** The page's origin, for CORS and Local Network Access advice. */
  pageOrigin?: string;
  /** When given, changes made by other tabs (and backup restores) are loaded as they happen. */
  changes?: ChangeFeed;
  /** Where failures of background reloads go; they are logged otherwise. */
  notices?: Pick<NoticeService, 'error'>;
}

/** Everything the service keeps in settings, as last read. */
interface ProviderState {
  registry: ProviderRegistry;
  selected: string | undefined;
  chat: ChatOptions;
}

/**
 * The provider service over settings. Every change re-reads the stored state, applies one
 * registry operation and writes back the parts it changed, one change at a time, so two
 * quick edits (or an edit and a reload from another tab) never lose each other.
 */
export function createProviderService(deps: ProviderServiceDeps): ProviderService {
  const { settings } = deps;
  const [providers, setProviders] = createSignal<ProviderConfig[]>([]);
  const [models, setModels] = createSignal<ModelChoice[]>([]);
  const [storedSelection, setStoredSelection] = createSignal<string | undefined>();
  const [chatOptions, setChatOptions] = createSignal<ChatOptions>({ ...DEFAULT_CHAT_OPTIONS });
  const [lostKeys, setLostKeys] = createSignal<ReadonlySet<string>>(new Set());
  /**
   * A model chosen whose write is still queued: it is shown and used at once, and a state
   * read before the write (another queued change, another tab) does not snap it back.
   */
  let pendingSelection: string | undefined;

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `task` after every earlier one has settled; its result or error is the caller's. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  let configured: ProviderConfig[] = [];
  let found: ProviderConfig[] = [];
  const show = () => {
    const all = [...configured, ...found];
    setProviders(all);
    setModels(modelChoices(all));
  };

  const publish = (state: ProviderState) => {
    configured = registryConfigs(state.registry);
    batch(() => {
      show();
      setStoredSelection(pendingSelection ?? state.selected);
      setChatOptions(state.chat);
      setLostKeys(lostKeyIds(state.registry));
    });
  };

  const read = async (): Promise<ProviderState> => {
    const [rawProviders, rawSecrets, rawSelected, rawChat] = await Promise.all([
      settings.get<unknown>(PROVIDER_SETTING_KEYS.providers),
      settings.get<unknown>(PROVIDER_SETTING_KEYS.keys),
      settings.get<unknown>(PROVIDER_SETTING_KEYS.selectedModel),
      settings.get<unknown>(PROVIDER_SETTING_KEYS.chatOptions),
    ]);
    return {
      registry: readProviderRegistry(rawProviders, rawSecrets),
      selected: typeof rawSelected === 'string' ? rawSelected : undefined,
      chat: readChatOptions(rawChat),
    };
  };

  const reload = () =>
    serial(async () => {
      publish(await read());
    });

  /** Re-reads, applies `operation` to the registry, writes the parts it changed, publishes. */
  const apply = async <T>(operation: (registry: ProviderRegistry) => RegistryChange<T>) => {
    const state = await read();
    const { registry, writes, result } = operation(state.registry);
    for (const part of writes) {
      if (part === 'providers') {
        await settings.set(PROVIDER_SETTING_KEYS.providers, registry.providers);
      } else {
        await settings.set(PROVIDER_SETTING_KEYS.keys, registry.secrets);
      }
    }
    publish({ ...state, registry });
    return result;
  };
  /** {@link apply}, in turn with every other change. */
  const change = <T>(operation: (registry: ProviderRegistry) => RegistryChange<T>): Promise<T> =>
    serial(() => apply(operation));

  const requestDeps = () => ({
    fetch: deps.fetch,
    clock: deps.clock,
    ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
  });

  deps.changes?.subscribe(({ change: notice, local }) => {
    const ours =
      notice.type === 'restored' ||
      (notice.type === 'settings' &&
        !local &&
        (Object.values(PROVIDER_SETTING_KEYS) as string[]).includes(notice.key));
    if (!ours) return;
    reload().catch((error: unknown) => {
      if (deps.notices) deps.notices.error(error, 'Could not load the provider settings');
      else console.error('Could not load the provider settings', error);
    });
  });

  return {
    providers,
    models,
    selectedModel: () => effectiveModelRef(models(), storedSelection()),
    chatOptions,

    load: reload,

    async add(draft) {
      const id = newId();
      await change((registry) => addProvider(registry, draft, id));
      return id;
    },

    update: (id, draft) => change((registry) => updateProvider(registry, id, draft)),

    remove: (id) => change((registry) => removeProvider(registry, id)),

    async testConnection(id) {
      const provider = providers().find((candidate) => candidate.id === id);
      if (!provider) return { ok: false, error: missingProviderFailure() };
      const result = await testConnection(provider, requestDeps());
      // A provider without models gets the listed ones: the test is also the first listing.
      if (result.ok && !provider.models?.length && result.models.length) {
        await change((registry) =>
          applyModelListing(registry, id, result.models, { onlyIfEmpty: true }),
        ).catch(() => undefined);
      }
      return result;
    },

    async refreshModels(id) {
      const provider = providers().find((candidate) => candidate.id === id);
      if (!provider) return { ok: false, error: missingProviderFailure() };
      const result = await testConnection(provider, requestDeps());
      if (!result.ok) return result;
      await change((registry) => applyModelListing(registry, id, result.models));
      return result;
    },

    saveModel: (providerId, model) => change((registry) => saveModel(registry, providerId, model)),

    removeModel: (providerId, modelId) =>
      change((registry) => removeModel(registry, providerId, modelId)),

    selectModel(ref) {
      const previous = storedSelection();
      pendingSelection = ref;
      setStoredSelection(ref);
      const settle = () => {
        if (pendingSelection === ref) pendingSelection = undefined;
      };
      return serial(async () => {
        const state = await read();
        if (!found.some((provider) => ref.startsWith(`${provider.id}/`))) {
          requireModel(state.registry, ref);
        }
        await settings.set(PROVIDER_SETTING_KEYS.selectedModel, ref);
        settle();
        publish({ ...state, selected: ref });
      }).catch((error: unknown) => {
        if (pendingSelection === ref) {
          settle();
          setStoredSelection(previous);
        }
        throw error;
      });
    },

    setChatOptions: (options) =>
      serial(async () => {
        const state = await read();
        const chat = validateChatOptions(options);
        await settings.set(PROVIDER_SETTING_KEYS.chatOptions, chat);
        publish({ ...state, chat });
      }),

    setFoundProviders(list) {
      found = list;
      batch(show);
    },

    confirmKeyOrigin: (id) => change((registry) => confirmKeyOrigin(registry, id)),

    markStreamOptionsUnsupported: (id) =>
      change((registry) => markStreamOptionsUnsupported(registry, id)),

    keyLost: (id) => lostKeys().has(id),

    async exportJSON(passphrase) {
      const file = await loadProviderFile();
      return passphrase === undefined
        ? file.exportProviders(providers())
        : file.exportProvidersWithKeys(providers(), passphrase);
    },

    fileHasKeys: hasEncryptedKeys,

    importJSON: (json, passphrase) =>
      serial(async () => {
        const file = await loadProviderFile();
        // Opened before anything is read or written: a wrong passphrase imports nothing.
        const text =
          passphrase === undefined ? json : await file.openProviderExport(json, passphrase);
        return apply((registry) => file.importProviders(registry, text));
      }),
  };
}
