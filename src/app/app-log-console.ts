/**
 * Sends what the page writes to its console as errors and warnings (and what nobody caught)
 * to the app log, so no error is only in the browser console. The console still prints
 * everything as before.
 */
import type { AppLog } from './app-log';

/** The part of `console` that is captured. */
export interface ConsoleLike {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

/** Text for console arguments: strings as they are, errors by message and stack, else JSON. */
export function formatConsoleArgs(args: readonly unknown[]): { message: string; detail?: string } {
  const parts: string[] = [];
  let detail: string | undefined;
  for (const arg of args) {
    if (typeof arg === 'string') parts.push(arg);
    else if (arg instanceof Error) {
      parts.push(arg.message || arg.name);
      detail ??= arg.stack;
    } else {
      try {
        parts.push(JSON.stringify(arg) ?? String(arg));
      } catch {
        parts.push(String(arg));
      }
    }
  }
  return { message: parts.join(' '), ...(detail ? { detail } : {}) };
}

/**
 * Wraps `target.error` and `target.warn` so each call is also logged (source `console`).
 * Returns the original methods, for the log's own failures, and an undo.
 */
export function captureConsole(
  target: ConsoleLike,
  log: AppLog,
): { original: ConsoleLike; restore(): void } {
  const original: ConsoleLike = {
    error: target.error.bind(target),
    warn: target.warn.bind(target),
  };
  let inside = false;
  const wrap =
    (level: 'error' | 'warn') =>
    (...args: unknown[]) => {
      original[level](...args);
      // A listener of the log that writes to the console must not loop.
      if (inside) return;
      inside = true;
      try {
        const { message, detail } = formatConsoleArgs(args);
        log.write(level, 'console', message, detail);
      } finally {
        inside = false;
      }
    };
  target.error = wrap('error');
  target.warn = wrap('warn');
  return {
    original,
    restore() {
      target.error = original.error;
      target.warn = original.warn;
    },
  };
}
