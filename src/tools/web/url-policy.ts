import { hostLocality, type HostLocality } from '../../llm/network-locality';

/** A URL fetch_url may request, or why not. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Where `url`'s host sits: hostLocality (src/llm/network-locality.ts), plus IPv4 addresses
 * written as IPv6 (`[::ffff:7f00:1]` is 127.0.0.1), which it does not unpack.
 */
export function fetchLocality(url: URL): HostLocality {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    const ipv4 = [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
    return hostLocality(`http://${ipv4}/`);
  }
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/.test(host)) return hostLocality(`http://${host.slice(7)}/`);
  if (host === '::' || host === '0.0.0.0') return 'loopback';
  return hostLocality(url.href);
}

/**
 * Checks a URL the model asked for: http or https only, no credentials in it, and no
 * loopback or private-network host (127.0.0.0/8, ::1, localhost, 10/8, 172.16/12,
 * 192.168/16, 169.254/16, fc00::/7, *.local) unless `allowPrivate`.
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
  const locality = fetchLocality(url);
  if (locality !== 'public' && !allowPrivate) {
    return {
      ok: false,
      reason: `${url.hostname} is a ${locality === 'loopback' ? 'loopback (this computer)' : 'private-network'} address; fetching it is off. The user can allow local addresses in Settings.`,
    };
  }
  return { ok: true, url };
}
