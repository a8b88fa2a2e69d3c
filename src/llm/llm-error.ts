import { CoveError, type ErrorParams } from '../base/errors';
import { normalizeErrorCode } from '../store/stored-error';

/**
 * Why an LLM request failed, in the terms a person can act on. Stable strings: the UI, the
 * retry policy and stored nodes rely on them (older versions stored some in snake_case:
 * src/store/stored-error.ts reads them). The wording is the catalog's (src/app/messages/).
 *
 * - `auth`: the key is missing, wrong, or may not use this model (401, 403).
 * - `rate-limit`: too many requests for now (429).
 * - `quota`: no credit or quota left (402, `insufficient_quota`); waiting does not help.
 * - `context-overflow`: the request is longer than the model's window.
 * - `bad-request`: the provider refused the request as invalid (400, 404, 422…).
 * - `server-error`: the provider failed (500, 502…), or sent a stream Cove cannot read.
 * - `overloaded`: the provider is temporarily over capacity (503, 529).
 * - `timeout`: no data arrived within the stall timeout (or 408, 504).
 * - `connection`: the server could not be reached, or the connection broke.
 * - `cors`: the server answered but its CORS settings block this page.
 * - `aborted`: the user (or the caller's signal) stopped the request.
 * - `key-origin`: the saved key is bound to another origin than the base URL; the user must
 *   confirm before it is sent there (RELIABILITY.md invariant 8).
 * - `internal`: a bug in Cove; never retried.
 */
export const LLM_ERROR_KINDS = [
  'auth',
  'rate-limit',
  'quota',
  'context-overflow',
  'bad-request',
  'server-error',
  'overloaded',
  'timeout',
  'connection',
  'cors',
  'aborted',
  'key-origin',
  'internal',
] as const;

/** One of {@link LLM_ERROR_KINDS}. */
export type LlmErrorKind = (typeof LLM_ERROR_KINDS)[number];

/** The kinds that a later attempt may cure on its own, so Cove retries them with backoff. */
export const RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set<LlmErrorKind>([
  'rate-limit',
  'server-error',
  'overloaded',
  'timeout',
  'connection',
]);

/**
 * The plain-data form of an {@link LlmError}, for IndexedDB, traces and exports. `message`
 * and `hint` are the English of when it was made; `params` (absent in data written before
 * errors carried them) are what the catalog words it from.
 */
export interface LlmErrorData {
  kind: LlmErrorKind;
  params?: ErrorParams;
  message: string;
  hint: string;
  status?: number;
  retryAfterMs?: number;
  detail?: string;
}

/** What an {@link LlmError} carries beside its kind and params. */
export interface LlmErrorFacts {
  /** HTTP status of the failed response, when there was one. */
  status?: number;
  /** How long the server asked Cove to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  /** The provider's own words about the failure, redacted and shortened. */
  detail?: string;
}

/**
 * A classified LLM failure. `code` is the {@link LlmErrorKind}, `params` what its wording
 * needs (the host, the status, the provider's words…); `message` and `hint` are the
 * catalog's English (see src/base/errors.ts). Built only from redacted text: no field ever
 * holds an API key, and no raw SDK error is attached as `cause` (it could carry an echoed
 * key).
 */
export class LlmError extends CoveError<LlmErrorKind> {
  override name = 'LlmError';
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;

  /**
   * `wording` is for data stored before errors carried params (see {@link fromJSON}): its
   * sentences are all there is, so they are shown as they are.
   */
  constructor(
    kind: LlmErrorKind,
    params: ErrorParams = {},
    facts: LlmErrorFacts = {},
    wording?: { message: string; hint: string },
  ) {
    if (wording) super(kind, wording.message, wording.hint);
    else super(kind, params);
    this.status = facts.status;
    this.retryAfterMs = facts.retryAfterMs;
    this.detail = facts.detail;
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
    // An error with its own sentences has no params to word it from: readers use the text.
    if (!this.ownWording) data.params = this.params;
    if (this.status !== undefined) data.status = this.status;
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs;
    if (this.detail !== undefined) data.detail = this.detail;
    return data;
  }

  /**
   * Rebuilds an error stored with {@link LlmError.toJSON}. Data from before params (an old
   * trace, a test's script) keeps its sentences; its snake_case kind is read as today's.
   */
  static fromJSON(data: LlmErrorData): LlmError {
    const facts: LlmErrorFacts = {};
    if (data.status !== undefined) facts.status = data.status;
    if (data.retryAfterMs !== undefined) facts.retryAfterMs = data.retryAfterMs;
    if (data.detail !== undefined) facts.detail = data.detail;
    const kind = normalizeErrorCode(data.kind) as LlmErrorKind;
    return data.params
      ? new LlmError(kind, data.params, facts)
      : new LlmError(kind, {}, facts, { message: data.message, hint: data.hint });
  }
}
