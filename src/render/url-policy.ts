import { decodeCharacterReferences } from './html-escape';

/** Schemes a link in model output may use. Anything else (javascript:, data:, vbscript:,
 * file:, blob:…) is dropped and the link text is shown without a link. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|jpg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** What the URL parser of a browser does first: trim C0 controls and spaces at both ends,
 * then drop tabs and newlines anywhere (so `java\tscript:` is `javascript:`). */
function browserTrim(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

function schemeOf(url: string): string | null {
  const m = SCHEME.exec(url);
  return m ? m[1]!.toLowerCase() : null;
}

/** Percent-encodes what a URL may not hold literally (spaces, non-ASCII) and keeps existing
 * escapes, like marked does; null when the text cannot be encoded (a lone surrogate). */
function encodeUrl(url: string): string | null {
  try {
    return encodeURI(url).replace(/%25/g, '%');
  } catch {
    return null;
  }
}

/**
 * The href to emit for a link destination written by the model (character references
 * decoded first, as CommonMark and HTML do), or null when the link must not work: any
 * scheme other than http, https and mailto. Relative URLs (`#x`, `/x`, `x.py`, `//host`)
 * pass. The result is not escaped: callers escape it for the attribute. `decode` false takes
 * the destination literally (autolinks, where CommonMark resolves no references).
 */
export function safeLinkHref(destination: string, decode = true): string | null {
  const url = browserTrim(decode ? decodeCharacterReferences(destination) : destination);
  const scheme = schemeOf(url);
  if (scheme !== null && !LINK_SCHEMES.has(scheme)) return null;
  return encodeUrl(url);
}

/** How an image source written by the model may be shown. */
export type ImageSource =
  /** An http(s) image: shown only after a click, as a placeholder until then. */
  | { kind: 'remote'; url: string; host: string }
  /** A base64 PNG, JPEG, GIF or WebP data URI: shown inline, it needs no request. */
  | { kind: 'inline'; url: string }
  /** Anything else (SVG or other data URIs, relative paths, other schemes): not shown. */
  | { kind: 'blocked' };

/**
 * Classifies an image source written by the model (character references decoded first).
 * Remote URLs are normalized by the URL parser, and `host` is its ASCII (punycode) form so
 * look-alike hosts show as what they are.
 */
export function classifyImageSource(source: string): ImageSource {
  const url = browserTrim(decodeCharacterReferences(source));
  if (RASTER_DATA_URI.test(url)) return { kind: 'inline', url: url.replace(/\s+/g, '') };
  const absolute = url.startsWith('//') ? 'https:' + url : url;
  const scheme = schemeOf(absolute);
  if (scheme !== 'http' && scheme !== 'https') return { kind: 'blocked' };
  try {
    const parsed = new URL(absolute);
    if (!parsed.host) return { kind: 'blocked' };
    return { kind: 'remote', url: parsed.href, host: parsed.host };
  } catch {
    return { kind: 'blocked' };
  }
}

/** True for a base64 data URI of a PNG, JPEG, GIF or WebP image (never SVG). */
export function isRasterDataUri(url: string): boolean {
  return RASTER_DATA_URI.test(browserTrim(url));
}
