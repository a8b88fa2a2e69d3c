import { wordError, type ErrorParams } from './error-wording';

export type { ErrorParams, ErrorWording } from './error-wording';

/**
 * A failure that a person will read. It is data: a `code` from its layer's union (kebab-case)
 * and `params`, a small plain record of what the sentence needs (a host, a count, a path).
 * The sentences live in one catalog (src/app/messages/), which the UI reads through its
 * `describeError`; `message` and `hint` here are the catalog's English, computed when read
 * (see ./error-wording.ts), for logs, traces and the text the model sees.
 *
 * Layers not moved to the catalog yet still pass their English as `message` and `hint`
 * (the second constructor form); that text then wins over the catalog's.
 */
export class CoveError<Code extends string = string> extends Error {
  override name = 'CoveError';
  /** What the wording needs; plain data, safe to store and to send to a worker. */
  readonly params: ErrorParams;
  /** English given by a layer that still words its own errors; undefined for data errors. */
  readonly ownWording: { message: string; hint: string } | undefined;

  /** A data error: its code and the parameters of its wording. */
  constructor(code: Code, params?: ErrorParams, options?: { cause?: unknown });
  /** An error worded where it is thrown (layers not yet moved to the catalog). */
  constructor(code: Code, message: string, hint: string, options?: { cause?: unknown });
  constructor(
    readonly code: Code,
    paramsOrMessage: ErrorParams | string = {},
    hintOrOptions?: string | { cause?: unknown },
    options?: { cause?: unknown },
  ) {
    const worded = typeof paramsOrMessage === 'string';
    // Without a message, Error sets no own `message`, so the prototype getter below answers.
    super(
      worded ? paramsOrMessage : undefined,
      worded ? options : (hintOrOptions as { cause?: unknown } | undefined),
    );
    this.params = worded ? {} : paramsOrMessage;
    this.ownWording = worded
      ? { message: paramsOrMessage, hint: typeof hintOrOptions === 'string' ? hintOrOptions : '' }
      : undefined;
  }

  /** What to do next, in English (the catalog's, or the throwing layer's own). */
  get hint(): string {
    return this.ownWording ? this.ownWording.hint : wordError(this.code, this.params).hint;
  }

  /** The message and the hint, as one sentence pair for a log line or a tool result. */
  get userText(): string {
    return this.hint ? `${this.message} ${this.hint}` : this.message;
  }
}

// `message` is an own property of Error instances when one was passed; a data error passes
// none, and reads its English from the installed wording. Declared here, not as a class
// accessor, because TypeScript forbids overriding Error's `message` property with one.
Object.defineProperty(CoveError.prototype, 'message', {
  configurable: true,
  get(this: CoveError) {
    return wordError(this.code, this.params).message;
  },
});

/** True for the DOMException (or look-alike) that `AbortSignal` produces. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}

/** True when the browser refused a write because storage is full. */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const name = (current as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
    current =
      (current as { inner?: unknown; cause?: unknown }).inner ??
      (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * English text for any thrown value, for logs and for what the model reads: a CoveError's
 * message and hint, else the error's message. The UI uses src/app/messages' describeError.
 */
export function describeError(error: unknown): string {
  if (error instanceof CoveError) return error.userText;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * A CoveError as plain data, to cross a worker boundary (postMessage keeps no class, and
 * Comlink keeps only an Error's message): its code and params, or its own sentences when it
 * was worded where it was thrown. Workers do not install the English (./error-wording.ts),
 * so a data error travels without it and the page words it from its code and params.
 */
export interface CoveErrorParts {
  code: string;
  params?: ErrorParams;
  /** Set for an error worded where it was thrown, with `hint`. */
  message?: string;
  hint?: string;
}

/** `error` as {@link CoveErrorParts}, to post. */
export function toErrorParts(error: CoveError): CoveErrorParts {
  return error.ownWording
    ? { code: error.code, message: error.ownWording.message, hint: error.ownWording.hint }
    : { code: error.code, params: { ...error.params } };
}

/** The CoveError that `parts` were made from. */
export function fromErrorParts(parts: CoveErrorParts): CoveError {
  return parts.message !== undefined
    ? new CoveError(parts.code, parts.message, parts.hint ?? '')
    : new CoveError(parts.code, parts.params ?? {});
}

/** True for {@link CoveErrorParts} (what a worker threw or posted), never for an Error. */
export function isErrorParts(value: unknown): value is CoveErrorParts {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as CoveErrorParts).code === 'string'
  );
}
