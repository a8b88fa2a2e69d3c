import { isSealedSecret } from '../store/secret-cipher';
import { bindKeyToBaseURL } from './key-binding';
import { readSecretHeaders, type HeaderMap } from './secret-headers';

/**
 * One provider's secrets as they rest under secret settings (encrypted, out of backups):
 * the key and the origin it may go to are one record, written together, so no interleaving
 * of writes (or a restored backup, which carries only the public configuration) can point a
 * key at a host it was not saved for.
 */
export interface ProviderSecret {
  key?: string;
  /** The origin the key may be sent to (key-binding.ts). */
  origin?: string;
  /** Extra headers whose names look secret (secret-headers.ts). */
  headers?: HeaderMap;
  /**
   * A key or secret header was saved but can no longer be decrypted (the profile's key was
   * lost). Kept until the person enters a key, so the provider keeps saying so.
   */
  lost?: true;
}

/** Secrets per provider id. */
export type ProviderSecrets = Record<string, ProviderSecret>;

/**
 * The secrets as the settings store hands them over: decrypted, except values it could not
 * decrypt, which stay sealed; those mark the provider's key as lost and are dropped. An
 * origin without a readable key binds nothing: the key goes nowhere until re-entered.
 * Anything malformed is ignored. Never throws.
 */
export function readProviderSecrets(raw: unknown): ProviderSecrets {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const result: ProviderSecrets = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    const secret: ProviderSecret = {};
    let lost = record['lost'] === true || isSealedSecret(record['key']);
    if (typeof record['key'] === 'string' && record['key']) secret.key = record['key'];
    if (typeof record['origin'] === 'string' && secret.key) secret.origin = record['origin'];
    const headers = readSecretHeaders(record['headers']);
    if (headers.headers) secret.headers = headers.headers;
    lost ||= headers.lost;
    if (lost && !secret.key) secret.lost = true;
    if (Object.keys(secret).length) result[id] = secret;
  }
  return result;
}

/**
 * The secret record after the person saved a key and secret headers for a provider at
 * `baseURL`. A new key is bound to that base URL's origin; the key already saved keeps the
 * origin it is bound to, even when the base URL changed (confirmKeyOrigin moves it). A lost
 * key stays reported until a new one is typed. Undefined when nothing is secret.
 */
export function savedSecret(
  entered: { apiKey: string; baseURL: string; secretHeaders: HeaderMap },
  previous: ProviderSecret | undefined,
): ProviderSecret | undefined {
  const secret: ProviderSecret = {};
  if (previous?.lost && !entered.apiKey) secret.lost = true;
  if (entered.apiKey) {
    secret.key = entered.apiKey;
    const origin =
      previous?.key === entered.apiKey
        ? previous.origin
        : bindKeyToBaseURL({ apiKey: entered.apiKey, baseURL: entered.baseURL }).keyOrigin;
    if (origin) secret.origin = origin;
  }
  if (Object.keys(entered.secretHeaders).length) secret.headers = entered.secretHeaders;
  return Object.keys(secret).length ? secret : undefined;
}
