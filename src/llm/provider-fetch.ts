import type { HttpFailure } from './error-classification';
import type { FetchLike } from './fetch-like';
import { originOf } from './url-origin';

/** How {@link makeProviderFetch} shapes and observes the requests to one provider. */
export interface ProviderFetchOptions {
  fetch: FetchLike;
  /** The key; sent as `Authorization: Bearer …` only to `keyOrigin`. */
  apiKey?: string;
  /** The one origin the key may go to (see key-binding.ts). */
  keyOrigin?: string;
  /** User-configured extra headers. An `Authorization` entry is ignored: keys go via apiKey. */
  headers?: Record<string, string>;
  /** Called when response headers arrive. */
  onResponse?: () => void;
  /** Called with every non-2xx response, its body read as text (at most 64 KiB). */
  onHttpFailure?: (failure: HttpFailure) => void;
  /**
   * The caller asked for a stream. A server that ignores `stream: true` and answers with one
   * JSON completion then gets it re-wrapped as a one-event SSE stream, so it still works.
   */
  expectStream?: boolean;
}

/** The caller's headers that survive: the only ones an OpenAI-compatible server needs. */
const KEPT_HEADERS = ['content-type', 'accept'];
const MAX_ERROR_BODY = 64 * 1024;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Wraps the injected fetch for every request to a provider: the chat attempt's own POST and
 * the OpenAI SDK's model listing. Outgoing headers are rebuilt from an allow-list: the SDK
 * adds `x-stainless-*`, `User-Agent` and retry headers that a server's
 * CORS preflight must allow, and servers that allow a fixed list (Authorization,
 * Content-Type) then fail with an opaque "Connection error." The key is added here, not by
 * the caller (the SDK only ever sees a placeholder), and only when the URL's origin is
 * `keyOrigin`. Error bodies are read once and handed to `onHttpFailure`, because the SDK
 * drops bodies that are not `{error: …}`-shaped.
 */
export function makeProviderFetch(options: ProviderFetchOptions): FetchLike {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = outgoingHeaders(url, init?.headers, options);
    const response = await options.fetch(url, { ...init, headers });
    options.onResponse?.();
    if (!response.ok) {
      const bodyText = await readCapped(response, MAX_ERROR_BODY);
      options.onHttpFailure?.({ status: response.status, headers: response.headers, bodyText });
      return new Response(NULL_BODY_STATUSES.has(response.status) ? null : bodyText, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    if (options.expectStream && isJson(response)) return jsonAsStream(response);
    return response;
  };
}

function outgoingHeaders(
  url: string,
  sdkHeaders: HeadersInit | undefined,
  options: ProviderFetchOptions,
): Headers {
  const given = new Headers(sdkHeaders);
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = given.get(name);
    if (value !== null) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') headers.set(name, value);
  }
  if (options.apiKey && options.keyOrigin && originOf(url) === options.keyOrigin) {
    headers.set('authorization', `Bearer ${options.apiKey}`);
  }
  return headers;
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

async function jsonAsStream(response: Response): Promise<Response> {
  const text = await response.text();
  let data: string;
  try {
    data = JSON.stringify(JSON.parse(text));
  } catch {
    // Not JSON after all: pass it on as it was, and let the stream parser report it.
    data = text.replace(/[\r\n]+/g, ' ');
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/event-stream');
  headers.delete('content-length');
  return new Response(`data: ${data}\n\ndata: [DONE]\n\n`, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function readCapped(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      text += decoder.decode(value, { stream: true });
      if (size >= limit) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch {
    // A body cut short still says something; classify with what arrived.
  }
  return text + decoder.decode();
}
