import { batch, createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { CoveError } from '../base/errors';
import { newId } from '../base/ids';
// Modules of src/llm by name, not its index: the index also carries the openai SDK, which
// only loads when a request is made (see testConnection below).
import type {
  ConnectionTestResult,
  testConnection as TestConnection,
} from '../llm/connection-test';
import type { FetchLike } from '../llm/fetch-like';
import { bindKeyToBaseURL } from '../llm/key-binding';
import { LlmError } from '../llm/llm-error';
import {
  resolveCapabilities,
  type ModelCapabilities,
  type ModelConfig,
} from '../llm/model-capabilities';
import type { ListedModel } from '../llm/model-listing';
import {
  apiKeyProblem,
  normalizeApiKey,
  normalizeBaseURL,
  type ProviderConfig,
} from '../llm/provider-config';
import { getPreset, type ProviderPresetId } from '../llm/provider-presets';
import {
  exportProviders,
  exportProvidersWithKeys,
  hasEncryptedKeys,
  openProviderExport,
  planProviderImport,
  type KeyRedirect,
} from '../llm/provider-transfer';

/** Lists models through the openai SDK, loaded on first use. */
async function testConnection(
  ...args: Parameters<typeof TestConnection>
): Promise<ConnectionTestResult> {
  const module = await import('../llm/connection-test');
  return module.testConnection(...args);
}
import type { ChangeFeed } from '../store/change-feed';
import { isSealedSecret } from '../store/secret-cipher';
import { SECRET_SETTING_PREFIX, type SettingsStore } from '../store/settings-store';
import type { NoticeService } from './notice-service';

/** A model the person can pick, with the provider it belongs to. */
export interface ModelChoice {
  /** "providerId/modelId": how sessions and settings refer to a model. */
  ref: string;
  providerId: string;
  providerName: string;
  model: ModelConfig;
  capabilities: ModelCapabilities;
}

/** What the person types when adding or editing a provider. */
export interface ProviderDraft {
  presetId: ProviderPresetId;
  name: string;
  baseURL: string;
  /** As pasted; trimmed and stripped of "Bearer " before it is kept. Empty: no key. */
  apiKey: string;
  headers: Record<string, string>;
}

/** Options of the chat mode, kept in settings. */
export interface ChatOptions {
  /** Send the open file (and selection) with each message. */
  fileContext: boolean;
  /** Output limit per reply; undefined uses the model's. */
  maxTokens?: number;
  temperature?: number;
  /** Replaces Cove's base instructions when non-empty. */
  customSystemPrompt: string;
}

/**
 * The providers and models the person configured. Keys live only in this browser, under
 * secret settings that rest encrypted with the profile's key and that backups and exports
 * carry only under a passphrase; a key is sent only to the origin it was saved for
 * (keySendDecision in src/llm).
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
  importJSON(
    json: string,
    passphrase?: string,
  ): Promise<{
    added: string[];
    updated: string[];
    skipped: string[];
    needsConfirmation: KeyRedirect[];
  }>;
  /** True when a provider export carries keys, so an import should ask for the passphrase. */
  fileHasKeys(json: string): boolean;
}

/** Splits a model reference into its provider and model ids. */
export function parseModelRef(ref: string): { providerId: string; modelId: string } | undefined {
  const slash = ref.indexOf('/');
  if (slash <= 0 || slash === ref.length - 1) return undefined;
  return { providerId: ref.slice(0, slash), modelId: ref.slice(slash + 1) };
}

// ---------------------------------------------------------------------------------------
// The implementation: providers, keys, the selected model and chat options in settings.
// ---------------------------------------------------------------------------------------

/**
 * Where the provider service keeps its state. Only `keys` is secret (it starts with
 * SECRET_SETTING_PREFIX), so backups, which copy the other three, never carry a key.
 */
export const PROVIDER_SETTING_KEYS = {
  /** StoredProvider[]: the configurations, without keys and secret headers. */
  providers: 'llm.providers',
  /** Record<providerId, StoredSecret>: each key with the origin it is bound to. */
  keys: `${SECRET_SETTING_PREFIX}providerKeys`,
  /** "providerId/modelId" */
  selectedModel: 'llm.selectedModel',
  chatOptions: 'chat.options',
} as const;

/** Chat options before the person changed anything. */
export const DEFAULT_CHAT_OPTIONS: Readonly<ChatOptions> = {
  fileContext: true,
  customSystemPrompt: '',
};

