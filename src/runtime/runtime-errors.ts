import { CoveError, type ErrorParams } from '../base/errors';

/**
 * The codes of the errors the Python runtime and Ruff throw (src/runtime), typed so a
 * renamed code is a compile error wherever it is tested.
 */
export const RUNTIME_ERROR_CODES = [
  /** A runtime setting out of range (time limit, package index URL). */
  'bad-setting',
  /** A run request that cannot be run as it is (no code, a bad path). */
  'bad-run',
  'bad-path',
  /** The runtime was shut down (the page is going away, or tests disposed it). */
  'disposed',
  /** Python could not start (the worker or its files failed to load). */
  'python-start',
  'lint-failed',
  'format-failed',
] as const;

/** One of {@link RUNTIME_ERROR_CODES}. */
export type RuntimeErrorCode = (typeof RUNTIME_ERROR_CODES)[number];

/**
 * A runtime error: its code and the parameters of its wording (the catalog words it, in
 * src/app/messages/runtime-messages.ts). `variant` names which of a code's sentences fits
 * (`bad-setting` of the timeout, of a URL, …).
 */
export function runtimeError(
  code: RuntimeErrorCode,
  params: ErrorParams = {},
  options?: { cause?: unknown },
): CoveError<RuntimeErrorCode> {
  return new CoveError(code, params, options);
}
