import { originOf } from './url-origin';
import type { ProviderConfig } from './provider-config';

/**
 * Whether the provider's key may go to its base URL now:
 * - `no_key`: there is no key; requests go without Authorization.
 * - `allowed`: the key was saved or confirmed for this very origin.
 * - `needs_confirmation`: the key is bound to `keyOrigin` (or to nothing) but the base URL
 *   now points at `targetOrigin`; ask the user before sending it there.
 * - `invalid_url`: the base URL is not an http(s) URL; nothing can be sent.
 */
export type KeySendDecision =
  | { status: 'no_key' }
  | { status: 'allowed'; origin: string }
  | { status: 'needs_confirmation'; keyOrigin: string | undefined; targetOrigin: string }
  | { status: 'invalid_url' };

/**
 * Decides whether the key of `provider` may be sent to its base URL (RELIABILITY.md
 * invariant 8). Pure; the client refuses to send on anything but `allowed` or `no_key`, and
 * the UI asks on `needs_confirmation`, then calls {@link bindKeyToBaseURL}. A key without a
 * recorded origin needs confirmation too: the binding is made when the key is saved.
 */
export function keySendDecision(
  provider: Pick<ProviderConfig, 'apiKey' | 'keyOrigin' | 'baseURL'>,
): KeySendDecision {
  const targetOrigin = originOf(provider.baseURL);
  if (!targetOrigin) return { status: 'invalid_url' };
  if (!provider.apiKey) return { status: 'no_key' };
  if (provider.keyOrigin === targetOrigin) return { status: 'allowed', origin: targetOrigin };
  return { status: 'needs_confirmation', keyOrigin: provider.keyOrigin, targetOrigin };
}

/**
 * The provider with its key bound to the origin of its current base URL. Call it when the
 * user saves a key, or confirms sending an existing key to a new host. Without a key, the
 * binding is removed.
 */
export function bindKeyToBaseURL<
  T extends Pick<ProviderConfig, 'apiKey' | 'keyOrigin' | 'baseURL'>,
>(provider: T): T & { keyOrigin?: string } {
  const bound: T & { keyOrigin?: string } = { ...provider };
  const origin = originOf(provider.baseURL);
  if (provider.apiKey && origin) bound.keyOrigin = origin;
  else delete bound.keyOrigin;
  return bound;
}