/** What {@link createProviderService} needs. */
export interface ProviderServiceDeps {
  settings: SettingsStore;
  clock: Clock;
  /** The network, for connection tests and model listings (never called with a key elsewhere). */
  fetch: FetchLike;
  /** `location.origin`, for CORS and Local Network Access advice. */
  pageOrigin?: string;
  /** When given, changes made by other tabs (and backup restores) are loaded as they happen. */
  changes?: ChangeFeed;
  /** Where failures of background reloads go; they are logged otherwise. */
  notices?: Pick<NoticeService, 'error'>;
}

/** A provider as `llm.providers` holds it: no key, no binding, no secret-looking header. */
interface StoredProvider extends Omit<ProviderConfig, 'apiKey' | 'keyOrigin'> {
  /**
   * Per model id: which capability fields the person set by hand (refreshModels keeps them)
   * and whether the person added the model (refreshModels keeps it even when not listed).
   */
  edits?: Record<string, ModelEdits>;
}

interface ModelEdits {
  manual?: boolean;
  fields: (keyof ModelCapabilities)[];
}

/**
 * One provider's secrets under `secret.providerKeys`. The key and the origin it may go to
 * are one record, written together, so no interleaving of writes (or a restored backup,
 * which carries only `llm.providers`) can point a key at a host it was not saved for.
 */
interface StoredSecret {
  key?: string;
  origin?: string;
  /** Extra headers whose names look secret (Api-Key, Token…): kept out of backups too. */
  headers?: Record<string, string>;
  /**
   * A key or secret header was saved but can no longer be decrypted (the profile's key was
   * lost). Kept until the person enters a key, so the provider keeps saying so.
   */
  lost?: true;
}

interface ProviderState {
  providers: StoredProvider[];
  secrets: Record<string, StoredSecret>;
  selected: string | undefined;
  chat: ChatOptions;
}

/** Same pattern as provider-transfer's export filter: such headers are secrets. */
const SECRET_HEADER = /authorization|api[-_]?key|token|secret|cookie|password|session/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7E]*$/;
const CAPABILITY_FIELDS: (keyof ModelCapabilities)[] = [
  'contextWindow',
  'maxOutputTokens',
  'vision',
  'reasoning',
  'toolCalling',
  'price',
];
const MAX_TOKENS_LIMIT = 10_000_000;

/**
 * The provider service over settings. Every change re-reads the stored state, applies
 * itself and writes back, one change at a time, so two quick edits (or an edit and a
 * reload from another tab) never lose each other. Keys are bound to the origin of the base
 * URL they were saved with ({@link bindKeyToBaseURL}); a later change of the base URL keeps
 * the old binding until {@link ProviderService.confirmKeyOrigin}.
 */
