import { CoveError } from '../base/errors';

/**
 * Why an LLM request failed, in the terms a person can act on. Stable strings: the UI, the
 * retry policy and stored nodes rely on them.
 *
 * - `auth`: the key is missing, wrong, or may not use this model (401, 403).
 * - `rate_limit`: too many requests for now (429).
 * - `quota`: no credit or quota left (402, `insufficient_quota`); waiting does not help.
 * - `context_overflow`: the request is longer than the model's window.
 * - `bad_request`: the provider refused the request as invalid (400, 404, 422…).
 * - `server_error`: the provider failed (500, 502…), or sent a stream Cove cannot read.
 * - `overloaded`: the provider is temporarily over capacity (503, 529).
 * - `timeout`: no data arrived within the stall timeout (or 408, 504).
 * - `connection`: the server could not be reached, or the connection broke.
 * - `cors`: the server answered but its CORS settings block this page.
 * - `aborted`: the user (or the caller's signal) stopped the request.
 * - `key_origin`: the saved key is bound to another origin than the base URL; the user must
 *   confirm before it is sent there (RELIABILITY.md invariant 8).
 * - `internal`: a bug in Cove; never retried.
 */
export type LlmErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'quota'
  | 'context_overflow'
  | 'bad_request'
  | 'server_error'
  | 'overloaded'
  | 'timeout'
  | 'connection'
  | 'cors'
  | 'aborted'
  | 'key_origin'
  | 'internal';

/** The kinds that a later attempt may cure on its own, so Cove retries them with backoff. */
export const RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set<LlmErrorKind>([
  'rate_limit',
  'server_error',
  'overloaded',
  'timeout',
  'connection',
]);

/** The plain-data form of an {@link LlmError}, for IndexedDB, traces and exports. */
export interface LlmErrorData {
  kind: LlmErrorKind;
  message: string;
  hint: string;
  status?: number;
  retryAfterMs?: number;
  detail?: string;
}

/**
 * A classified LLM failure. `code` is the {@link LlmErrorKind}; `message` says what happened
 * and `hint` what to do next. Built only from redacted text: no field ever holds an API key,
 * and no raw SDK error is attached as `cause` (it could carry an echoed key).
 */
export class LlmError extends CoveError {
  override name = 'LlmError';
  declare readonly code: LlmErrorKind;
  /** HTTP status of the failed response, when there was one. */
  readonly status: number | undefined;
  /** How long the server asked Cove to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** The provider's own words about the failure, redacted and shortened. */
  readonly detail: string | undefined;

  constructor(init: LlmErrorData) {
    super(init.kind, init.message, init.hint);
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.detail;
  }

  /** Same as `code`, under the name the rest of the llm layer uses. */
  get kind(): LlmErrorKind {
    return this.code;
  }

  /** True when the kind may succeed on a later attempt (see {@link RETRYABLE_KINDS}). */
  get retryable(): boolean {
    return RETRYABLE_KINDS.has(this.code);
  }

  /** Plain data for storage; {@link LlmError.fromJSON} restores it. */
  toJSON(): LlmErrorData {
    const data: LlmErrorData = { kind: this.code, message: this.message, hint: this.hint };
    if (this.status !== undefined) data.status = this.status;
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs;
    if (this.detail !== undefined) data.detail = this.detail;
    return data;
  }

  /** Rebuilds an error stored with {@link LlmError.toJSON}. */
  static fromJSON(data: LlmErrorData): LlmError {
    return new LlmError(data);
  }
}
