import { createSignal, type Accessor } from 'solid-js';
import type { SettingsStore } from '../store/settings-store';
import { isWithin } from '../workspace/paths';

/** How many recently opened files a workspace remembers. */
export const RECENT_FILES_LIMIT = 50;

/** `path` put first in `list` (moved there if it was already in it), at most `limit` long. */
export function withRecent(list: readonly string[], path: string, limit = RECENT_FILES_LIMIT) {
  return [path, ...list.filter((entry) => entry !== path)].slice(0, limit);
}

/**
 * `list` after the file or folder `from` was moved to `to`: its files keep their place under
 * their new paths. A path that already stood for another entry is kept once, at its more
 * recent place.
 */
export function movedRecent(list: readonly string[], from: string, to: string): string[] {
  const renamed = list.map((path) => (isWithin(path, from) ? to + path.slice(from.length) : path));
  return renamed.filter((path, index) => renamed.indexOf(path) === index);
}

/**
 * The files opened most recently in the current workspace, most recent first, kept in the
 * settings store per workspace (`editor.recent.<workspace id>`, removed with the workspace).
 * The list may name files deleted since: readers match it against the listing.
 */
export interface RecentFiles {
  readonly paths: Accessor<string[]>;
  /**
   * Reads the list of the current workspace (empty when it has none or it cannot be read);
   * call after switching workspaces. A file opened before reads it too, so the list of a
   * workspace is never stored without what it held.
   */
  load(): Promise<void>;
  /** Puts `path` first and stores the list. */
  opened(path: string): void;
  /** Follows a file or folder moved in this tab. */
  moved(from: string, to: string): void;
}

const recentKey = (workspaceId: string) => `editor.recent.${workspaceId}`;

export function createRecentFiles(deps: {
  settings: SettingsStore;
  /** The id of the workspace open now. */
  currentWorkspace: () => string | undefined;
  /** Told when the list could not be stored; Quick open still works from memory. */
  onError: (error: unknown) => void;
}): RecentFiles {
  const [paths, setPaths] = createSignal<string[]>([]);
  /** The workspace whose list `paths` holds (maybe still being read). */
  let loadedFor: string | undefined;

  function store(next: string[]) {
    setPaths(next);
    if (loadedFor) deps.settings.set(recentKey(loadedFor), next).catch(deps.onError);
  }

  async function load() {
    const workspaceId = deps.currentWorkspace();
    loadedFor = workspaceId;
    setPaths([]);
    if (!workspaceId) return;
    const saved = await deps.settings.get<unknown>(recentKey(workspaceId)).catch(() => []);
    // Another workspace may have been opened meanwhile.
    if (loadedFor !== workspaceId) return;
    const list = Array.isArray(saved)
      ? saved.filter((p): p is string => typeof p === 'string')
      : [];
    const now = paths();
    const merged = [...now, ...list.filter((path) => !now.includes(path))];
    // Files opened while reading were stored without the older ones: store them all.
    if (now.length) store(merged.slice(0, RECENT_FILES_LIMIT));
    else setPaths(list.slice(0, RECENT_FILES_LIMIT));
  }

  return {
    paths,
    load,
    opened(path) {
      if (loadedFor !== deps.currentWorkspace()) void load();
      if (paths()[0] !== path) store(withRecent(paths(), path));
    },
    moved(from, to) {
      if (paths().some((path) => isWithin(path, from))) store(movedRecent(paths(), from, to));
    },
  };
}
