import type { HostFetchResult, SandboxHostApi } from '../python-protocol';

/** A file the sandbox serves itself, from bytes the page handed over. */
export interface ServedFile {
  bytes: ArrayBuffer | Blob;
  contentType: string;
}

/** How {@link makeSandboxFetch} answers. */
export interface SandboxFetchOptions {
  /** Files served from memory, by absolute URL (Pyodide's core files). */
  files: ReadonlyMap<string, ServedFile>;
  /** Whether a URL is asked of the page (package files, a configured lock file). */
  routed(url: string): boolean;
  host: SandboxHostApi;
  /** Everything else: the platform's fetch, where the sandbox's policy decides. */
  fallback: typeof fetch;
  /** Told why the page refused a routed URL. */
  onRefused?: (message: string) => void;
}

/**
 * The `fetch` of the sandboxed Python worker. Pyodide fetches its core files and packages
 * with the global fetch; in the sandbox neither can come from the network (no connect-src,
 * no service worker), so core files come from memory and package files from the page,
 * which checks them against the network setting. This is plumbing, not the boundary:
 * Python can reach the platform's fetch through prototypes, and the sandbox's
 * Content-Security-Policy is what stops that.
 */
export function makeSandboxFetch(options: SandboxFetchOptions): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = requestUrl(input);
    const served = options.files.get(url);
    if (served) return respond(served.bytes, 200, served.contentType);
    if (options.routed(url) && (init?.method ?? 'GET').toUpperCase() === 'GET') {
      const result = await options.host.fetchPackageFile(url);
      if (!result.ok && result.status === 0) options.onRefused?.(result.message);
      return fromHost(result);
    }
    return options.fallback(input, init);
  };
}

function fromHost(result: HostFetchResult): Response {
  // A refusal is a network error, as a blocked request is anywhere; its message says why.
  if (!result.ok && result.status === 0) throw new TypeError(result.message);
  if (!result.ok)
    return respond(new TextEncoder().encode(result.message), result.status, 'text/plain');
  return respond(result.bytes, result.status, result.contentType);
}

function respond(
  bytes: ArrayBuffer | Uint8Array | Blob,
  status: number,
  contentType: string,
): Response {
  return new Response(bytes as BodyInit, { status, headers: { 'content-type': contentType } });
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') {
    try {
      return new URL(input).href;
    } catch {
      return input;
    }
  }
  if (input instanceof URL) return input.href;
  return input.url;
}
