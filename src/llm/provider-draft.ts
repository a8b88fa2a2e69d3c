import { settingsError } from './settings-errors';
import { apiKeyProblem, normalizeApiKey, normalizeBaseURL } from './provider-config';
import { getPreset, type ProviderPresetId } from './provider-presets';
import { checkRequestHeaders, type ReservedHeader } from './request-headers';
import { splitSecretHeaders, type HeaderMap } from './secret-headers';

/** What the person types when adding or editing a provider. */
export interface ProviderDraft {
  presetId: ProviderPresetId;
  name: string;
  baseURL: string;
  /** As pasted; trimmed and stripped of "Bearer " before it is kept. Empty: no key. */
  apiKey: string;
  headers: HeaderMap;
}

/** A draft that passed {@link validateProviderDraft}, normalized, headers split. */
export interface ValidProviderDraft {
  name: string;
  presetId: ProviderPresetId;
  baseURL: string;
  /** Normalized; empty when there is none. */
  apiKey: string;
  publicHeaders: HeaderMap;
  secretHeaders: HeaderMap;
}

/** The key has its own field: an Authorization header would bypass the key's binding. */
const PROVIDER_RESERVED_HEADERS: readonly ReservedHeader[] = [
  {
    name: 'authorization',
    problem: 'The key goes in the API key field, not in an Authorization header.',
    hint: 'Remove the header and paste the key (without “Bearer”) in the API key field.',
  },
];

/**
 * Checks what the person typed against the providers already there (`ownId` is the one
 * being edited, if any): a name (unique, ignoring case), an http(s) base URL, a key that
 * can go in a header (required by some presets), valid extra headers. Throws a CoveError
 * whose code names the field: `provider-name`, `provider-base-url`, `provider-api-key`,
 * `provider-headers`; its hint says what to type instead.
 */
export function validateProviderDraft(
  draft: ProviderDraft,
  providers: readonly { id: string; name: string }[],
  ownId: string | undefined,
): ValidProviderDraft {
  const preset = getPreset(draft.presetId);
  const name = draft.name.trim().replace(/\s+/g, ' ');
  if (!name) {
    throw settingsError('provider-name', { reason: 'empty' });
  }
  const taken = providers.some(
    (provider) => provider.id !== ownId && provider.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) {
    throw settingsError('provider-name', { reason: 'taken', name });
  }
  const usual = { presetLabel: preset.label, presetBaseURL: preset.baseURL };
  if (!draft.baseURL.trim()) {
    throw settingsError('provider-base-url', usual);
  }
  const base = normalizeBaseURL(draft.baseURL);
  if (!base.ok) throw settingsError('provider-base-url', { ...usual, problem: base.problem });
  const apiKey = normalizeApiKey(draft.apiKey);
  const keyProblem = apiKey ? apiKeyProblem(apiKey) : undefined;
  if (keyProblem) {
    throw settingsError('provider-api-key', { problem: keyProblem });
  }
  if (!apiKey && preset.key === 'required') {
    throw settingsError('provider-api-key', {
      presetLabel: preset.label,
      keyPage: preset.keyPage,
    });
  }
  const headers = checkRequestHeaders(draft.headers, PROVIDER_RESERVED_HEADERS);
  if (!headers.ok) {
    throw settingsError('provider-headers', {
      problem: headers.problem,
      problemHint: headers.hint,
    });
  }
  return {
    name,
    presetId: preset.id,
    baseURL: base.url,
    apiKey,
    ...splitSecretHeaders(headers.headers),
  };
}
