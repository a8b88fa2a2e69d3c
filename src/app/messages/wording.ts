/**
 * The shape of the message catalog (see ./en.ts): for every error code a function from the
 * error's params to its sentences. Params are loose plain data (a stored row may hold
 * anything), so entries read them through the helpers below.
 */
import type { ErrorParams, ErrorWording } from '../../base/errors';

export type { ErrorParams, ErrorWording };

/** One catalog entry: the sentences of one code, from its params. */
export type Wording = (params: ErrorParams) => ErrorWording;

/** A text param, or undefined when it is missing or empty. */
export function text(params: ErrorParams, key: string): string | undefined {
  const value = params[key];
  return value === undefined || value === '' ? undefined : String(value);
}

/** A number param, or undefined when it is not a finite number. */
export function num(params: ErrorParams, key: string): number | undefined {
  const value = params[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A count as English writes it (1,234). */
export function count(n: number | undefined): string {
  return Math.max(0, Math.round(n ?? 0)).toLocaleString('en');
}

/** Milliseconds as whole seconds, at least 1 ("5 s"). */
export function seconds(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

/** The sentence with its HTTP status, when there is one: "… (HTTP 429)". */
export function withStatus(sentence: string, status: number | undefined): string {
  return status === undefined ? sentence : `${sentence} (HTTP ${status})`;
}

/** The end of a sentence that quotes the provider: ": its words", or a full stop. */
export function saying(detail: string | undefined): string {
  return detail ? `: ${detail}` : '.';
}
