// Apart from network-locality.ts: binding a key to its origin is part of the first load
// (the provider list), the host classification and its ipaddr.js tables are not (issue 21).

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