export function createProviderService(deps: ProviderServiceDeps): ProviderService {
  const { settings } = deps;
  const [providers, setProviders] = createSignal<ProviderConfig[]>([]);
  const [models, setModels] = createSignal<ModelChoice[]>([]);
  const [storedSelection, setStoredSelection] = createSignal<string | undefined>();
  const [chatOptions, setChatOptions] = createSignal<ChatOptions>({ ...DEFAULT_CHAT_OPTIONS });
  const [lostKeys, setLostKeys] = createSignal<ReadonlySet<string>>(new Set());

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `task` after every earlier one has settled; its result or error is the caller's. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const publish = (state: ProviderState) => {
    const configs = state.providers.map((stored) => toConfig(stored, state.secrets[stored.id]));
    batch(() => {
      setProviders(configs);
      setModels(choicesOf(configs));
      setStoredSelection(state.selected);
      setChatOptions(state.chat);
      setLostKeys(
        new Set(Object.entries(state.secrets).flatMap(([id, secret]) => (secret.lost ? [id] : []))),
      );
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
      providers: readProviders(rawProviders),
      secrets: readSecrets(rawSecrets),
      selected: typeof rawSelected === 'string' ? rawSelected : undefined,
      chat: readChatOptions(rawChat),
    };
  };

  const reload = () =>
    serial(async () => {
      publish(await read());
    });

  /** Re-reads, lets `change` edit the providers, writes them back and publishes. */
  const changeProviders = <T>(change: (state: ProviderState) => T): Promise<T> =>
    serial(async () => {
      const state = await read();
      const result = change(state);
      await settings.set(PROVIDER_SETTING_KEYS.providers, state.providers);
      publish(state);
      return result;
    });

  const providerIn = (state: ProviderState, id: string): StoredProvider => {
    const found = state.providers.find((provider) => provider.id === id);
    if (!found) throw missingProvider();
    return found;
  };

  const requestDeps = () => ({
    fetch: deps.fetch,
    clock: deps.clock,
    ...(deps.pageOrigin ? { pageOrigin: deps.pageOrigin } : {}),
  });

  deps.changes?.subscribe(({ change, local }) => {
    const ours =
      change.type === 'restored' ||
      (change.type === 'settings' &&
        !local &&
        (Object.values(PROVIDER_SETTING_KEYS) as string[]).includes(change.key));
    if (!ours) return;
    reload().catch((error: unknown) => {
      if (deps.notices) deps.notices.error(error, 'Could not load the provider settings');
      else console.error('Could not load the provider settings', error);
    });
  });

  const service: ProviderService = {
    providers,
    models,
    selectedModel: () => {
      const choices = models();
      const stored = storedSelection();
      if (stored && choices.some((choice) => choice.ref === stored)) return stored;
      return choices[0]?.ref;
    },
    chatOptions,

    load: reload,

    add: (draft) =>
      serial(async () => {
        const state = await read();
        const valid = validateDraft(draft, state.providers, undefined);
        const id = newId();
        const stored: StoredProvider = {
          id,
          name: valid.name,
          presetId: valid.presetId,
          baseURL: valid.baseURL,
          ...(Object.keys(valid.publicHeaders).length ? { headers: valid.publicHeaders } : {}),
        };
        state.providers = [...state.providers, stored];
        // The configuration first: if the second write never happens, the provider exists
        // without its key (visible, fixable), never a key without its provider.
        await settings.set(PROVIDER_SETTING_KEYS.providers, state.providers);
        const secret = secretOf(valid, undefined);
        if (secret) {
          state.secrets = { ...state.secrets, [id]: secret };
          await settings.set(PROVIDER_SETTING_KEYS.keys, state.secrets);
        }
        publish(state);
        return id;
      }),

    update: (id, draft) =>
      serial(async () => {
        const state = await read();
        const current = providerIn(state, id);
        const valid = validateDraft(draft, state.providers, id);
        const next: StoredProvider = {
          ...current,
          name: valid.name,
          presetId: valid.presetId,
          baseURL: valid.baseURL,
        };
        if (Object.keys(valid.publicHeaders).length) next.headers = valid.publicHeaders;
        else delete next.headers;
        state.providers = state.providers.map((provider) => (provider.id === id ? next : provider));
        await settings.set(PROVIDER_SETTING_KEYS.providers, state.providers);
        const previous = state.secrets[id];
        const secret = secretOf(valid, previous);
        if (!sameJSON(secret, previous)) {
          const secrets = { ...state.secrets };
          if (secret) secrets[id] = secret;
          else delete secrets[id];
          state.secrets = secrets;
          await settings.set(PROVIDER_SETTING_KEYS.keys, state.secrets);
        }
        publish(state);
      }),

    remove: (id) =>
      serial(async () => {
        const state = await read();
        // The key first: if the second write never happens, no key outlives its provider.
        if (state.secrets[id]) {
          const secrets = { ...state.secrets };
          delete secrets[id];
          state.secrets = secrets;
          await settings.set(PROVIDER_SETTING_KEYS.keys, state.secrets);
        }
        state.providers = state.providers.filter((provider) => provider.id !== id);
        await settings.set(PROVIDER_SETTING_KEYS.providers, state.providers);
        publish(state);
      }),

    async testConnection(id) {
      const provider = providers().find((candidate) => candidate.id === id);
      if (!provider) return { ok: false, error: missingProviderLlm() };
      const result = await testConnection(provider, requestDeps());
      // A provider without models gets the listed ones: the test is also the first listing.
      if (result.ok && !provider.models?.length && result.models.length) {
        await changeProviders((state) => {
          const stored = state.providers.find((candidate) => candidate.id === id);
          if (stored && !stored.models?.length) applyListing(stored, result.models);
        }).catch(() => undefined);
      }
      return result;
    },

    async refreshModels(id) {
      const provider = providers().find((candidate) => candidate.id === id);
      if (!provider) return { ok: false, error: missingProviderLlm() };
      const result = await testConnection(provider, requestDeps());
      if (!result.ok) return result;
      await changeProviders((state) => {
        const stored = state.providers.find((candidate) => candidate.id === id);
        if (stored) applyListing(stored, result.models);
      });
      return result;
    },

    saveModel: (providerId, model) =>
      changeProviders((state) => {
        const provider = providerIn(state, providerId);
        const clean = validateModel(model);
        const list = provider.models ?? [];
        const previous = list.find((candidate) => candidate.id === clean.id);
        const edits = { ...provider.edits };
        const record: ModelEdits = edits[clean.id] ?? { fields: [] };
        const fields = new Set(record.fields);
        for (const field of CAPABILITY_FIELDS) {
          if (!sameJSON(previous?.capabilities?.[field], clean.capabilities?.[field])) {
            fields.add(field);
          }
        }
        edits[clean.id] = {
          ...(previous && !record.manual ? {} : { manual: true }),
          fields: CAPABILITY_FIELDS.filter((field) => fields.has(field)),
        };
        provider.edits = edits;
        provider.models = previous
          ? list.map((candidate) => (candidate.id === clean.id ? clean : candidate))
          : sortModels([...list, clean]);
      }),

    removeModel: (providerId, modelId) =>
      changeProviders((state) => {
        const provider = providerIn(state, providerId);
        provider.models = (provider.models ?? []).filter((model) => model.id !== modelId);
        if (provider.edits?.[modelId]) {
          const edits = { ...provider.edits };
          delete edits[modelId];
          provider.edits = edits;
        }
      }),

    selectModel: (ref) =>
      serial(async () => {
        const state = await read();
        const known = state.providers.some((provider) =>
          (provider.models ?? []).some((model) => `${provider.id}/${model.id}` === ref),
        );
        if (!known) {
          throw new CoveError(
            'model_missing',
            'That model is not configured.',
            'Pick one of the listed models, or refresh the provider’s models in Settings → Providers.',
          );
        }
        state.selected = ref;
        await settings.set(PROVIDER_SETTING_KEYS.selectedModel, ref);
        publish(state);
      }),

    setChatOptions: (options) =>
      serial(async () => {
        const state = await read();
        state.chat = validateChatOptions(options);
        await settings.set(PROVIDER_SETTING_KEYS.chatOptions, state.chat);
        publish(state);
      }),

    confirmKeyOrigin: (id) =>
      serial(async () => {
        const state = await read();
        const provider = providerIn(state, id);
        const secret = state.secrets[id];
        if (!secret?.key) return;
        const bound = bindKeyToBaseURL({ apiKey: secret.key, baseURL: provider.baseURL });
        if (!bound.keyOrigin || bound.keyOrigin === secret.origin) return;
        state.secrets = { ...state.secrets, [id]: { ...secret, origin: bound.keyOrigin } };
        await settings.set(PROVIDER_SETTING_KEYS.keys, state.secrets);
        publish(state);
      }),

    markStreamOptionsUnsupported: (id) =>
      serial(async () => {
        const state = await read();
        const provider = state.providers.find((candidate) => candidate.id === id);
        if (!provider || provider.supportsStreamOptions === false) return;
        provider.supportsStreamOptions = false;
        await settings.set(PROVIDER_SETTING_KEYS.providers, state.providers);
        publish(state);
      }),

    keyLost: (id) => lostKeys().has(id),

    exportJSON: async (passphrase) =>
      passphrase === undefined
        ? exportProviders(providers())
        : exportProvidersWithKeys(providers(), passphrase),

    fileHasKeys: hasEncryptedKeys,

    importJSON: (json, passphrase) =>
      serial(async () => {
        // Opened before anything is read or written: a wrong passphrase imports nothing.
        const text = passphrase === undefined ? json : await openProviderExport(json, passphrase);
        const state = await read();
        const existing = state.providers.map((stored) =>
          toConfig(stored, state.secrets[stored.id]),
        );
        const plan = planProviderImport(text, existing);
        if (!plan.ok) throw plan.error;
        const skipped = plan.skipped.map(({ index, reason }) => `Entry ${index + 1}: ${reason}`);
        const added = new Set(plan.added);
        const updated = new Set(plan.updated);
        // A new provider named like one already here gets a number, so pickers tell them apart.
        const names = new Set<string>();
        const renamed = plan.providers.map((config) => {
          let name = config.name;
          for (let n = 2; names.has(name.toLowerCase()); n++) name = `${config.name} (${n})`;
          names.add(name.toLowerCase());
          return name === config.name || !added.has(config.id) ? config : { ...config, name };
        });
        // Entries the import planner accepts but a person could not have saved are left out.
        const imported = renamed.flatMap((config): ProviderConfig[] => {
          if (!added.has(config.id) && !updated.has(config.id)) return [config];
          const problem = importProblem(config, renamed);
          if (!problem) return [config];
          skipped.push(`${config.name}: ${problem}`);
          added.delete(config.id);
          updated.delete(config.id);
          const previous = existing.find((candidate) => candidate.id === config.id);
          return previous ? [previous] : [];
        });
        const secrets: Record<string, StoredSecret> = {};
        state.providers = imported.map((config) => {
          const before = state.providers.find((stored) => stored.id === config.id);
          const touched = added.has(config.id) || updated.has(config.id);
          const { stored, secret } = fromConfig(config);
          stored.edits = touched ? importedEdits(config, before) : before?.edits;
          if (!stored.edits) delete stored.edits;
          const lost = state.secrets[config.id]?.lost && !secret?.key;
          if (secret || lost) secrets[config.id] = { ...secret, ...(lost ? { lost } : {}) };
          return stored;
        });
        await settings.set(PROVIDER_SETTING_KEYS.providers, state.providers);
        if (!sameJSON(secrets, state.secrets)) {
          state.secrets = secrets;
          await settings.set(PROVIDER_SETTING_KEYS.keys, state.secrets);
        }
        publish(state);
        return {
          added: [...added],
          updated: [...updated],
          skipped,
          needsConfirmation: plan.needsConfirmation.filter(
            (redirect) => added.has(redirect.providerId) || updated.has(redirect.providerId),
          ),
        };
      }),
  };
  return service;
}

