import type { CoveError } from '../base/errors';
import { settingsError } from './settings-errors';
import { isPassphraseBox, openWithPassphrase, sealWithPassphrase } from '../base/passphrase-box';

export { hasEncryptedKeys } from './provider-export-keys';
import { keySendDecision } from './key-binding';
import type { ModelCapabilities, ModelConfig } from './model-capabilities';
import { normalizeApiKey, normalizeBaseURL, type ProviderConfig } from './provider-config';
import { getPreset } from './provider-presets';
import { splitSecretHeaders } from './secret-headers';

/** Marks a Cove provider export, so an import can tell it from any other JSON. */
export const PROVIDER_EXPORT_FORMAT = 'cove.providers';
/** Version of the export layout; imports accept this version only. */
export const PROVIDER_EXPORT_VERSION = 1;

/** What the passphrase box of an export holds per provider id. */
interface ExportedSecret {
  apiKey?: string;
  keyOrigin?: string;
  headers?: Record<string, string>;
}

/** A provider without its key, binding and secret-looking headers, and those apart. */
function splitSecrets(provider: ProviderConfig): {
  config: ProviderConfig;
  secret: ExportedSecret | undefined;
} {
  const config: ProviderConfig = { ...provider };
  const secret: ExportedSecret = {};
  if (config.apiKey) secret.apiKey = config.apiKey;
  if (config.apiKey && config.keyOrigin) secret.keyOrigin = config.keyOrigin;
  delete config.apiKey;
  delete config.keyOrigin;
  if (config.headers) {
    // Secret-looking headers travel only inside the passphrase box.
    const { publicHeaders, secretHeaders } = splitSecretHeaders(config.headers);
    config.headers = publicHeaders;
    if (Object.keys(secretHeaders).length) secret.headers = secretHeaders;
  }
  return { config, secret: Object.keys(secret).length ? secret : undefined };
}

/**
 * Serializes providers as JSON without API keys, their origin bindings or secret-looking
 * extra headers (RELIABILITY.md invariant 8). {@link exportProvidersWithKeys} adds them,
 * encrypted.
 */
export function exportProviders(providers: ProviderConfig[]): string {
  return JSON.stringify(exportDocument(providers), null, 2);
}

function exportDocument(providers: ProviderConfig[]) {
  return {
    format: PROVIDER_EXPORT_FORMAT,
    version: PROVIDER_EXPORT_VERSION,
    providers: providers.map((provider) => splitSecrets(provider).config),
  };
}

/**
 * The export of {@link exportProviders} plus a `keys` field: the keys, their bindings and
 * the secret headers, as one JSON object encrypted under `passphrase` (PBKDF2 + AES-GCM).
 * No key is in the file in plain text. Throws CoveError('passphrase-weak') for a short
 * passphrase.
 */
export async function exportProvidersWithKeys(
  providers: ProviderConfig[],
  passphrase: string,
): Promise<string> {
  const secrets: Record<string, ExportedSecret> = {};
  for (const provider of providers) {
    const { secret } = splitSecrets(provider);
    if (secret) secrets[provider.id] = secret;
  }
  const keys = await sealWithPassphrase(JSON.stringify(secrets), passphrase);
  return JSON.stringify({ ...exportDocument(providers), keys }, null, 2);
}

/**
 * Opens the passphrase box of an export and puts each provider's key, binding and secret
 * headers back into its entry, so {@link planProviderImport} sees them. Without a box the
 * text comes back unchanged. Throws CoveError('wrong-passphrase') when the passphrase does
 * not open it; then nothing should be imported from the keys.
 */
