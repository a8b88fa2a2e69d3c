/**
 * How the lower layers get English for their data errors without importing the catalog,
 * which lives above them (src/app/messages/). The composition root installs the catalog's
 * English once at start (src/main.tsx; tests/unit/setup.ts for the unit tests); until then,
 * and for a code the catalog does not know, the text is the code and its parameters, which
 * is still enough for a log line.
 *
 * Why a slot and not an argument: errors are read far from where they are made (logs,
 * tool results, traces), and the English is the same everywhere; the UI's own language
 * goes through the catalog's describeError, never through this.
 */

/** The parameters of an error's wording: a small plain record, safe to store. */
export type ErrorParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** A sentence pair: what happened and what to do next (empty when there is nothing to do). */
export interface ErrorWording {
  message: string;
  hint: string;
}

/** Words a code with its parameters; undefined for a code it does not know. */
export type ErrorWordingSource = (code: string, params: ErrorParams) => ErrorWording | undefined;

let installed: ErrorWordingSource | undefined;

/** Installs the English wording (the composition root does, once). */
export function installErrorWording(source: ErrorWordingSource): void {
  installed = source;
}

/** The installed English for `code`, or the code and its parameters when there is none. */
export function wordError(code: string, params: ErrorParams): ErrorWording {
  const worded = installed?.(code, params);
  if (worded) return worded;
  const shown = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(', ');
  return { message: shown ? `${code} (${shown})` : code, hint: '' };
}