/** A stored provider with its secrets put back: the shape the rest of Cove works with. */
function toConfig(stored: StoredProvider, secret: StoredSecret | undefined): ProviderConfig {
  const { edits: _edits, ...config } = stored;
  const result: ProviderConfig = { ...config };
  if (secret?.key) {
    result.apiKey = secret.key;
    if (secret.origin) result.keyOrigin = secret.origin;
  }
  if (secret?.headers && Object.keys(secret.headers).length) {
    result.headers = { ...config.headers, ...secret.headers };
  }
  return result;
}

/** The inverse of {@link toConfig}: what goes to `llm.providers` and what to the secrets. */
function fromConfig(config: ProviderConfig): { stored: StoredProvider; secret?: StoredSecret } {
  const { apiKey, keyOrigin, headers, ...rest } = config;
  const stored: StoredProvider = { ...rest };
  const { publicHeaders, secretHeaders } = splitHeaders(headers ?? {});
  if (Object.keys(publicHeaders).length) stored.headers = publicHeaders;
  const secret: StoredSecret = {};
  if (apiKey) {
    secret.key = apiKey;
    if (keyOrigin) secret.origin = keyOrigin;
  }
  if (Object.keys(secretHeaders).length) secret.headers = secretHeaders;
  return Object.keys(secret).length ? { stored, secret } : { stored };
}

