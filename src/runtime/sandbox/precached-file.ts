/** Reads the service worker's stored copy of one of Cove's files; undefined: not stored. */
export type PrecachedFileReader = (url: string) => Promise<Response | undefined>;

/** The name workbox gives the precache of the service worker controlling `scopeUrl`. */
export function precacheName(scopeUrl: string): string {
  return `workbox-precache-v2-${scopeUrl}`;
}

/**
 * Reads files straight from the service worker's precache in Cache Storage.
 *
 * Why not fetch: a fetch the service worker answers streams the body to the page, and
 * `blob()` then copies it chunk by chunk in tasks on the page's main thread — for Pyodide's
 * 13 MB of core files 200–250 ms on a second visit, queued behind the shell's own start. A
 * Response from Cache Storage is a handle to the stored Blob: `blob()` on it reads nothing.
 *
 * Workbox keys a file without a hash in its name by its URL plus a `__WB_REVISION__` query,
 * so the lookup ignores the query. While a new version waits to take over, the precache
 * holds both revisions of a changed file; that match is ambiguous and the reader answers
 * undefined, so the caller fetches and the active service worker picks its own revision.
 */
export function precacheReader(
  storage: CacheStorage | undefined,
  scopeUrl: string,
): PrecachedFileReader {
  if (!storage) return async () => undefined;
  const name = precacheName(scopeUrl);
  return async (url) => {
    try {
      if (!(await storage.has(name))) return undefined;
      const matches = await (await storage.open(name)).matchAll(url, { ignoreSearch: true });
      const [only] = matches;
      return matches.length === 1 && only!.ok ? only : undefined;
    } catch {
      // Storage the browser will not open (private modes, a full disk): fetch instead.
      return undefined;
    }
  };
}
