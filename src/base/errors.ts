/**
 * A failure that a person will read. Every one says what happened (`message`) and what to
 * do next (`hint`), per invariant 6 of RELIABILITY.md. `code` is stable for tests and logic;
 * each layer names its codes in a union (kebab-case) and throws through a factory typed by
 * it (e.g. src/llm/settings-errors.ts), so a renamed code breaks the build, not a form.
 */
export class CoveError<Code extends string = string> extends Error {
  override name = 'CoveError';
  constructor(
    readonly code: Code,
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The message and the hint, as one sentence pair for a toast or an inline error. */
  get userText(): string {
    return this.hint ? `${this.message} ${this.hint}` : this.message;
  }
}

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

/** Text for any thrown value: a CoveError's message and hint, else the error's message. */
export function describeError(error: unknown): string {
  if (error instanceof CoveError) return error.userText;
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
