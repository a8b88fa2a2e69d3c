import { classifyHost, type HostLocality } from '../base/host-locality';

export type { HostLocality } from '../base/host-locality';
export { originOf } from './url-origin';

/**
 * Where a URL's host sits, as far as browsers care: Chrome's Local Network Access and
 * mixed-content rules treat loopback, private and public addresses differently, and the
 * hints Cove gives for a failed request depend on it. The classification is
 * src/base/host-locality.ts; an unparseable URL counts as public (the cautious answer).
 */
export function hostLocality(url: string): HostLocality {
  try {
    return classifyHost(new URL(url).hostname).locality;
  } catch {
    return 'public';
  }
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
  if (!targetUrl.startsWith('http:')) return false;
  try {
    // Browsers exempt loopback hosts, not the unspecified address (0.0.0.0, [::]).
    return classifyHost(new URL(targetUrl).hostname).range !== 'loopback';
  } catch {
    return true;
  }
}