function splitHeaders(headers: Record<string, string>): {
  publicHeaders: Record<string, string>;
  secretHeaders: Record<string, string>;
} {
  const publicHeaders: Record<string, string> = {};
  const secretHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    (SECRET_HEADER.test(name) ? secretHeaders : publicHeaders)[name] = value;
  }
  return { publicHeaders, secretHeaders };
}

function choicesOf(configs: ProviderConfig[]): ModelChoice[] {
  return configs.flatMap((provider) =>
    (provider.models ?? []).map((model) => ({
      ref: `${provider.id}/${model.id}`,
      providerId: provider.id,
      providerName: provider.name,
      model,
      capabilities: resolveCapabilities(model.capabilities),
    })),
  );
}

interface ValidDraft {
  name: string;
  presetId: ProviderPresetId;
  baseURL: string;
  apiKey: string;
  publicHeaders: Record<string, string>;
  secretHeaders: Record<string, string>;
}

/**
 * Checks what the person typed; throws a CoveError whose code names the field
 * (`provider_name`, `provider_base_url`, `provider_api_key`, `provider_headers`).
 */
function validateDraft(
  draft: ProviderDraft,
  providers: StoredProvider[],
  ownId: string | undefined,
): ValidDraft {
  const preset = getPreset(draft.presetId);
  const name = draft.name.trim().replace(/\s+/g, ' ');
  if (!name) {
    throw new CoveError(
      'provider_name',
      'The provider needs a name.',
      'Type a name that tells it apart, e.g. the service or the machine it runs on.',
    );
  }
  const taken = providers.some(
    (provider) => provider.id !== ownId && provider.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) {
    throw new CoveError(
      'provider_name',
      `Another provider is already called “${name}”.`,
      'Choose another name, so model pickers can tell the two apart.',
    );
  }
  const usual = preset.baseURL
    ? `For ${preset.label} it is usually ${preset.baseURL}.`
    : 'Use the address of the OpenAI-compatible API; it usually ends in /v1.';
  if (!draft.baseURL.trim()) {
    throw new CoveError('provider_base_url', 'The base URL is empty.', usual);
  }
  const base = normalizeBaseURL(draft.baseURL);
  if (!base.ok) throw new CoveError('provider_base_url', base.problem, usual);
  const apiKey = normalizeApiKey(draft.apiKey);
  const keyProblem = apiKey ? apiKeyProblem(apiKey) : undefined;
  if (keyProblem) {
    throw new CoveError(
      'provider_api_key',
      keyProblem,
      'Paste it straight from the provider’s key page.',
    );
  }
  if (!apiKey && preset.key === 'required') {
    throw new CoveError(
      'provider_api_key',
      `${preset.label} needs an API key.`,
      preset.keyPage
        ? `Paste your key; you can create one at ${preset.keyPage}.`
        : 'Paste the key the provider gave you.',
    );
  }
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [rawName, rawValue] of Object.entries(draft.headers)) {
    const headerName = rawName.trim();
    const value = rawValue.trim();
    if (!headerName && !value) continue;
    if (!headerName) {
      throw new CoveError(
        'provider_headers',
        'An extra header has a value but no name.',
        'Type its name (e.g. X-Title) or remove the row.',
      );
    }
    if (!HEADER_NAME.test(headerName)) {
      throw new CoveError(
        'provider_headers',
        `“${headerName}” is not a valid header name.`,
        'Use letters, digits and hyphens only, e.g. X-Title.',
      );
    }
    if (headerName.toLowerCase() === 'authorization') {
      throw new CoveError(
        'provider_headers',
        'The key goes in the API key field, not in an Authorization header.',
        'Remove the header and paste the key (without “Bearer”) in the API key field.',
      );
    }
    if (!HEADER_VALUE.test(value)) {
      throw new CoveError(
        'provider_headers',
        `The header “${headerName}” has characters a request header cannot carry.`,
        'Use plain ASCII text in header values.',
      );
    }
    if (seen.has(headerName.toLowerCase())) {
      throw new CoveError(
        'provider_headers',
        `The header “${headerName}” is given twice.`,
        'Keep one row per header name.',
      );
    }
    seen.add(headerName.toLowerCase());
    headers[headerName] = value;
  }
  return { name, presetId: preset.id, baseURL: base.url, apiKey, ...splitHeaders(headers) };
}

