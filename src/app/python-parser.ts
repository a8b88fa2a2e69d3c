import type { SymbolLocator } from '../agent/context-builder';
import { retryingImport } from '../base/retrying-import';

// The Lezer Python parser (with @lezer/lr and @lezer/common, about 40 KB gzipped) loads with
// its first use, not with the page: a prompt built around a function the question names,
// the @ menu's symbols, a symbol mention. Each chunk is fetched again under a fresh URL after
// a failed load.

/** python-definitions.ts: a function or class found by name (prompts, symbol mentions). */
export const loadPythonDefinitions = retryingImport(() => import('../agent/python-definitions'));

/** python-symbols.ts: every function and class of a file (the @ menu's symbols). */
export const loadPythonSymbols = retryingImport(() => import('../agent/python-symbols'));

/**
 * The prompt's symbol locator over the lazily loaded parser. The context builder goes on
 * without the symbol when a locator rejects, so a failed load is reported to `onProblem`
 * (the app log) before it rejects: the prompt is then the whole file, and the log says why.
 */
export function lazySymbolLocator(
  onProblem: (error: unknown, what: string) => void,
): SymbolLocator {
  return async (source, name, line) => {
    const { findPythonDefinition } = await loadPythonDefinitions().catch((error: unknown) => {
      onProblem(error, 'The Python parser could not load; the prompt shows the whole file');
      throw error;
    });
    return findPythonDefinition(source, name, line);
  };
}