export async function openProviderExport(json: string, passphrase: string): Promise<string> {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  if (typeof data !== 'object' || data === null || !isPassphraseBox(data['keys'])) return json;
  const opened = JSON.parse(await openWithPassphrase(data['keys'], passphrase)) as unknown;
  const secrets =
    typeof opened === 'object' && opened !== null ? (opened as Record<string, unknown>) : {};
  const providers = Array.isArray(data['providers']) ? (data['providers'] as unknown[]) : [];
  const { keys: _keys, ...rest } = data;
  return JSON.stringify({
    ...rest,
    providers: providers.map((entry) => {
      if (typeof entry !== 'object' || entry === null) return entry;
      const record = entry as Record<string, unknown>;
      const secret = typeof record['id'] === 'string' ? secrets[record['id']] : undefined;
      if (typeof secret !== 'object' || secret === null) return entry;
      const { apiKey, keyOrigin, headers } = secret as Record<string, unknown>;
      const merged: Record<string, unknown> = { ...record };
      if (typeof apiKey === 'string') merged['apiKey'] = apiKey;
      if (typeof apiKey === 'string' && typeof keyOrigin === 'string')
        merged['keyOrigin'] = keyOrigin;
      if (typeof headers === 'object' && headers !== null) {
        const publicHeaders =
          typeof record['headers'] === 'object' && record['headers'] !== null
            ? record['headers']
            : {};
        merged['headers'] = { ...publicHeaders, ...headers };
      }
      return merged;
    }),
  });
}

/**
 * A provider whose key would go to a host it was not saved for after the import: the
 * imported base URL moved an existing key, or the file carries a key bound elsewhere.
 */
export interface KeyRedirect {
  providerId: string;
  name: string;
  keyOrigin: string | undefined;
  targetOrigin: string;
}

/** What an import would do; nothing is stored until the caller saves `providers`. */
export type ProviderImportPlan =
  | {
      ok: true;
      /** The existing providers merged with the imported ones, in order. */
      providers: ProviderConfig[];
      added: string[];
      updated: string[];
      /** Entries left out, with the reason. */
      skipped: { index: number; reason: string }[];
      /**
       * Keys that would go to a new host. Their binding is left as it was, so Cove will not
       * send them; the UI asks, then calls bindKeyToBaseURL on each provider the user allows.
       */
      needsConfirmation: KeyRedirect[];
    }
  | { ok: false; error: CoveError };

/**
 * Plans the import of an export made by {@link exportProviders} (or one whose keys
 * {@link openProviderExport} put back; exports from before keys were encrypted carry them
 * in plain text and are read too). Providers match by id:
 * an imported entry replaces the existing one but keeps its key when the file has none.
 * Invalid entries are skipped and reported, never half-imported. Never throws.
 */
export function planProviderImport(json: string, existing: ProviderConfig[]): ProviderImportPlan {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return failure('The file is not valid JSON.');
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (record['format'] !== PROVIDER_EXPORT_FORMAT || !Array.isArray(record['providers'])) {
    return failure('The file is not a Cove provider export.');
  }
  if (record['version'] !== PROVIDER_EXPORT_VERSION) {
    return failure(
      `The export has version ${String(record['version'])}; this Cove reads version ${PROVIDER_EXPORT_VERSION}.`,
    );
  }
  const providers = existing.map((provider) => ({ ...provider }));
  const added: string[] = [];
  const updated: string[] = [];
  const skipped: { index: number; reason: string }[] = [];
  const needsConfirmation: KeyRedirect[] = [];
  const seen = new Set<string>();
  (record['providers'] as unknown[]).forEach((entry, index) => {
    const parsed = parseProvider(entry);
    if (typeof parsed === 'string') {
      skipped.push({ index, reason: parsed });
      return;
    }
    if (seen.has(parsed.id)) {
      skipped.push({ index, reason: `Another entry has the id "${parsed.id}".` });
      return;
    }
    seen.add(parsed.id);
    const at = providers.findIndex((provider) => provider.id === parsed.id);
    const previous = at >= 0 ? providers[at] : undefined;
    const merged: ProviderConfig = { ...parsed };
    if (!merged.apiKey && previous?.apiKey) {
      merged.apiKey = previous.apiKey;
      if (previous.keyOrigin) merged.keyOrigin = previous.keyOrigin;
      else delete merged.keyOrigin;
    }
    if (!merged.apiKey) delete merged.keyOrigin;
    const decision = keySendDecision(merged);
    if (decision.status === 'needs_confirmation') {
      needsConfirmation.push({
        providerId: merged.id,
        name: merged.name,
        keyOrigin: decision.keyOrigin,
        targetOrigin: decision.targetOrigin,
      });
    }
    if (previous) {
      providers[at] = merged;
      updated.push(merged.id);
    } else {
      providers.push(merged);
      added.push(merged.id);
    }
  });
  return { ok: true, providers, added, updated, skipped, needsConfirmation };
}