/**
 * The secret record for a validated draft. A new key is bound to the draft's base URL; the
 * key already saved keeps the origin it is bound to, even when the base URL changed.
 */
function secretOf(valid: ValidDraft, previous: StoredSecret | undefined): StoredSecret | undefined {
  const secret: StoredSecret = {};
  // A key that could not be decrypted stays reported until a new one is typed.
  if (previous?.lost && !valid.apiKey) secret.lost = true;
  if (valid.apiKey) {
    secret.key = valid.apiKey;
    const origin =
      previous?.key === valid.apiKey
        ? previous.origin
        : bindKeyToBaseURL({ apiKey: valid.apiKey, baseURL: valid.baseURL }).keyOrigin;
    if (origin) secret.origin = origin;
  }
  if (Object.keys(valid.secretHeaders).length) secret.headers = valid.secretHeaders;
  return Object.keys(secret).length ? secret : undefined;
}

/** Why an imported provider cannot be used as it is, or undefined. */
function importProblem(config: ProviderConfig, all: ProviderConfig[]): string | undefined {
  try {
    validateDraft(
      {
        presetId: config.presetId,
        name: config.name,
        baseURL: config.baseURL,
        // The planner normalized the key; a preset's key requirement does not block an import.
        apiKey: config.apiKey ?? '',
        headers: config.headers ?? {},
      },
      all,
      config.id,
    );
    return undefined;
  } catch (error) {
    if (error instanceof CoveError && error.code === 'provider_api_key' && !config.apiKey) {
      return undefined;
    }
    return error instanceof Error ? error.message : String(error);
  }
}

/** Capabilities of imported models count as the person's edits, on top of earlier edits. */
function importedEdits(
  config: ProviderConfig,
  before: StoredProvider | undefined,
): Record<string, ModelEdits> | undefined {
  const edits: Record<string, ModelEdits> = {};
  for (const model of config.models ?? []) {
    const earlier = before?.edits?.[model.id];
    const fields = new Set<keyof ModelCapabilities>(earlier?.fields ?? []);
    for (const field of CAPABILITY_FIELDS) {
      if (model.capabilities?.[field] !== undefined) fields.add(field);
    }
    if (fields.size || earlier?.manual) {
      edits[model.id] = {
        ...(earlier?.manual ? { manual: true } : {}),
        fields: CAPABILITY_FIELDS.filter((field) => fields.has(field)),
      };
    }
  }
  return Object.keys(edits).length ? edits : undefined;
}

