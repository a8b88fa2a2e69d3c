/**
 * The app log: errors and warnings from every layer (provider, agent, runtime, store, MCP,
 * the console) kept in the store's ring buffer (src/store/log-store.ts) and mirrored as a
 * signal for the Logs panel. Every entry is redacted (keys, authorization headers) before
 * it is kept or shown. Writes are queued and go one batch at a time, so a burst of errors
 * costs one transaction; a write that fails is reported to `fallback` and never logged
 * again (a log that cannot be written must not loop).
 */
import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { CoveError, describeError } from '../base/errors';
import { redactCredentials } from '../base/redact-credentials';
import {
  LOG_CAPACITY,
  type LogLevel,
  type LogRecord,
  type LogSource,
  type LogStore,
} from '../store/log-store';

export interface AppLog {
  /** The entries, oldest first, as far as this tab knows (loaded by `load`). */
  readonly entries: Accessor<readonly LogRecord[]>;
  /** Adds an entry. `detail` holds more lines (a stack, a server's answer). */
  write(level: LogLevel, source: LogSource, message: string, detail?: string): void;
  error(source: LogSource, message: string, detail?: string): void;
  warn(source: LogSource, message: string, detail?: string): void;
  /** Adds an entry for a thrown value; `context` says what failed ("Could not save"). */
  report(level: LogLevel, source: LogSource, error: unknown, context?: string): void;
  /** Reads the stored entries (other tabs' and earlier sessions' included). */
  load(): Promise<void>;
  /** Removes every entry. */
  clear(): Promise<void>;
  /** The entries as a JSON document for a bug report (already redacted). */
  exportJson(meta?: Record<string, unknown>): string;
  /** Resolves when every queued entry is written. */
  flush(): Promise<void>;
}

export interface AppLogDeps {
  store: LogStore;
  clock: Clock;
  /** Secrets Cove knows (provider keys), removed wherever they appear. */
  knownSecrets?: () => readonly string[];
  /** Where the log's own failures go (the page's console, not captured). */
  fallback?: (message: string, error: unknown) => void;
  capacity?: number;
}

/** Longest message or detail kept, in characters. */
const MAX_TEXT = 8_000;

function cut(text: string): string {
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more)`
    : text;
}

/** Detail lines for a thrown value: an LLM error's detail, else the stack. */
function detailOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const detail = (error as { detail?: unknown }).detail;
  if (typeof detail === 'string' && detail) return detail;
  if (error instanceof CoveError && error.cause) return describeError(error.cause);
  const stack = (error as { stack?: unknown }).stack;
  return typeof stack === 'string' ? stack : undefined;
}

export function createAppLog(deps: AppLogDeps): AppLog {
  const { store, clock } = deps;
  const capacity = deps.capacity ?? LOG_CAPACITY;
  const [entries, setEntries] = createSignal<readonly LogRecord[]>([]);
  let queue: LogRecord[] = [];
  let writing: Promise<void> = Promise.resolve();
  let broken = false;

  const redact = (text: string) => redactCredentials(text, deps.knownSecrets?.() ?? []);

  function drain(): Promise<void> {
    writing = writing.then(async () => {
      const batch = queue;
      queue = [];
      if (!batch.length || broken) return;
      try {
        await store.append(batch);
      } catch (error) {
        broken = true;
        deps.fallback?.('Cove could not write its log; entries stay in this tab only.', error);
      }
    });
    return writing;
  }

  function write(level: LogLevel, source: LogSource, message: string, detail?: string) {
    const entry: LogRecord = {
      at: clock.now(),
      level,
      source,
      message: cut(redact(message)),
      ...(detail ? { detail: cut(redact(detail)) } : {}),
    };
    setEntries((list) => {
      const next = [...list, entry];
      return next.length > capacity ? next.slice(next.length - capacity) : next;
    });
    queue.push(entry);
    if (queue.length === 1) void drain();
  }

  return {
    entries,
    write,
    error: (source, message, detail) => write('error', source, message, detail),
    warn: (source, message, detail) => write('warn', source, message, detail),
    report(level, source, error, context) {
      const text = describeError(error);
      write(level, source, context ? `${context}: ${text}` : text, detailOf(error));
    },
    async load() {
      await writing;
      const stored = await store.list();
      // Entries written while the list was read are already in it; keep unsaved ones.
      setEntries([...stored, ...queue].slice(-capacity));
    },
    async clear() {
      queue = [];
      await writing;
      await store.clear();
      setEntries([]);
    },
    exportJson(meta = {}) {
      return JSON.stringify(
        {
          kind: 'cove-log',
          exportedAt: new Date(clock.now()).toISOString(),
          ...meta,
          entries: entries().map(({ seq: _seq, ...entry }) => ({
            ...entry,
            time: new Date(entry.at).toISOString(),
          })),
        },
        null,
        2,
      );
    },
    flush: () => drain(),
  };
}
