import type { CoveError } from '../base/errors';
import { settingsError } from './settings-errors';
import { bindKeyToBaseURL } from './key-binding';
import { LlmError } from './llm-error';
import type { ModelConfig } from './model-capabilities';
import {
  mergeModelListing,
  removeModelEdit,
  saveModelEdit,
  type EditedModels,
} from './model-edits';
// Type only: model-listing carries the openai SDK, which loads on the first request.
import type { ListedModel } from './model-listing';
import { hasModelRef } from './model-ref';
import { validateModelConfig } from './model-validation';
import type { ProviderConfig } from './provider-config';
import { validateProviderDraft, type ProviderDraft } from './provider-draft';
import {
  readProviderSecrets,
  savedSecret,
  type ProviderSecret,
  type ProviderSecrets,
} from './provider-secret';
import { readStoredProviders, toProviderConfig, type StoredProvider } from './stored-provider';

/**
 * The provider registry: the providers the person configured, as two parts that rest apart.
 * `providers` is the public configuration (backups copy it); `secrets` holds each provider's
 * key, the origin it is bound to and its secret headers (secret settings: encrypted, never
 * in a backup). Every operation here is pure: it takes the registry as last read and returns
 * the next one with the parts to write, in the order to write them; the caller (the app's
 * provider service) reads, applies, writes and publishes, one change at a time.
 */
export interface ProviderRegistry {
  /** In the order the person added them. */
  providers: StoredProvider[];
  secrets: ProviderSecrets;
}

/** A part of the registry that rests on its own. */
export type RegistryPart = 'providers' | 'secrets';

/**
 * The outcome of an operation: the next registry, the parts that changed, in the order they
 * must be written, and the operation's result. Orders are chosen so that a write that never
 * happens leaves a provider without its key (visible, fixable), never a key without its
 * provider, and never a key pointed at a host it was not saved for.
 */
export interface RegistryChange<T = void> {
  registry: ProviderRegistry;
  writes: RegistryPart[];
  result: T;
}

/** A registry with no provider. */
export const EMPTY_REGISTRY: Readonly<ProviderRegistry> = { providers: [], secrets: {} };

/** The registry from the two stored parts, as read from settings; malformed data is dropped. */
export function readProviderRegistry(rawProviders: unknown, rawSecrets: unknown): ProviderRegistry {
  return { providers: readStoredProviders(rawProviders), secrets: readProviderSecrets(rawSecrets) };
}

/** Every provider with its key and headers put back, in order: what requests and the UI use. */
export function registryConfigs(registry: ProviderRegistry): ProviderConfig[] {
  return registry.providers.map((stored) => toProviderConfig(stored, registry.secrets[stored.id]));
}

/** Ids of providers whose key or secret headers could no longer be decrypted. */
export function lostKeyIds(registry: ProviderRegistry): Set<string> {
  return new Set(
    Object.entries(registry.secrets).flatMap(([id, secret]) => (secret.lost ? [id] : [])),
  );
}

/**
 * Adds a provider under `id` from what the person typed; its key is bound to the draft's
 * base URL. Throws CoveError from validateProviderDraft, naming the bad field.
 */
export function addProvider(
  registry: ProviderRegistry,
  draft: ProviderDraft,
  id: string,
): RegistryChange {
  const valid = validateProviderDraft(draft, registry.providers, undefined);
  const stored: StoredProvider = {
    id,
    name: valid.name,
    presetId: valid.presetId,
    baseURL: valid.baseURL,
    ...(Object.keys(valid.publicHeaders).length ? { headers: valid.publicHeaders } : {}),
  };
  const secret = savedSecret(valid, undefined);
  return {
    registry: {
      providers: [...registry.providers, stored],
      secrets: secret ? { ...registry.secrets, [id]: secret } : registry.secrets,
    },
    writes: secret ? ['providers', 'secrets'] : ['providers'],
    result: undefined,
  };
}

/**
 * Applies what the person typed to provider `id`. The key already saved keeps the origin it
 * is bound to even when the base URL changed (see {@link confirmKeyOrigin}); a new key is
 * bound to the new base URL; an empty key removes it. Throws CoveError('provider-missing')
 * or the draft's validation error.
 */
export function updateProvider(
  registry: ProviderRegistry,
  id: string,
  draft: ProviderDraft,
): RegistryChange {
  const current = providerIn(registry, id);
  const valid = validateProviderDraft(draft, registry.providers, id);
  const next: StoredProvider = {
    ...current,
    name: valid.name,
    presetId: valid.presetId,
    baseURL: valid.baseURL,
  };
  if (Object.keys(valid.publicHeaders).length) next.headers = valid.publicHeaders;
  else delete next.headers;
  const providers = registry.providers.map((provider) => (provider.id === id ? next : provider));
  const previous = registry.secrets[id];
  const secret = savedSecret(valid, previous);
  if (sameJSON(secret, previous)) {
    return { registry: { ...registry, providers }, writes: ['providers'], result: undefined };
  }
  return {
    registry: { providers, secrets: withSecret(registry.secrets, id, secret) },
    writes: ['providers', 'secrets'],
    result: undefined,
  };
}

