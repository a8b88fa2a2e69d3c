/** Imports a module by URL; the default is the browser's own `import()`. */
export type ImportByUrl = (url: string) => Promise<unknown>;

const importByUrl: ImportByUrl = (url) => import(/* @vite-ignore */ url);

/**
 * Wraps the loader of a lazily split module so that a load that failed (offline, a flaky
 * network) can succeed on a later call. Chromium keeps a failed module fetch in the
 * document's module map (whatwg/html#6768): calling the same `import()` again fails at once
 * even when the network is back. The browser names the chunk in its error, so the next
 * attempt imports that URL with a query that makes it a new entry of the module map.
 * An error that names no URL (Safari's "Importing a module script failed.") is passed on
 * as it is, and the next call runs `load` again.
 */
export function retryingImport<T>(
  load: () => Promise<T>,
  importUrl: ImportByUrl = importByUrl,
): () => Promise<T> {
  let failedUrl: string | undefined;
  let loadedUrl: string | undefined;
  let attempts = 0;
  return async () => {
    if (failedUrl === undefined) {
      try {
        return await load();
      } catch (error) {
        failedUrl = chunkUrlOf(error);
        throw error;
      }
    }
    // After a retry succeeded, the module map holds that URL: the same module, no fetch.
    if (loadedUrl !== undefined) return (await importUrl(loadedUrl)) as T;
    attempts++;
    const url = `${failedUrl}${failedUrl.includes('?') ? '&' : '?'}retry=${attempts}`;
    const module = (await importUrl(url)) as T;
    loadedUrl = url;
    return module;
  };
}

/** The module URL a failed dynamic import names (Chromium and Firefox end with it). */
export function chunkUrlOf(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const urls = message.match(/\b(?:https?|file):\/\/[^\s'"]+/g);
  const last = urls?.at(-1)?.replace(/[.,;:)]+$/, '');
  if (last === undefined) return undefined;
  try {
    return new URL(last).href;
  } catch {
    return undefined;
  }
}
