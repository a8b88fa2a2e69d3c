import { classifyHost, describeHostRange } from '../../base/host-locality';

/** A URL fetch_url may request, or why not. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Checks a URL the model asked for (or a redirect leads to): http or https only, no
 * credentials in it, and no host off the public internet (loopback, private, link-local,
 * carrier-grade NAT, unique-local, multicast, broadcast, reserved, local names; in any
 * spelling: src/base/host-locality.ts) unless `allowPrivate`. Never throws.
 */
export function checkFetchUrl(input: string, allowPrivate: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return {
      ok: false,
      reason: `"${input}" is not a URL; give a full address like https://example.com/page.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `Only http and https URLs can be fetched, not ${url.protocol}` };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'URLs with a user name or password are not fetched.' };
  }
  const host = classifyHost(url.hostname);
  if (host.locality !== 'public' && !allowPrivate) {
    return {
      ok: false,
      reason: `${url.hostname} is ${describeHostRange(host.range)}; fetch_url does not reach this computer or private networks unless the user allows it in Settings → Agent.`,
    };
  }
  return { ok: true, url };
}