/**
 * Replaces the provider's models with a listing: listed capabilities, except the fields the
 * person edited; labels and reasoning settings stay; models the person added stay even when
 * the server does not list them.
 */
function applyListing(provider: StoredProvider, listed: ListedModel[]): void {
  const previous = new Map((provider.models ?? []).map((model) => [model.id, model]));
  const edits = provider.edits ?? {};
  const next = new Map<string, ModelConfig>();
  for (const entry of listed) {
    if (next.has(entry.id)) continue;
    const old = previous.get(entry.id);
    const edited = new Set(edits[entry.id]?.fields ?? []);
    const capabilities: Partial<ModelCapabilities> = {};
    const assign = <K extends keyof ModelCapabilities>(field: K, value: ModelCapabilities[K]) => {
      capabilities[field] = value;
    };
    for (const field of CAPABILITY_FIELDS) {
      const value = edited.has(field) ? old?.capabilities?.[field] : entry.capabilities[field];
      if (value !== undefined) assign(field, value);
    }
    const model: ModelConfig = { id: entry.id };
    if (old?.label) model.label = old.label;
    if (Object.keys(capabilities).length) model.capabilities = capabilities;
    if (old?.sendReasoningBack !== undefined) model.sendReasoningBack = old.sendReasoningBack;
    next.set(entry.id, model);
  }
  for (const [id, model] of previous) {
    if (!next.has(id) && edits[id]?.manual) next.set(id, model);
  }
  provider.models = sortModels([...next.values()]);
  const kept = Object.entries(edits).filter(([id]) => next.has(id));
  if (kept.length) provider.edits = Object.fromEntries(kept);
  else delete provider.edits;
}

