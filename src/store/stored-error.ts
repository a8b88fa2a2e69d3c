import type { CoveError } from '../base/errors';
import type { StoredError } from './records';

/**
 * Codes that older versions of Cove wrote in snake_case (a node's error, a run's error, an
 * llm error in a trace or an export), with the kebab-case code that replaced each. The row
 * schemas accept any string, so old rows stay as they are and are read through
 * {@link normalizeErrorCode} instead of migrated.
 */
export const RENAMED_ERROR_CODES: Readonly<Record<string, string>> = {
  rate_limit: 'rate-limit',
  context_overflow: 'context-overflow',
  bad_request: 'bad-request',
  server_error: 'server-error',
  key_origin: 'key-origin',
  tool_error: 'tool-error',
  tool_invalid: 'tool-invalid',
  repeated_failure: 'repeated-failure',
};

/** The current code for a stored one: renamed codes mapped, every other code as it is. */
export function normalizeErrorCode(code: string): string {
  return Object.hasOwn(RENAMED_ERROR_CODES, code) ? RENAMED_ERROR_CODES[code]! : code;
}

/**
 * A CoveError as plain data to store: its code and params, and its English message and
 * hint as of now (for exports, logs and older versions of Cove that read the row).
 */
export function toStoredError(error: CoveError): StoredError {
  const stored: StoredError = { code: error.code, message: error.message, hint: error.hint };
  // An error worded where it was thrown has no params to word it from: readers use the text.
  if (!error.ownWording) stored.params = error.params;
  return stored;
}
