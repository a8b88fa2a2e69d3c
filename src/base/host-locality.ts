/**
 * Where a host sits, from its name or address alone (no DNS): on this computer, on a
 * private network, or on the public internet. One classification for every layer that
 * cares (fetch_url's policy, the model client's and MCP's hints about Chrome's Local
 * Network Access and mixed content), over ipaddr.js's table of special ranges.
 *
 * A host is normalized as the browser's URL parser does before it is classified, so that
 * what is classified is what the browser will connect to. `new URL()` already turns every
 * IPv4 spelling into dotted decimal (2130706433, 0x7f000001, 0177.0.0.1, 127.1,
 * %31%32%37.0.0.1 → 127.0.0.1), folds case and full-width letters, drops one trailing dot
 * after an IPv4 address, and writes IPv6 in its short hex form (`[::ffff:127.0.0.1]` →
 * `[::ffff:7f00:1]`); Chromium 156 and Node's parser agree on all of these. It does not
 * drop trailing dots after names (`localhost.`, `a.localhost..` stay as they are, and
 * resolve like `localhost`), and it does not unpack IPv4 addresses carried inside IPv6
 * ones: those two steps are done here.
 */
import ipaddr from 'ipaddr.js';

/**
 * Loopback: this computer. Private: a network only this computer's networks reach (LAN,
 * link-local, carrier-grade NAT, unique-local, multicast, broadcast, reserved and
 * documentation ranges, local-only names). Public: everything else, including every DNS
 * name not listed here (a public name may still resolve to a private address; only the
 * browser's own checks see that).
 */
export type HostLocality = 'loopback' | 'private' | 'public';

/** The range a host falls in, finer than its locality, for messages. */
export type HostRange =
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'unique-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'local-name'
  | 'public';

/** What {@link classifyHost} found. */
export interface HostClass {
  locality: HostLocality;
  range: HostRange;
  /**
   * The host as classified: lower case, without brackets or trailing dots; for an IPv4
   * address carried in IPv6 (mapped, compatible, NAT64, 6to4), that IPv4 address.
   */
  host: string;
}

const LOCALITY: Record<HostRange, HostLocality> = {
  loopback: 'loopback',
  // 0.0.0.0 and [::] reach this computer's listeners on Linux and macOS.
  unspecified: 'loopback',
  private: 'private',
  'link-local': 'private',
  shared: 'private',
  'unique-local': 'private',
  multicast: 'private',
  broadcast: 'private',
  reserved: 'private',
  'local-name': 'private',
  public: 'public',
};

/** ipaddr.js's IPv4 range names → ours; unlisted ranges (unicast, as112, amt) are public. */
const IPV4_RANGES: Partial<Record<string, HostRange>> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

/**
 * ipaddr.js's IPv6 range names → ours. Unlisted ranges (unicast, teredo, as112v6, amt) are
 * public; those that carry an IPv4 address are unpacked before this table is read.
 */
const IPV6_RANGES: Partial<Record<string, HostRange>> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'unique-local',
  multicast: 'multicast',
  reserved: 'reserved',
  discard: 'reserved',
  benchmarking: 'reserved',
  deprecatedOrchid: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
};

/** Names that always mean this computer (Chromium's own list, RFC 6761). */
const LOOPBACK_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'localhost6',
  'localhost6.localdomain6',
]);

/** Suffixes of names that only a local network resolves (mDNS, RFC 8375, common LAN zones). */
const LOCAL_SUFFIXES = ['.local', '.internal', '.lan', '.home.arpa'];

/**
 * The host of `hostname` as the browser's URL parser writes it, or undefined when the
 * parser refuses it. Takes a URL's `hostname` or a bare host (`::1`, `[::1]`, `Example.`).
 */
function canonical(hostname: string): string | undefined {
  const trimmed = hostname.trim();
  const bracketed = !trimmed.startsWith('[') && trimmed.includes(':') ? `[${trimmed}]` : trimmed;
  try {
    return new URL(`http://${bracketed}/`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The IPv4 address an IPv6 address carries, where packets to it reach that IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d) and its translated form (::ffff:0:a.b.c.d, RFC 6145), the
 * deprecated IPv4-compatible form (::a.b.c.d), NAT64's well-known prefix (64:ff9b::/96,
 * RFC 6052) and 6to4 (2002:AABB:CCDD::/48, RFC 3056).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number) => parts.slice(from, to).every((part) => part === 0);
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return fromWords(parts[6]!, parts[7]!);
  if (range === 'rfc6052' && zeros(2, 6)) return fromWords(parts[6]!, parts[7]!);
  if (range === '6to4') return fromWords(parts[1]!, parts[2]!);
  // ::a.b.c.d, but not :: and ::1, which are IPv6's own unspecified and loopback.
  if (zeros(0, 6) && (parts[6] !== 0 || parts[7]! > 1)) return fromWords(parts[6]!, parts[7]!);
  return undefined;
}

function classifyAddress(address: ipaddr.IPv4 | ipaddr.IPv6): { range: HostRange; host: string } {
  if (address.kind() === 'ipv4') {
    return { range: IPV4_RANGES[address.range()] ?? 'public', host: address.toString() };
  }
  const v6 = address as ipaddr.IPv6;
  const carried = embeddedIPv4(v6);
  if (carried) return classifyAddress(carried);
  // NAT64 for one network only (RFC 8215): where it leads depends on that network.
  if (v6.range() === 'rfc6052') return { range: 'reserved', host: v6.toString() };
  return { range: IPV6_RANGES[v6.range()] ?? 'public', host: v6.toString() };
}

/**
 * Classifies a host: a URL's `hostname` (`localhost.`, `[::ffff:7f00:1]`) or a bare one
 * (`::1`, `127.1`, `0x7f000001`), in any case and with any trailing dots. A host the URL
 * parser refuses counts as public (the caller's own parse fails first). Never throws.
 */
export function classifyHost(hostname: string): HostClass {
  const parsed = canonical(hostname);
  if (parsed === undefined) return { locality: 'public', range: 'public', host: hostname };
  const host = parsed.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  const named = (range: HostRange): HostClass => ({ locality: LOCALITY[range], range, host });
  if (ipaddr.isValid(host)) {
    const address = classifyAddress(ipaddr.parse(host));
    return { locality: LOCALITY[address.range], range: address.range, host: address.host };
  }
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return named('loopback');
  if (LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return named('local-name');
  return named('public');
}

/** A few words for a range, for messages: "on this computer (loopback)". */
export function describeHostRange(range: HostRange): string {
  switch (range) {
    case 'loopback':
      return 'on this computer (loopback)';
    case 'unspecified':
      return 'the unspecified address, which reaches this computer';
    case 'private':
      return 'a private-network address';
    case 'link-local':
      return 'a link-local address (this network segment only)';
    case 'shared':
      return 'a carrier-grade NAT address (private to the provider’s network)';
    case 'unique-local':
      return 'a unique-local IPv6 address (private network)';
    case 'multicast':
      return 'a multicast address';
    case 'broadcast':
      return 'the broadcast address';
    case 'reserved':
      return 'a reserved address (not on the public internet)';
    case 'local-name':
      return 'a local-network name';
    case 'public':
      return 'a public address';
  }
}
