/**
 * The page's network as an allow-list: what the service worker and the page say to each
 * other about it (workers/network-gate.ts, src/app/network-gate-service.ts). The service
 * worker sees every request a page of Cove's makes; it lets a request to another origin
 * through only when that origin is on the list the page last sent it (its configured
 * providers, MCP servers and package index), or when the page, asked, says the person
 * allowed it just now (a server tested before it is saved, a page fetch_url was approved
 * to read, an image clicked). Everything else is refused and reported back to be logged.
 */

/** Page → service worker: the configured origins, kept by the worker across restarts. */
export interface AllowListMessage {
  type: 'cove-network-allow-list';
  origins: string[];
}

/** Service worker → page, with a port for the answer: may this request go? */
export interface AskMessage {
  type: 'cove-network-ask';
  /** The request's URL without query or fragment (the page decides by origin). */
  url: string;
}

/** Page → service worker, on the port of an {@link AskMessage}. */
export interface AskAnswer {
  allowed: boolean;
}

/** Service worker → page: a request was refused (for the log). */
export interface RefusedMessage {
  type: 'cove-network-refused';
  /** Without query or fragment: a URL can carry data out, the log must not keep it. */
  url: string;
}

/**
 * The origin of an http(s) URL (`https://host:port`), or undefined for anything else
 * (data:, blob:, a relative or broken URL).
 */
export function httpOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** `url` without its query and fragment, for messages and the log. */
export function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}
