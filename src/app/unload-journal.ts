/** One file's text as it was when the page went away; `base` is its last committed version. */
export interface UnsavedEntry {
  path: string;
  text: string;
  base: number;
}

/**
 * A synchronous place for the text a leaving page has not committed yet. IndexedDB writes
 * started in pagehide may be dropped when the page dies before they commit (seen with the
 * CPU busy: the last line typed before a reload was gone); a synchronous store holds the
 * text by the time the handler returns. The page's implementation is localStorage (see
 * src/ui/editor/local-unload-journal.ts); tests use the in-memory one.
 */
export interface UnloadJournal {
  /** Keeps the entries of a workspace, replacing earlier ones; false when there is no room. */
  save(workspaceId: string, entries: readonly UnsavedEntry[]): boolean;
  load(workspaceId: string): UnsavedEntry[] | undefined;
  clear(workspaceId: string): void;
}

/** A journal that lives as long as the object: for tests and pages without storage. */
export function createMemoryUnloadJournal(): UnloadJournal {
  const kept = new Map<string, UnsavedEntry[]>();
  return {
    save(workspaceId, entries) {
      kept.set(
        workspaceId,
        entries.map((entry) => ({ ...entry })),
      );
      return true;
    },
    load: (workspaceId) => kept.get(workspaceId)?.map((entry) => ({ ...entry })),
    clear: (workspaceId) => void kept.delete(workspaceId),
  };
}
