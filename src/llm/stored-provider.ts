import type { ModelEditLog } from './model-edits';
import type { ProviderConfig } from './provider-config';
import { getPreset } from './provider-presets';
import type { ProviderSecret } from './provider-secret';
import { joinSecretHeaders, splitSecretHeaders } from './secret-headers';

/**
 * A provider as the public configuration holds it: no key, no key binding, no secret-looking
 * header (those are its {@link ProviderSecret}), plus the record of the person's model edits.
 * Backups copy this; they never carry a secret.
 */
export interface StoredProvider extends Omit<ProviderConfig, 'apiKey' | 'keyOrigin'> {
  /** Per model id: fields set by hand and models added by hand (model-edits.ts). */
  edits?: ModelEditLog;
}

/**
 * Reads the stored configurations: entries without a string id, name and base URL, and
 * repeated ids, are dropped; an unknown preset becomes the custom one; keys that an old or
 * foreign write left behind are dropped (keys never live here). Never throws.
 */
export function readStoredProviders(raw: unknown): StoredProvider[] {
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
    delete (stored as ProviderConfig).apiKey;
    delete (stored as ProviderConfig).keyOrigin;
    result.push(stored);
  }
  return result;
}

/** A stored provider with its secrets put back: the shape the rest of Cove works with. */
export function toProviderConfig(
  stored: StoredProvider,
  secret: ProviderSecret | undefined,
): ProviderConfig {
  const { edits: _edits, ...config } = stored;
  // The object that carries the key has no prototype: nothing inherited can observe or
  // redirect an assignment to it.
  const result: ProviderConfig = Object.assign(Object.create(null) as ProviderConfig, config);
  if (secret?.key) {
    result.apiKey = secret.key;
    if (secret.origin) result.keyOrigin = secret.origin;
  }
  if (secret?.headers && Object.keys(secret.headers).length) {
    result.headers = joinSecretHeaders(config.headers, secret.headers);
  }
  return result;
}

/**
 * The inverse of {@link toProviderConfig}: what goes to the public configuration and what
 * to the secrets (no secret when the provider has no key and no secret header).
 */
export function splitProviderConfig(config: ProviderConfig): {
  stored: StoredProvider;
  secret?: ProviderSecret;
} {
  const { apiKey, keyOrigin, headers, ...rest } = config;
  const stored: StoredProvider = { ...rest };
  const { publicHeaders, secretHeaders } = splitSecretHeaders(headers ?? {});
  if (Object.keys(publicHeaders).length) stored.headers = publicHeaders;
  const secret: ProviderSecret = Object.create(null) as ProviderSecret;
  if (apiKey) {
    secret.key = apiKey;
    if (keyOrigin) secret.origin = keyOrigin;
  }
  if (Object.keys(secretHeaders).length) secret.headers = secretHeaders;
  return Object.keys(secret).length ? { stored, secret } : { stored };
}
