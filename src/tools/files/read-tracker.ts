import { isWithin } from '../../workspace/paths';

/**
 * The version of each file the agent last read (or wrote), per session. write_file and
 * edit_file compare it with the stored version before writing, so the agent never
 * overwrites a file it has not seen, or one that changed since it read it (in the editor,
 * another tab, a Python run). Paths are normalized.
 */
export class ReadTracker {
  private readonly versions = new Map<string, number>();

  /** Records that the agent has seen `path` at `version` (read it, or wrote it). */
  record(path: string, version: number): void {
    this.versions.set(path, version);
  }

  /** The version the agent last saw, or undefined when it never read the file. */
  versionOf(path: string): number | undefined {
    return this.versions.get(path);
  }

  /** Forgets `path` and everything below it (after a delete). */
  forget(path: string): void {
    for (const known of [...this.versions.keys()]) {
      if (isWithin(known, path)) this.versions.delete(known);
    }
  }

  /** Every path the agent has seen, with its version, sorted by path. */
  entries(): [string, number][] {
    return [...this.versions.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}
