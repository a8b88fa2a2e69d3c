import type { Clock } from '../base/clock';
import type { FetchLike } from './fetch-like';

/** What a `no-cors` probe learned about a server that a real request could not reach. */
export type Reachability = 'reachable' | 'unreachable' | 'unknown';

/** Long enough for a slow local server to answer, short enough not to stall an error. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5000;

/**
 * Tells a CORS refusal from a dead server. Browsers report both as the same opaque network
 * error ("Failed to fetch"), but a `no-cors` request is exempt from CORS: it resolves (with
 * an opaque response) whenever the server answers at all, and rejects only when nothing
 * answered. So `reachable` after a failed request means CORS blocked it, `unreachable` means
 * the connection failed. `unknown` when the probe timed out or `signal` aborted. Never
 * throws; sends no credentials and no key. The probe follows redirects wherever they lead
 * (the Fetch standard allows `no-cors` only with `redirect: 'follow'`): probe only URLs
 * whose redirects may go to any host (the person's own endpoints, not a model's choice).
 */
export async function probeReachability(
  fetch: FetchLike,
  url: string,
  clock: Clock,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Reachability> {
  const controller = new AbortController();
  let timedOut = false;
  const cancelTimer = clock.schedule(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (options.signal?.aborted) return 'unknown';
    const response = await fetch(url, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'follow',
      signal: controller.signal,
    });
    await response.body?.cancel().catch(() => undefined);
    return 'reachable';
  } catch {
    return timedOut || options.signal?.aborted ? 'unknown' : 'unreachable';
  } finally {
    cancelTimer();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