function failure(message: string): ProviderImportPlan {
  return {
    ok: false,
    error: settingsError('provider-import', { problem: message }),
  };
}

/** A validated provider, or the reason the entry is unusable. */
function parseProvider(entry: unknown): ProviderConfig | string {
  if (typeof entry !== 'object' || entry === null) return 'The entry is not an object.';
  const raw = entry as Record<string, unknown>;
  if (typeof raw['id'] !== 'string' || raw['id'] === '') return 'The entry has no id.';
  if (typeof raw['baseURL'] !== 'string') return 'The entry has no base URL.';
  const base = normalizeBaseURL(raw['baseURL']);
  if (!base.ok) return base.problem;
  const provider: ProviderConfig = {
    id: raw['id'],
    name: typeof raw['name'] === 'string' && raw['name'] ? raw['name'] : raw['id'],
    presetId: getPreset(typeof raw['presetId'] === 'string' ? raw['presetId'] : undefined).id,
    baseURL: base.url,
  };
  if (typeof raw['apiKey'] === 'string' && normalizeApiKey(raw['apiKey'])) {
    provider.apiKey = normalizeApiKey(raw['apiKey']);
    if (typeof raw['keyOrigin'] === 'string') provider.keyOrigin = raw['keyOrigin'];
  }
  const headers = raw['headers'];
  if (headers !== undefined) {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
      return 'The headers are not an object.';
    const entries = Object.entries(headers as Record<string, unknown>);
    if (entries.some(([, value]) => typeof value !== 'string'))
      return 'A header value is not text.';
    provider.headers = Object.fromEntries(entries) as Record<string, string>;
  }
  if (typeof raw['supportsStreamOptions'] === 'boolean')
    provider.supportsStreamOptions = raw['supportsStreamOptions'];
  if (typeof raw['stallTimeoutMs'] === 'number' && raw['stallTimeoutMs'] > 0)
    provider.stallTimeoutMs = raw['stallTimeoutMs'];
  if (raw['models'] !== undefined) {
    if (!Array.isArray(raw['models'])) return 'The models are not a list.';
    const models: ModelConfig[] = [];
    for (const model of raw['models']) {
      const parsed = parseModel(model);
      if (typeof parsed === 'string') return parsed;
      models.push(parsed);
    }
    provider.models = models;
  }
  return provider;
}

const NUMBER_CAPS = ['contextWindow', 'maxOutputTokens'] as const;
const BOOLEAN_CAPS = ['vision', 'reasoning'] as const;

function parseModel(entry: unknown): ModelConfig | string {
  if (typeof entry !== 'object' || entry === null) return 'A model entry is not an object.';
  const raw = entry as Record<string, unknown>;
  if (typeof raw['id'] !== 'string' || raw['id'] === '') return 'A model has no id.';
  const model: ModelConfig = { id: raw['id'] };
  if (typeof raw['label'] === 'string') model.label = raw['label'];
  if (typeof raw['sendReasoningBack'] === 'boolean')
    model.sendReasoningBack = raw['sendReasoningBack'];
  const caps = raw['capabilities'];
  if (typeof caps === 'object' && caps !== null) {
    const source = caps as Record<string, unknown>;
    const parsed: Partial<ModelCapabilities> = {};
    for (const key of NUMBER_CAPS) {
      const value = source[key];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) parsed[key] = value;
    }
    for (const key of BOOLEAN_CAPS) {
      if (typeof source[key] === 'boolean') parsed[key] = source[key];
    }
    const toolCalling = source['toolCalling'];
    if (toolCalling === 'native' || toolCalling === 'text' || toolCalling === 'none')
      parsed.toolCalling = toolCalling;
    const price = source['price'] as Record<string, unknown> | undefined;
    if (
      typeof price?.['inputPerMillion'] === 'number' &&
      typeof price['outputPerMillion'] === 'number'
    ) {
      parsed.price = {
        inputPerMillion: price['inputPerMillion'],
        outputPerMillion: price['outputPerMillion'],
      };
      if (typeof price['cachedInputPerMillion'] === 'number') {
        parsed.price.cachedInputPerMillion = price['cachedInputPerMillion'];
      }
    }
    model.capabilities = parsed;
  }
  return model;
}
