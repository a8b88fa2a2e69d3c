/**
 * Text written at once when the page went away, kept beside the files until it is known to
 * be stored. A file write made at once can still be lost: IndexedDB runs it after any write
 * of the same table this page had in flight, and that one needs a callback that never comes
 * when the page is gone, so both are aborted. The journal lives in another table (and in
 * the synchronous unload journal), which no such write blocks; the next start puts what the
 * files lack back (`recover`).
 */
import type { SettingsStore } from '../store/settings-store';
import type { WorkspaceFiles } from '../workspace/workspace-files';
import type { NoticeService } from './notice-service';
import type { UnloadJournal, UnsavedEntry } from './unload-journal';

const unsavedKey = (workspaceId: string) => `editor.unsaved.${workspaceId}`;

/** "notes (unsaved).py": where recovered text goes when the file changed elsewhere since. */
function besideName(path: string): string {
  const slash = path.lastIndexOf('/') + 1;
  const dot = path.lastIndexOf('.');
  const cut = dot > slash ? dot : path.length;
  return `${path.slice(0, cut)} (unsaved)${path.slice(cut)}`;
}

export interface UnsavedText {
  /**
   * Journals `entries` (text whose writes `writes` just started) at once, and drops the
   * journal again when those writes commit (the page lived on, e.g. back-forward cache).
   */
  keep(workspaceId: string, entries: UnsavedEntry[], writes: Promise<unknown>[]): void;
  /**
   * Puts back text the last page journaled when it went away but that did not reach its
   * file. Where the file changed elsewhere since, the text goes beside it as
   * "name (unsaved).ext" instead of over the other version.
   */
  recover(workspaceId: string, files: WorkspaceFiles | undefined): Promise<void>;
}

export function createUnsavedText(deps: {
  settings: SettingsStore;
  notices: NoticeService;
  unloadJournal: UnloadJournal;
}): UnsavedText {
  const { settings, notices, unloadJournal } = deps;
  return {
    keep(workspaceId, entries, writes) {
      unloadJournal.save(workspaceId, entries);
      const key = unsavedKey(workspaceId);
      settings.setAtOnce(key, entries).then(
        () =>
          Promise.all(writes).then(async () => {
            await settings.delete(key);
            unloadJournal.clear(workspaceId);
          }),
        () => undefined,
      );
    },
    async recover(workspaceId, files) {
      const key = unsavedKey(workspaceId);
      // Both journals are written together; the synchronous one survives more often.
      const entries = unloadJournal.load(workspaceId) ?? (await settings.get<UnsavedEntry[]>(key));
      if (!files || !entries?.length) return;
      for (const entry of entries) {
        try {
          const row = await files.find(entry.path);
          if (row?.content === entry.text) continue;
          // base + 1 and base + 2 are the last page's own last writes (see flushNow).
          if (!row || row.version <= entry.base + 2) {
            await files.write(entry.path, entry.text, row ? { expectVersion: row.version } : {});
          } else {
            const beside = besideName(entry.path);
            await files.write(beside, entry.text);
            notices.show({
              kind: 'info',
              text: `${entry.path} changed elsewhere after your last edits; they are in ${beside}.`,
            });
          }
        } catch (error) {
          notices.error(error, `Could not put back the unsaved text of ${entry.path}`);
        }
      }
      await settings.delete(key);
      unloadJournal.clear(workspaceId);
    },
  };
}
