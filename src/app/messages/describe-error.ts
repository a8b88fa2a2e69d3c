/**
 * The one place the UI turns an error into words: a thrown CoveError (or LlmError), a
 * stored one (a node's or a run's error, an llm error in a trace), or anything else
 * thrown. Stored errors from older versions (snake_case codes, no params) show the
 * sentences they were stored with.
 */
import { CoveError } from '../../base/errors';
import { normalizeErrorCode } from '../../store/stored-error';
import { en, type ErrorCatalog, wordIn } from './en';
import { ERROR_CODES_BY_LAYER } from './error-codes';
import type { ErrorParams } from './wording';

/** An error as the UI shows it. */
export interface ErrorView {
  /** The error's code (renamed codes mapped), when it has one. */
  code?: string;
  /** A short heading: what part of Cove failed. */
  title: string;
  /** What happened. */
  message: string;
  /** What to do next; empty when there is nothing to do. */
  hint: string;
}

/** The catalog errors are worded in when no other is given: the UI's language. */
let shownCatalog: ErrorCatalog = en;

/**
 * Makes `catalog` the language errors are worded in from now on (the locale service calls
 * this when the UI's language changes); text already shown stays as it was.
 */
export function installErrorCatalog(catalog: ErrorCatalog): void {
  shownCatalog = catalog;
}

const TITLES: Readonly<Record<string, string>> = {
  agent: 'Cove could not answer',
  llm: 'The model request failed',
  store: 'Storage problem',
  workspace: 'Workspace problem',
  runtime: 'Python problem',
  settings: 'Settings problem',
  mcp: 'MCP server problem',
};
const DEFAULT_TITLE = 'Something went wrong';

function titleOf(code: string | undefined): string {
  if (code === undefined) return DEFAULT_TITLE;
  for (const [layer, codes] of Object.entries(ERROR_CODES_BY_LAYER)) {
    if ((codes as readonly string[]).includes(code)) return TITLES[layer] ?? DEFAULT_TITLE;
  }
  return DEFAULT_TITLE;
}

/** The plain-data shapes errors are stored in: StoredError, AgentRunError, LlmErrorData. */
interface ErrorData {
  code?: unknown;
  kind?: unknown;
  params?: unknown;
  message?: unknown;
  hint?: unknown;
}

function isErrorData(value: unknown): value is ErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (typeof (value as ErrorData).code === 'string' || typeof (value as ErrorData).kind === 'string')
  );
}

function view(code: string | undefined, message: string, hint: string): ErrorView {
  return { ...(code !== undefined ? { code } : {}), title: titleOf(code), message, hint };
}

/**
 * What the UI shows for `error`, in `catalog`'s language (the UI's by default). Never
 * throws. An error worded where it was thrown (a layer not yet moved to the catalog) shows
 * its own sentences.
 */
export function describeError(error: unknown, catalog: ErrorCatalog = shownCatalog): ErrorView {
  if (error instanceof CoveError) {
    const code = normalizeErrorCode(error.code);
    const own = error.ownWording;
    const worded = own ?? wordIn(catalog, code, error.params);
    return worded ? view(code, worded.message, worded.hint) : view(code, error.message, error.hint);
  }
  if (isErrorData(error)) {
    const raw = typeof error.code === 'string' ? error.code : String(error.kind);
    const code = normalizeErrorCode(raw);
    const stored = {
      message: typeof error.message === 'string' ? error.message : '',
      hint: typeof error.hint === 'string' ? error.hint : '',
    };
    // Rows written before errors carried params: their sentences are all there is.
    const params = error.params as ErrorParams | undefined;
    const worded = params && typeof params === 'object' ? wordIn(catalog, code, params) : undefined;
    const { message, hint } = worded ?? stored;
    return view(code, message, hint);
  }
  if (error instanceof Error) return view(undefined, error.message || error.name, '');
  return view(undefined, String(error), '');
}

/** The message and the hint as one text, for a notice, a field or an inline line. */
export function errorText(error: unknown, catalog: ErrorCatalog = shownCatalog): string {
  const { message, hint } = describeError(error, catalog);
  return hint ? `${message} ${hint}` : message;
}
