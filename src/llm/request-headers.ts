import type { HeaderMap } from './secret-headers';

/**
 * Extra request headers as a person types them (rows of name and value), checked before
 * they are kept: a bad name or value makes fetch fail with an error that looks like a
 * network failure, so it is caught here, with the fix. Used for providers and, later, MCP
 * servers; each caller wraps a problem in its own error code.
 */

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7E]*$/;

/** A header name the caller does not accept here, and what to say about it. */
export interface ReservedHeader {
  /** Compared case-insensitively. */
  name: string;
  problem: string;
  hint: string;
}

/** The result of {@link checkRequestHeaders}. */
export type RequestHeadersCheck =
  { ok: true; headers: HeaderMap } | { ok: false; problem: string; hint: string };

/**
 * Trims names and values, drops empty rows and checks the rest: a name is an HTTP token,
 * a value is printable ASCII, no name twice (ignoring case), none of `reserved`. Returns the
 * clean headers in the input's order, or the first problem with its next step. Never throws.
 */
export function checkRequestHeaders(
  rows: HeaderMap,
  reserved: readonly ReservedHeader[] = [],
): RequestHeadersCheck {
  const headers: HeaderMap = {};
  const seen = new Set<string>();
  for (const [rawName, rawValue] of Object.entries(rows)) {
    const name = rawName.trim();
    const value = rawValue.trim();
    if (!name && !value) continue;
    if (!name) {
      return {
        ok: false,
        problem: 'An extra header has a value but no name.',
        hint: 'Type its name (e.g. X-Title) or remove the row.',
      };
    }
    if (!HEADER_NAME.test(name)) {
      return {
        ok: false,
        problem: `“${name}” is not a valid header name.`,
        hint: 'Use letters, digits and hyphens only, e.g. X-Title.',
      };
    }
    const refused = reserved.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
    if (refused) return { ok: false, problem: refused.problem, hint: refused.hint };
    if (!HEADER_VALUE.test(value)) {
      return {
        ok: false,
        problem: `The header “${name}” has characters a request header cannot carry.`,
        hint: 'Use plain ASCII text in header values.',
      };
    }
    if (seen.has(name.toLowerCase())) {
      return {
        ok: false,
        problem: `The header “${name}” is given twice.`,
        hint: 'Keep one row per header name.',
      };
    }
    seen.add(name.toLowerCase());
    headers[name] = value;
  }
  return { ok: true, headers };
}
