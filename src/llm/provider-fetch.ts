import type { HttpFailure } from './error-classification';
import type { FetchLike } from './fetch-like';
import { originOf } from './network-locality';

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
  /** Called for every chunk of response body, so a stall watchdog can see progress. */
  onBytes?: () => void;
  /** Called with every non-2xx response, its body read as text (at most 64 KiB). */
  onHttpFailure?: (failure: HttpFailure) => void;
  /**
   * The caller asked for a stream. A server that ignores `stream: true` and answers with one
   * JSON completion then gets it re-wrapped as a one-event SSE stream, so it still works.
   */
  expectStream?: boolean;
}

/** The SDK headers that survive: the only ones an OpenAI-compatible server needs. */
const KEPT_SDK_HEADERS = ['content-type', 'accept'];
const MAX_ERROR_BODY = 64 * 1024;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/**
 * Largest body piece handed to the SDK. openai 6.x's SSE splitter copies the rest of its
 * buffer once per event, which is quadratic in the size of one network read: a fast server
 * delivering a megabyte at once stalls the page for seconds. Small pieces bound that copy
 * (fixed upstream in openai 7, which needs Node 22).
 */
const MAX_PIECE_BYTES = 2048;

/**
 * Wraps the injected fetch for the OpenAI SDK. Outgoing headers are rebuilt from an
 * allow-list: the SDK adds `x-stainless-*`, `User-Agent` and retry headers that a server's
 * CORS preflight must allow, and servers that allow a fixed list (Authorization,
 * Content-Type) then fail with an opaque "Connection error." The key is added here, not by
 * the SDK (which only ever sees a placeholder), and only when the URL's origin is
 * `keyOrigin`. Error bodies are read once and handed to `onHttpFailure`, because the SDK
 * drops bodies that are not `{error: …}`-shaped. Body chunks are reported to `onBytes`.
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
    if (!response.body) return response;
    return new Response(observe(response.body, options.onBytes ?? (() => undefined)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function outgoingHeaders(
  url: string,
  sdkHeaders: HeadersInit | undefined,
  options: ProviderFetchOptions,
): Headers {
  const given = new Headers(sdkHeaders);
  const headers = new Headers();
  for (const name of KEPT_SDK_HEADERS) {
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

function observe(
  body: ReadableStream<Uint8Array>,
  onBytes: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      onBytes();
      for (let at = 0; at < value.byteLength; at += MAX_PIECE_BYTES) {
        controller.enqueue(value.subarray(at, Math.min(at + MAX_PIECE_BYTES, value.byteLength)));
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
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
