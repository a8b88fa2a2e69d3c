/**
 * What Python may reach on the network: a setting (Settings → Python → Network), fixed for
 * an interpreter when its sandbox is created.
 *
 * - `off`: nothing. Packages cannot load either.
 * - `package-index` (default): only the package files the lock file lists, fetched by the
 *   page on Python's behalf from the configured index. Python itself can open no connection.
 * - `any`: Python may also connect to any http(s)/ws(s) host. Code can then send workspace
 *   files anywhere; the settings say so.
 *
 * Whatever the setting, Python never reaches Cove's storage or the page: that is the
 * sandbox's opaque origin, not this setting (docs/ARCHITECTURE.md, "The sandbox boundary").
 */
export type PythonNetworkAccess = 'off' | 'package-index' | 'any';

/** Every value, in the order the settings offer them. */
export const PYTHON_NETWORK_ACCESS: readonly PythonNetworkAccess[] = [
  'off',
  'package-index',
  'any',
];

/** The setting Cove starts with. */
export const DEFAULT_PYTHON_NETWORK: PythonNetworkAccess = 'package-index';

/** Whether a stored value is one of the settings (older or tampered storage may hold anything). */
export function isPythonNetworkAccess(value: unknown): value is PythonNetworkAccess {
  return typeof value === 'string' && (PYTHON_NETWORK_ACCESS as readonly string[]).includes(value);
}

/** How a setting reads in the settings and in messages. */
export function describeNetworkAccess(access: PythonNetworkAccess): string {
  switch (access) {
    case 'off':
      return 'off';
    case 'package-index':
      return 'the package index only';
    case 'any':
      return 'any host';
  }
}

/**
 * The `connect-src` of the sandbox frame's Content-Security-Policy. Package files never
 * need it: the page fetches them (see PackageFilePolicy), so only `any` opens it.
 */
export function sandboxConnectSources(access: PythonNetworkAccess): string {
  return access === 'any' ? 'http: https: ws: wss:' : "'none'";
}

/**
 * What Python is told when a connection is refused: the cause and where to change it.
 * `target` is the URL (or host) that was refused.
 */
export function blockedConnectionMessage(target: string, access: PythonNetworkAccess): string {
  const where = 'Settings → Python → Network';
  if (access === 'off') {
    return `Cove blocked a connection to ${target}: Python's network access is off. To allow it, change ${where}.`;
  }
  if (access === 'package-index') {
    return `Cove blocked a connection to ${target}: Python may only load packages from the package index. To allow other hosts, change ${where} (code could then send your files anywhere).`;
  }
  return `Cove blocked a connection to ${target}.`;
}
