import { CoveError, type ErrorParams } from '../base/errors';

/**
 * The codes of the errors the store throws (src/store). Callers test them with
 * {@link isStoreError}, typed by this union, so a renamed code is a compile error.
 */
export const STORE_ERROR_CODES = [
  /** The row changed since the caller read it (another tab, another write). */
  'conflict',
  'exists',
  'missing',
  /** A snapshot (backup) that cannot be restored as it is. */
  'backup-invalid',
  /** The database was closed (a newer version opened elsewhere). */
  'database-closed',
  /** The database on disk is newer than this version of Cove. */
  'old-version',
  /** A sealed secret can no longer be opened (the profile's key was lost). */
  'secret-unreadable',
  'storage-full',
  'storage-unavailable',
  'write-failed',
] as const;

/** One of {@link STORE_ERROR_CODES}. */
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

/**
 * A store error: its code and the parameters of its wording (the catalog words it, in
 * src/app/messages/store-messages.ts). `variant` names which of a code's sentences fits
 * (`missing` of a file, of a conversation, …).
 */
export function storeError(
  code: StoreErrorCode,
  params: ErrorParams = {},
  options?: { cause?: unknown },
): CoveError<StoreErrorCode> {
  return new CoveError(code, params, options);
}

/** True when `error` is a store error with one of `codes`. */
export function isStoreError<C extends StoreErrorCode>(
  error: unknown,
  ...codes: C[]
): error is CoveError<C> {
  return error instanceof CoveError && (codes as string[]).includes(error.code);
}
