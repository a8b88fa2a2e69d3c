import type { FetchLike } from '../../llm/fetch-like';
import { checkFetchUrl } from './url-policy';

/** Most redirects followed by hand, as browsers cap theirs (the Fetch standard says 20). */
export const MAX_REDIRECTS = 10;

/** The answer of {@link fetchChecked}. */
export type CheckedFetch =
  /** The final response (not a redirect) and the URL it came from. */
  | { ok: true; response: Response; url: string }
  /** A redirect that was not followed: to a refused host, one too many, or out of sight. */
  | { ok: false; reason: string; redirectsFrom: string };

export interface CheckedFetchOptions {
  /** Loopback and private-network hosts are allowed (Settings → Agent). */
  allowPrivate: boolean;
  signal: AbortSignal;
  headers?: Record<string, string>;
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/**
 * GETs `url` (already allowed by checkFetchUrl) without ever sending a request to a host the
 * policy refuses. Redirects are not left to the browser, which would follow them before
 * anyone could check where they lead: each request says `redirect: 'manual'`.
 *
 * - Where the fetch shows a redirect's Location (Node, a test's fake), the next hop is
 *   checked and requested by hand, up to MAX_REDIRECTS.
 * - A page's fetch does not: it answers an opaque redirect (type `opaqueredirect`, status 0,
 *   no headers; checked in Chromium 156). Then, when private hosts are allowed, every http(s)
 *   host is, and the URL is requested again with the browser following the redirects; when
 *   they are not, the redirect is refused with a reason the model can act on.
 *
 * Rejects as the fetch does (a network error, an abort); a response's body is cancelled
 * whenever the response is not handed back.
 */
export async function fetchChecked(
  fetch: FetchLike,
  url: URL,
  options: CheckedFetchOptions,
): Promise<CheckedFetch> {
  const init = {
    method: 'GET',
    credentials: 'omit',
    headers: options.headers ?? {},
    signal: options.signal,
  } satisfies RequestInit;
  let current = url;
  for (let hops = 0; ; hops++) {
    const response = await fetch(current.href, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect') {
      await discard(response);
      if (!options.allowPrivate) {
        return { ok: false, reason: hiddenRedirect(current), redirectsFrom: current.href };
      }
      const followed = await fetch(current.href, { ...init, redirect: 'follow' });
      return { ok: true, response: followed, url: followed.url || current.href };
    }
    const location = isRedirect(response.status) ? response.headers.get('location') : null;
    if (location === null) return { ok: true, response, url: current.href };
    await discard(response);
    let next: string;
    try {
      next = new URL(location, current).href;
    } catch {
      return {
        ok: false,
        reason: `${current.href} redirects to "${location}", which is not a URL; nothing was read.`,
        redirectsFrom: current.href,
      };
    }
    const check = checkFetchUrl(next, options.allowPrivate);
    if (!check.ok) {
      return {
        ok: false,
        reason: `${current.href} redirects to ${next}, which is refused: ${check.reason}`,
        redirectsFrom: current.href,
      };
    }
    if (hops + 1 > MAX_REDIRECTS) {
      return {
        ok: false,
        reason: `${url.href} redirects more than ${MAX_REDIRECTS} times; nothing was read.`,
        redirectsFrom: current.href,
      };
    }
    current = check.url;
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Why a redirect whose target the browser hides is not followed, and what to do. */
function hiddenRedirect(url: URL): string {
  const guesses: string[] = [];
  if (url.protocol === 'http:') guesses.push(`https://${url.host}${url.pathname}${url.search}`);
  if (!url.pathname.endsWith('/') && !/\.[a-z0-9]+$/i.test(url.pathname)) {
    guesses.push(`${url.origin}${url.pathname}/${url.search}`);
  }
  const tryThese = guesses.length
    ? ` Redirects often lead to ${guesses.join(' or ')}; try ${guesses.length > 1 ? 'those' : 'that'} first.`
    : '';
  return (
    `${url.href} redirects to another address, and the browser does not show Cove where before it goes there. ` +
    `So that no request reaches this computer or a private network, fetch_url does not follow redirects: ` +
    `if you know the address it leads to, fetch that address directly.${tryThese} ` +
    `(The user can let fetch_url reach private networks in Settings → Agent; then it follows redirects.)`
  );
}
