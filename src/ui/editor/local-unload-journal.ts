import type { UnloadJournal, UnsavedEntry } from '../../app/unload-journal';

const keyOf = (workspaceId: string) => `cove.unsaved.${workspaceId}`;

function isEntry(value: unknown): value is UnsavedEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.path === 'string' &&
    typeof entry.text === 'string' &&
    typeof entry.base === 'number'
  );
}

/**
 * The unload journal in Web Storage: written synchronously, so it holds the text by the
 * time a pagehide handler returns. Code that Cove runs cannot read it: Python runs in an
 * opaque-origin frame (docs/ARCHITECTURE.md, "The sandbox boundary").
 */
export function createLocalUnloadJournal(storage: Storage): UnloadJournal {
  return {
    save(workspaceId, entries) {
      try {
        storage.setItem(keyOf(workspaceId), JSON.stringify(entries));
        return true;
      } catch {
        // Over the storage quota (large files): the IndexedDB journal is the fallback, and
        // an older entry must not stand in for it.
        storage.removeItem(keyOf(workspaceId));
        return false;
      }
    },
    load(workspaceId) {
      const raw = storage.getItem(keyOf(workspaceId));
      if (raw === null) return undefined;
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) ? parsed.filter(isEntry) : undefined;
      } catch {
        return undefined;
      }
    },
    clear: (workspaceId) => storage.removeItem(keyOf(workspaceId)),
  };
}
