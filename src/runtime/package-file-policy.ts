import { blockedConnectionMessage, type PythonNetworkAccess } from './python-network';

/** The part of a Pyodide lock file this policy reads. */
interface LockFileShape {
  packages?: Record<string, { file_name?: unknown } | undefined>;
}

/**
 * Which URLs the page fetches for the Python sandbox, which cannot fetch them itself (no
 * `connect-src`, and no service worker for an opaque origin, so this is also what makes
 * packages work offline). Only the lock file and the package files it lists, under the
 * configured index, with no query or fragment: a script cannot use the page as a proxy to
 * another host, nor smuggle data out in a URL, even towards the index.
 */
export class PackageFilePolicy {
  private readonly files: ReadonlySet<string>;

  /**
   * @param indexUrl the package index, ending with "/"
   * @param lockFile the lock file's parsed JSON (anything: a malformed one allows no files)
   * @param lockFileUrl a configured lock file, which may itself be fetched
   */
  constructor(
    private readonly access: PythonNetworkAccess,
    private readonly indexUrl: string,
    lockFile: unknown,
    private readonly lockFileUrl?: string,
  ) {
    const files = new Set<string>();
    const packages = (lockFile as LockFileShape | null)?.packages;
    if (packages && typeof packages === 'object') {
      for (const entry of Object.values(packages)) {
        const name = entry?.file_name;
        if (typeof name === 'string' && name && !name.includes('/')) files.add(name);
      }
    }
    this.files = files;
  }

  /** Undefined when the page may fetch `url` for Python; otherwise why not, for the user. */
  refusal(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `Cove blocked a request for "${url}": it is not a URL.`;
    }
    if (this.access === 'off') return blockedConnectionMessage(parsed.origin, this.access);
    if (this.lockFileUrl && parsed.href === this.lockFileUrl) return undefined;
    if (parsed.search || parsed.hash || !parsed.href.startsWith(this.indexUrl)) {
      return blockedConnectionMessage(parsed.href, 'package-index');
    }
    const name = decodeURIComponent(parsed.href.slice(this.indexUrl.length));
    if (!this.files.has(name)) {
      return `Cove blocked a request for ${parsed.href}: the lock file lists no package file "${name}".`;
    }
    return undefined;
  }
}
