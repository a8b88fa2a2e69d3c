import type { Clock } from '../../base/clock';
import type { FetchLike } from '../../llm/fetch-like';
import type { ToolContext } from '../tool';
import type { HtmlDocument } from './html-to-markdown';

/**
 * What fetch_url uses. Everything that touches the page comes from the app: the browser's
 * fetch, an HTML parser (DOMParser in the page, jsdom in tests) and the user's choice about
 * local addresses.
 */
export interface WebToolContext extends ToolContext {
  /** The browser's fetch (`globalThis.fetch.bind(globalThis)`); tests pass fakes. */
  fetch: FetchLike;
  /**
   * Parses HTML into a document whose relative links resolve against `url` (e.g.
   * DOMParser plus a <base href>). Readability and Turndown work on it.
   */
  parseHtml: (html: string, url: string) => HtmlDocument;
  /**
   * True when the user allows the agent to fetch loopback and private-network addresses
   * (localhost, 10/8, 192.168/16, …), and so to follow redirects the browser hides.
   * Default: refused.
   */
  allowPrivateNetwork?: boolean;
  /** Times the call's deadline and the probe that tells a CORS refusal from a dead site. */
  clock: Clock;
}