function sortModels(models: ModelConfig[]): ModelConfig[] {
  return [...models].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** A model configuration with its values checked; throws CoveError('model_…') otherwise. */
function validateModel(model: ModelConfig): ModelConfig {
  const id = model.id.trim();
  if (!id) {
    throw new CoveError(
      'model_id',
      'The model needs an id.',
      'Type the id the server knows it by, e.g. gpt-4o-mini or qwen3:8b.',
    );
  }
  const clean: ModelConfig = { id };
  const label = model.label?.trim();
  if (label && label !== id) clean.label = label;
  if (model.sendReasoningBack !== undefined) clean.sendReasoningBack = model.sendReasoningBack;
  const caps = model.capabilities ?? {};
  const out: Partial<ModelCapabilities> = {};
  const whole = (value: number | undefined, code: string, what: string) => {
    if (value === undefined) return undefined;
    if (!Number.isInteger(value) || value <= 0 || value > 100_000_000) {
      throw new CoveError(
        code,
        `The ${what} must be a whole number of tokens above 0.`,
        'Leave it empty to use the default.',
      );
    }
    return value;
  };
  const contextWindow = whole(caps.contextWindow, 'model_context_window', 'context window');
  if (contextWindow) out.contextWindow = contextWindow;
  const maxOutput = whole(caps.maxOutputTokens, 'model_max_output', 'maximum output');
  if (maxOutput) out.maxOutputTokens = maxOutput;
  if (contextWindow && maxOutput && maxOutput > contextWindow) {
    throw new CoveError(
      'model_max_output',
      'The maximum output is larger than the context window.',
      'Output tokens count toward the window; make it smaller than the window.',
    );
  }
  if (caps.vision !== undefined) out.vision = caps.vision;
  if (caps.reasoning !== undefined) out.reasoning = caps.reasoning;
  if (caps.toolCalling !== undefined) {
    if (!['native', 'text', 'none'].includes(caps.toolCalling)) {
      throw new CoveError(
        'model_tool_calling',
        'Tool calling must be native, text or none.',
        'Pick one of the three.',
      );
    }
    out.toolCalling = caps.toolCalling;
  }
  if (caps.price) {
    const { inputPerMillion, outputPerMillion, cachedInputPerMillion } = caps.price;
    const price = (value: number | undefined) =>
      value === undefined || (Number.isFinite(value) && value >= 0);
    if (
      !price(inputPerMillion) ||
      !price(outputPerMillion) ||
      !price(cachedInputPerMillion) ||
      inputPerMillion === undefined ||
      outputPerMillion === undefined
    ) {
      throw new CoveError(
        'model_price',
        'Prices need both an input and an output price, in dollars per million tokens, 0 or more.',
        'Fill in both, or leave both empty when you do not know the price.',
      );
    }
    out.price = {
      inputPerMillion,
      outputPerMillion,
      ...(cachedInputPerMillion !== undefined ? { cachedInputPerMillion } : {}),
    };
  }
  if (Object.keys(out).length) clean.capabilities = out;
  return clean;
}

/** Checked chat options; throws CoveError('chat_max_tokens' | 'chat_temperature'). */
function validateChatOptions(options: ChatOptions): ChatOptions {
  const clean: ChatOptions = {
    fileContext: Boolean(options.fileContext),
    customSystemPrompt: options.customSystemPrompt ?? '',
  };
  if (options.maxTokens !== undefined) {
    if (
      !Number.isInteger(options.maxTokens) ||
      options.maxTokens <= 0 ||
      options.maxTokens > MAX_TOKENS_LIMIT
    ) {
      throw new CoveError(
        'chat_max_tokens',
        'Max tokens must be a whole number above 0.',
        'Leave it empty to let the model decide how long a reply may be.',
      );
    }
    clean.maxTokens = options.maxTokens;
  }
  if (options.temperature !== undefined) {
    if (
      !Number.isFinite(options.temperature) ||
      options.temperature < 0 ||
      options.temperature > 2
    ) {
      throw new CoveError(
        'chat_temperature',
        'The temperature must be between 0 and 2.',
        'Lower is more focused, higher more varied; leave it empty for the provider’s default.',
      );
    }
    clean.temperature = options.temperature;
  }
  return clean;
}

function readProviders(raw: unknown): StoredProvider[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const result: StoredProvider[] = [];
  for (const entry of raw as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const { id, name, baseURL } = record;
    if (typeof id !== 'string' || !id || seen.has(id)) continue;
    if (typeof name !== 'string' || typeof baseURL !== 'string') continue;
    seen.add(id);
    const stored = { ...(record as unknown as StoredProvider) };
    stored.presetId = getPreset(typeof stored.presetId === 'string' ? stored.presetId : '').id;
    if (!Array.isArray(stored.models)) delete stored.models;
    // Keys never live here; drop any that an old or foreign write left behind.
    delete (stored as ProviderConfig).apiKey;
    delete (stored as ProviderConfig).keyOrigin;
    result.push(stored);
  }
  return result;
}

/**
 * The secrets as the settings store hands them over: decrypted, except strings it could not
 * decrypt, which stay sealed; those mark the provider's key as lost, and are dropped.
 */
function readSecrets(raw: unknown): Record<string, StoredSecret> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const result: Record<string, StoredSecret> = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const secret: StoredSecret = {};
    let lost = record['lost'] === true || isSealedSecret(record['key']);
    if (typeof record['key'] === 'string' && record['key']) secret.key = record['key'];
    // An origin that cannot be read binds nothing: the key goes nowhere until re-entered.
    if (typeof record['origin'] === 'string' && secret.key) secret.origin = record['origin'];
    if (typeof record['headers'] === 'object' && record['headers'] !== null) {
      const headers = Object.entries(record['headers'] as Record<string, unknown>);
      const readable = headers.filter((entry): entry is [string, string] => {
        if (isSealedSecret(entry[1])) lost = true;
        return typeof entry[1] === 'string';
      });
      if (readable.length) secret.headers = Object.fromEntries(readable);
    }
    if (lost && !secret.key) secret.lost = true;
    if (Object.keys(secret).length) result[id] = secret;
  }
  return result;
}

function readChatOptions(raw: unknown): ChatOptions {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const options: ChatOptions = {
    fileContext:
      typeof record['fileContext'] === 'boolean'
        ? record['fileContext']
        : DEFAULT_CHAT_OPTIONS.fileContext,
    customSystemPrompt:
      typeof record['customSystemPrompt'] === 'string' ? record['customSystemPrompt'] : '',
  };
  if (typeof record['maxTokens'] === 'number') options.maxTokens = record['maxTokens'];
  if (typeof record['temperature'] === 'number') options.temperature = record['temperature'];
  return options;
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function missingProvider(): CoveError {
  return new CoveError(
    'provider_missing',
    'This provider no longer exists.',
    'It may have been removed in another tab; add it again if you need it.',
  );
}

function missingProviderLlm(): LlmError {
  return new LlmError({
    kind: 'bad_request',
    message: 'This provider no longer exists.',
    hint: 'It may have been removed in another tab; add it again if you need it.',
  });
}
