import type { FetchLike } from '../../../../src/llm/fetch-like';

const SIMPLE_METHODS = ['GET', 'HEAD', 'POST'];
const SIMPLE_CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
];

/**
 * Node's fetch with the CORS rules a browser applies (the parts Cove's requests meet):
 * cross-origin requests with non-safelisted headers get a preflight whose
 * Access-Control-Allow-Headers must name each of them ('*' covers all but Authorization);
 * responses need Access-Control-Allow-Origin; any failure is the browser's opaque
 * `TypeError: Failed to fetch`; `no-cors` requests skip all checks and resolve with an
 * opaque response whenever the server answers. Response headers are filtered to the
 * safelisted and exposed ones.
 */
export function makeBrowserLikeFetch(pageOrigin: string, inner: FetchLike = fetch): FetchLike {
  return async (input, init = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const signal = init.signal ?? undefined;
    const failed = (error: unknown) => {
      if (signal?.aborted) throw error;
      throw new TypeError('Failed to fetch');
    };
    if (init.mode === 'no-cors') {
      try {
        const response = await inner(url.href, { method, ...(signal ? { signal } : {}) });
        await response.body?.cancel();
      } catch (error) {
        failed(error);
      }
      return {
        type: 'opaque',
        status: 0,
        ok: false,
        headers: new Headers(),
        body: null,
      } as unknown as Response;
    }
    if (url.origin === pageOrigin) return inner(url.href, init);

    const headers = new Headers(init.headers);
    const unsafe = [...headers.keys()].filter((name) => !safelisted(name, headers.get(name) ?? ''));
    if (unsafe.length > 0 || !SIMPLE_METHODS.includes(method)) {
      let preflight: Response | undefined;
      try {
        preflight = await inner(url.href, {
          method: 'OPTIONS',
          headers: {
            origin: pageOrigin,
            'access-control-request-method': method,
            ...(unsafe.length ? { 'access-control-request-headers': unsafe.sort().join(',') } : {}),
          },
          ...(signal ? { signal } : {}),
        });
        await preflight.body?.cancel();
      } catch (error) {
        failed(error);
      }
      if (!preflight || !preflight.ok || !allowsOrigin(preflight, pageOrigin)) failed(undefined);
      const allowed = listOf(preflight!.headers.get('access-control-allow-headers'));
      for (const name of unsafe) {
        if (!allowed.includes(name) && !(allowed.includes('*') && name !== 'authorization'))
          failed(undefined);
      }
      const methods = listOf(preflight!.headers.get('access-control-allow-methods')).map((m) =>
        m.toUpperCase(),
      );
      if (!SIMPLE_METHODS.includes(method) && !methods.includes(method) && !methods.includes('*'))
        failed(undefined);
    }
    headers.set('origin', pageOrigin);
    let response: Response | undefined;
    try {
      response = await inner(url.href, { ...init, headers });
    } catch (error) {
      failed(error);
    }
    if (!allowsOrigin(response!, pageOrigin)) {
      await response!.body?.cancel();
      failed(undefined);
    }
    const exposed = listOf(response!.headers.get('access-control-expose-headers'));
    const visible = new Headers();
    for (const [name, value] of response!.headers) {
      if (SAFE_RESPONSE_HEADERS.includes(name) || exposed.includes(name)) visible.set(name, value);
    }
    return new Response(response!.body, {
      status: response!.status,
      statusText: response!.statusText,
      headers: visible,
    });
  };
}

const SAFE_RESPONSE_HEADERS = [
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
];

function safelisted(name: string, value: string): boolean {
  if (name === 'accept' || name === 'accept-language' || name === 'content-language') return true;
  if (name === 'content-type')
    return SIMPLE_CONTENT_TYPES.includes(value.split(';')[0]!.trim().toLowerCase());
  return false;
}

function allowsOrigin(response: Response, origin: string): boolean {
  const allowed = response.headers.get('access-control-allow-origin');
  return allowed === '*' || allowed === origin;
}

function listOf(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}
