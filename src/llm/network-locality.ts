/**
 * Where a host sits, as far as browsers care: Chrome's Local Network Access and mixed-content
 * rules treat loopback, private and public addresses differently, and the hints Cove gives
 * for a failed request depend on it.
 */
export type HostLocality = 'loopback' | 'private' | 'public';

/** Classifies a URL's host; an unparseable URL counts as public (the cautious answer). */
export function hostLocality(url: string): HostLocality {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'public';
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return 'loopback';
  if (host === '0.0.0.0' || /^127\.\d+\.\d+\.\d+$/.test(host)) return 'loopback';
  if (/^10\.\d+\.\d+\.\d+$/.test(host) || /^192\.168\.\d+\.\d+$/.test(host)) return 'private';
  if (/^169\.254\.\d+\.\d+$/.test(host)) return 'private';
  const m172 = /^172\.(\d+)\.\d+\.\d+$/.exec(host);
  if (m172 && Number(m172[1]) >= 16 && Number(m172[1]) <= 31) return 'private';
  if (/^f[cd][0-9a-f]{2}:/.test(host) || host.startsWith('fe80:')) return 'private';
  if (host.endsWith('.local') || host.endsWith('.internal') || host.endsWith('.lan')) {
    return 'private';
  }
  return 'public';
}

/**
 * True when a page at `pageOrigin` calling `targetUrl` crosses from a more public address
 * space into a more local one, which is when Chrome shows its Local Network Access prompt.
 * False when the page origin is unknown.
 */
export function crossesIntoLocalNetwork(
  pageOrigin: string | undefined,
  targetUrl: string,
): boolean {
  if (!pageOrigin) return false;
  const rank: Record<HostLocality, number> = { public: 2, private: 1, loopback: 0 };
  return rank[hostLocality(targetUrl)] < rank[hostLocality(pageOrigin)];
}

/**
 * True when an https page would be blocked from calling `targetUrl` as mixed content:
 * plain http to a host that is not loopback (browsers exempt localhost and 127.0.0.1).
 */
export function isMixedContent(pageOrigin: string | undefined, targetUrl: string): boolean {
  if (!pageOrigin?.startsWith('https:')) return false;
  return targetUrl.startsWith('http:') && hostLocality(targetUrl) !== 'loopback';
}

/** `scheme://host[:port]` of a URL, or undefined when it does not parse as http(s). */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}
