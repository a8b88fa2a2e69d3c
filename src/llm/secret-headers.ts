import { isSealedSecret } from '../store/secret-cipher';

/**
 * Extra request headers whose values are secrets. Providers and MCP servers both take extra
 * headers; those whose names look secret (Authorization, Api-Key, Token, Cookie…) are kept
 * apart from the rest: stored under secret settings (encrypted at rest, out of backups) and
 * exported only inside a passphrase box (RELIABILITY.md invariant 8).
 */

/** Header names that usually carry secrets. */
const SECRET_HEADER_NAME = /authorization|api[-_]?key|token|secret|cookie|password|session/i;

/** Headers by name, as a request sends them. */
export type HeaderMap = Record<string, string>;

/** True when a header of this name should be treated as a secret. Case-insensitive. */
export function isSecretHeaderName(name: string): boolean {
  return SECRET_HEADER_NAME.test(name);
}

/** The headers split by {@link isSecretHeaderName}; both parts keep the input's order. */
export interface SplitHeaders {
  publicHeaders: HeaderMap;
  secretHeaders: HeaderMap;
}

/** Splits headers into the ones that may be stored and exported as they are, and the secrets. */
export function splitSecretHeaders(headers: HeaderMap): SplitHeaders {
  const publicHeaders: HeaderMap = {};
  const secretHeaders: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    (isSecretHeaderName(name) ? secretHeaders : publicHeaders)[name] = value;
  }
  return { publicHeaders, secretHeaders };
}

/**
 * The public headers with the secret ones put back, as requests send them; undefined when
 * there are none. A secret header wins over a public one of the same name.
 */
export function joinSecretHeaders(
  publicHeaders: HeaderMap | undefined,
  secretHeaders: HeaderMap | undefined,
): HeaderMap | undefined {
  const joined = { ...publicHeaders, ...secretHeaders };
  return Object.keys(joined).length ? joined : undefined;
}

/** What {@link readSecretHeaders} recovered from a stored value. */
export interface StoredSecretHeaders {
  /** The values that could be read; undefined when none could. */
  headers?: HeaderMap;
  /** True when some value is still sealed: it was saved but cannot be decrypted any more. */
  lost: boolean;
}

/**
 * Reads secret headers as the settings store hands them over: decrypted strings, except
 * values it could not decrypt, which stay sealed. Those are dropped and reported as `lost`,
 * so the UI can ask for them again. Anything that is not an object of strings is ignored.
 */
export function readSecretHeaders(raw: unknown): StoredSecretHeaders {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { lost: false };
  let lost = false;
  const readable: [string, string][] = [];
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (isSealedSecret(value)) lost = true;
    if (typeof value === 'string') readable.push([name, value]);
  }
  return readable.length ? { headers: Object.fromEntries(readable), lost } : { lost };
}
