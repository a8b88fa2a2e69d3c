import { runtimeError } from './runtime-errors';
import { DEFAULT_RUN_TIMEOUT_MS } from './python-runtime';
import {
  DEFAULT_PYTHON_NETWORK,
  isPythonNetworkAccess,
  type PythonNetworkAccess,
} from './python-network';

/**
 * The Pyodide release Cove ships (node_modules/pyodide). Kept as a constant so the main
 * bundle does not pull in Pyodide's loader for a string; a unit test checks it against the
 * installed package.
 */
export const PYODIDE_VERSION = '314.0.8';

/**
 * The official package distribution for that release, as Pyodide's own loader builds it
 * (`https://cdn.jsdelivr.net/pyodide/v<version>/full/`).
 */
export const DEFAULT_PACKAGE_INDEX_URL = `https://cdn.jsdelivr.net/pyodide/v${PYODIDE_VERSION}/full/`;

/** Longest and shortest run timeouts a person may set, in milliseconds. */
export const MIN_RUN_TIMEOUT_MS = 1_000;
export const MAX_RUN_TIMEOUT_MS = 60 * 60 * 1000;

/** What a person can set about Python (settings panel "Python"). */
export interface PythonRuntimeSettings {
  /** Default execution budget of a run, ms. */
  timeoutMs: number;
  /**
   * Base URL packages are loaded from (wheels named in the lock file are resolved against
   * it). Must end with "/". A mirror of the official distribution for the same Pyodide
   * version works as is.
   */
  packageIndexUrl: string;
  /**
   * A lock file listing the packages the index offers, when it differs from the one Pyodide
   * ships (a mirror with extra packages). Unset: Cove's own copy, which works offline.
   * When it cannot be fetched, Cove's copy is used.
   */
  lockFileUrl?: string;
  /** What Python may connect to (see python-network.ts). Default: the package index only. */
  network: PythonNetworkAccess;
  /** Keep a second, pre-booted interpreter so a kill does not wait for a boot. Default true. */
  spareWorker: boolean;
  /** Boot from a cached memory snapshot of a booted interpreter. Default true. */
  useSnapshot: boolean;
}

/** The settings Cove starts with. */
export const DEFAULT_PYTHON_SETTINGS: PythonRuntimeSettings = {
  timeoutMs: DEFAULT_RUN_TIMEOUT_MS,
  packageIndexUrl: DEFAULT_PACKAGE_INDEX_URL,
  network: DEFAULT_PYTHON_NETWORK,
  spareWorker: true,
  useSnapshot: true,
};

/**
 * Checks settings from storage or the settings form and fills defaults. Throws CoveError
 * `bad-setting` naming the field for a URL that is not http(s) or a timeout out of range.
 * A missing trailing "/" on a URL is added.
 */
export function resolvePythonSettings(
  input: Partial<PythonRuntimeSettings>,
): PythonRuntimeSettings {
  // No prototype: an optional field that is unset (lockFileUrl) reads as undefined, never
  // as something inherited, and these URLs are what the page fetches for Python.
  const settings: PythonRuntimeSettings = Object.assign(
    Object.create(null) as PythonRuntimeSettings,
    DEFAULT_PYTHON_SETTINGS,
    stripUndefined(input),
  );
  const timeout = settings.timeoutMs;
  if (!Number.isFinite(timeout) || timeout < MIN_RUN_TIMEOUT_MS || timeout > MAX_RUN_TIMEOUT_MS) {
    throw runtimeError('bad-setting', {
      variant: 'timeout',
      value: String(timeout),
      minSeconds: MIN_RUN_TIMEOUT_MS / 1000,
      maxMinutes: MAX_RUN_TIMEOUT_MS / 60_000,
    });
  }
  if (!isPythonNetworkAccess(settings.network)) {
    throw runtimeError('bad-setting', { variant: 'network', value: String(settings.network) });
  }
  settings.packageIndexUrl = checkUrl(settings.packageIndexUrl, 'package-index', true);
  if (settings.lockFileUrl)
    settings.lockFileUrl = checkUrl(settings.lockFileUrl, 'lock-file', false);
  else delete settings.lockFileUrl;
  return settings;
}

function checkUrl(value: string, field: 'package-index' | 'lock-file', folder: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw runtimeError('bad-setting', { variant: 'not-a-url', field, url: String(value) });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw runtimeError('bad-setting', { variant: 'url-scheme', field });
  }
  const text = url.toString();
  return folder && !text.endsWith('/') ? `${text}/` : text;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