/** Removes provider `id` and its secrets; the key goes first, so none outlives its provider. */
export function removeProvider(registry: ProviderRegistry, id: string): RegistryChange {
  const providers = registry.providers.filter((provider) => provider.id !== id);
  if (!registry.secrets[id]) {
    return { registry: { ...registry, providers }, writes: ['providers'], result: undefined };
  }
  return {
    registry: { providers, secrets: withSecret(registry.secrets, id, undefined) },
    writes: ['secrets', 'providers'],
    result: undefined,
  };
}

/**
 * Adds or replaces one model's configuration, validated (validateModelConfig); the fields
 * it changes count as the person's edits. Throws CoveError('provider-missing' | 'model_…').
 */
export function saveModel(
  registry: ProviderRegistry,
  providerId: string,
  model: ModelConfig,
): RegistryChange {
  const provider = providerIn(registry, providerId);
  const clean = validateModelConfig(model);
  return changeModels(registry, provider, saveModelEdit(provider, clean));
}

/** Removes one model and its edits. Throws CoveError('provider-missing'). */
export function removeModel(
  registry: ProviderRegistry,
  providerId: string,
  modelId: string,
): RegistryChange {
  const provider = providerIn(registry, providerId);
  return changeModels(registry, provider, removeModelEdit(provider, modelId));
}

/**
 * Replaces provider `id`'s models with what its server listed, keeping the person's edits
 * (mergeModelListing). With `onlyIfEmpty`, a provider that has models is left alone: a
 * connection test fills an empty list but does not change one. A provider that is gone
 * changes nothing.
 */
export function applyModelListing(
  registry: ProviderRegistry,
  id: string,
  listed: readonly ListedModel[],
  options: { onlyIfEmpty?: boolean } = {},
): RegistryChange {
  const provider = registry.providers.find((candidate) => candidate.id === id);
  if (!provider || (options.onlyIfEmpty && provider.models?.length)) return unchanged(registry);
  return changeModels(registry, provider, mergeModelListing(provider, listed));
}

/**
 * Allows provider `id`'s key to go to the origin of its current base URL (after the person
 * confirmed). Nothing changes when there is no key or it is bound there already. Throws
 * CoveError('provider-missing').
 */
export function confirmKeyOrigin(registry: ProviderRegistry, id: string): RegistryChange {
  const provider = providerIn(registry, id);
  const secret = registry.secrets[id];
  if (!secret?.key) return unchanged(registry);
  const bound = bindKeyToBaseURL({ apiKey: secret.key, baseURL: provider.baseURL });
  if (!bound.keyOrigin || bound.keyOrigin === secret.origin) return unchanged(registry);
  return {
    registry: {
      ...registry,
      secrets: withSecret(registry.secrets, id, { ...secret, origin: bound.keyOrigin }),
    },
    writes: ['secrets'],
    result: undefined,
  };
}

/** Remembers that provider `id`'s server rejected `stream_options`; a missing one is ignored. */
export function markStreamOptionsUnsupported(
  registry: ProviderRegistry,
  id: string,
): RegistryChange {
  const provider = registry.providers.find((candidate) => candidate.id === id);
  if (!provider || provider.supportsStreamOptions === false) return unchanged(registry);
  return replaceProvider(registry, { ...provider, supportsStreamOptions: false });
}

/**
 * Checks that `ref` ("providerId/modelId") names a configured model before it is selected.
 * Throws CoveError('model-missing') otherwise.
 */
export function requireModel(registry: ProviderRegistry, ref: string): void {
  if (hasModelRef(registry.providers, ref)) return;
  throw settingsError('model-missing');
}

/** The error of an operation on a provider that is gone (another tab may have removed it). */
export function missingProviderError(): CoveError {
  return settingsError('provider-missing');
}

/** The same, as the failed result of a request (a connection test) for a provider that is gone. */
export function missingProviderFailure(): LlmError {
  return new LlmError('bad-request', { reason: 'provider-missing' });
}

function providerIn(registry: ProviderRegistry, id: string): StoredProvider {
  const found = registry.providers.find((provider) => provider.id === id);
  if (!found) throw missingProviderError();
  return found;
}

function changeModels(
  registry: ProviderRegistry,
  provider: StoredProvider,
  models: EditedModels,
): RegistryChange {
  const next: StoredProvider = { ...provider };
  if (models.models) next.models = models.models;
  else delete next.models;
  if (models.edits) next.edits = models.edits;
  else delete next.edits;
  return replaceProvider(registry, next);
}

function replaceProvider(registry: ProviderRegistry, next: StoredProvider): RegistryChange {
  return {
    registry: {
      ...registry,
      providers: registry.providers.map((provider) => (provider.id === next.id ? next : provider)),
    },
    writes: ['providers'],
    result: undefined,
  };
}

function withSecret(
  secrets: ProviderSecrets,
  id: string,
  secret: ProviderSecret | undefined,
): ProviderSecrets {
  const next = { ...secrets };
  if (secret) next[id] = secret;
  else delete next[id];
  return next;
}

function unchanged(registry: ProviderRegistry): RegistryChange {
  return { registry, writes: [], result: undefined };
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
