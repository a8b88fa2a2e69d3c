import OpenAI from 'openai';
import type { FetchLike } from './fetch-like';

/** What the SDK sees instead of the key: provider-fetch.ts adds the real one, if any. */
export const SDK_KEY_PLACEHOLDER = 'cove-key-added-by-provider-fetch';

/**
 * The longest timeout the SDK accepts without its timer overflowing; stalls are Cove's
 * watchdog's job, so the SDK's own request timeout must never fire first.
 */
const SDK_TIMEOUT_MS = 2 ** 31 - 1;

const silent = { error() {}, warn() {}, info() {}, debug() {} };

/**
 * An OpenAI SDK client for one request: no SDK retries (Cove retries visibly), no logging
 * (it could print request details), browser use allowed, every request through `fetch`
 * (normally {@link makeProviderFetch}, which owns headers and the key).
 */
export function makeSdkClient(baseURL: string, fetch: FetchLike): OpenAI {
  return new OpenAI({
    apiKey: SDK_KEY_PLACEHOLDER,
    baseURL,
    fetch,
    maxRetries: 0,
    timeout: SDK_TIMEOUT_MS,
    dangerouslyAllowBrowser: true,
    logLevel: 'off',
    logger: silent,
    organization: null,
    project: null,
  });
}
