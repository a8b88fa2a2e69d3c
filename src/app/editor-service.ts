import { createSignal, untrack, type Accessor } from 'solid-js';
import { isWorkspaceError } from '../workspace/workspace-errors';
import type { Clock } from '../base/clock';
import { createMemoryUnloadJournal, type UnloadJournal, type UnsavedEntry } from './unload-journal';
import type { SettingsStore } from '../store/settings-store';
import { isWithin } from '../workspace/paths';
import type { NoticeService } from './notice-service';
import {
  openTabState,
  type BufferHost,
  type EditorTab,
  type TabState,
  type TextSelection,
} from './editor-tab';
import { scheduleAutosave } from './autosave';
import { createRecentFiles } from './recent-files';
import { createUnsavedText } from './unsaved-text';
import type { WorkspaceService } from './workspace-service';

export type { BufferHost, EditorTab, ExternalVersion, TextSelection } from './editor-tab';

export { AUTOSAVE_MAX_MS, AUTOSAVE_MS } from './autosave';

export interface EditorService {
  readonly tabs: Accessor<EditorTab[]>;
  readonly activePath: Accessor<string | undefined>;
  /**
   * The files opened (or switched to) most recently in the current workspace, most recent
   * first; may name files deleted since. Kept per workspace across visits.
   */
  readonly recentFiles: Accessor<string[]>;
  /** Counts calls of {@link openFile}, also of a file already shown (a narrow layout shows the editor on each). */
  readonly openRequests: Accessor<number>;
  openFile(path: string): Promise<void>;
  activate(path: string): void;
  /** Closes a tab, saving unsaved edits first; a failed save keeps the tab open. */
  close(path: string): Promise<void>;
  /** Called by the editor on every change: marks the tab dirty and schedules a save. */
  markEdited(path: string): void;
  /**
   * Writes the file's current text now (after the write in flight, if any: writes of one
   * file never overlap). Resolves true once the text is committed to storage, false when the
   * write was refused (conflict) or failed, which is reported.
   */
  save(path: string): Promise<boolean>;
  /** {@link save} for every open file, started at once. */
  saveAll(): Promise<void>;
  /**
   * For a page that is going away (pagehide): every text not yet committed is written at
   * once, each write's transaction started before this returns and committed without waiting
   * for this page to run again. Skips the version check of an ordinary save (see
   * FileStore.putAtOnce); files with a conflict or deleted elsewhere are left alone.
   */
  flushNow(): void;
  /** True while some open file has text that is not committed yet (unsaved or being saved). */
  hasUnsavedText(): boolean;
  /** Ends a conflict: keep the editor's text (overwrite the file) or take the file's. */
  resolveConflict(path: string, keep: 'mine' | 'theirs'): Promise<void>;
  /** Tabs follow a file or folder that was moved in this tab. */
  moved(from: string, to: string): void;
  attach(host: BufferHost): () => void;
  /** The active text file with its current (maybe unsaved) text and selection. */
  activeDocument(): { path: string; text: string; selection?: TextSelection } | undefined;
  /**
   * The text each open text tab holds now, unsaved edits included, by path. Project search
   * reads these before the stored files: a person expects to find what they just typed.
   */
  openTexts(): Map<string, string>;
  /** Inserts text at the cursor of the active text file; false when none is open. */
  insertIntoActive(text: string): boolean;
  /** Opens a file and moves to a line (1-based), e.g. from a traceback. */
  reveal(path: string, line: number, column?: number): Promise<void>;
  /** Marks a problem in a file once it is shown (e.g. a syntax error found by a run). */
  markProblems(path: string, problems: Parameters<BufferHost['markProblems']>[1]): Promise<void>;
  /** Reopens the tabs saved for the current workspace; call after switching workspaces. */
  restoreTabs(): Promise<void>;
}

const tabsKey = (workspaceId: string) => `editor.tabs.${workspaceId}`;

export function createEditorService(deps: {
  workspaces: WorkspaceService;
  settings: SettingsStore;
  notices: NoticeService;
  clock: Clock;
  /** Where a leaving page puts uncommitted text synchronously; in memory when absent. */
  unloadJournal?: UnloadJournal;
}): EditorService {
  const { workspaces, settings, notices, clock } = deps;
  const unsaved = createUnsavedText({
    settings,
    notices,
    unloadJournal: deps.unloadJournal ?? createMemoryUnloadJournal(),
  });
  const [tabs, setTabs] = createSignal<TabState[]>([]);
  const [activePath, setActivePath] = createSignal<string | undefined>();
  const [openRequests, setOpenRequests] = createSignal(0);
  const recent = createRecentFiles({
    settings,
    currentWorkspace: () => workspaces.current()?.id,
    onError: (e) => notices.error(e, 'Could not remember recently opened files'),
  });
  let host: BufferHost | undefined;

  const find = (path: string) => tabs().find((tab) => tab.path() === path);

  function persistTabs() {
    const workspace = workspaces.current();
    if (!workspace) return;
    const value = { paths: tabs().map((t) => t.path()), active: activePath() };
    settings
      .set(tabsKey(workspace.id), value)
      .catch((e) => notices.error(e, 'Could not remember open tabs'));
  }

  async function load(path: string): Promise<TabState | undefined> {
    const files = workspaces.files();
    if (!files) return undefined;
    const row = await files.read(path);
    if (row.kind === 'folder') return undefined;
    return openTabState(row, (tab) => write(tab));
  }

  /**
   * One whole write of a tab's text as it is now; the tab's writer runs these one at a time.
   * Resolves true when there was nothing to write or the text is committed.
   */
  function write(tab: TabState): Promise<boolean> {
    if (!tab.dirty() || tab.conflict()) return Promise.resolve(!tab.dirty());
    const files = workspaces.files();
    const path = tab.path();
    const text = host?.read(path);
    if (!files || text === undefined) return Promise.resolve(false);
    const attempt = (async () => {
      try {
        const [row] = await files.write(path, text, {
          expectVersion: tab.deleted() ? undefined : tab.savedVersion,
        });
        // A write made at once on pagehide may have landed meanwhile (bfcache); keep the newer.
        if (row!.version > tab.savedVersion) committed(tab, row!, text);
        return true;
      } catch (error) {
        if (isWorkspaceError(error, 'conflict', 'missing')) {
          await noticeExternalChange(tab);
        } else {
          notices.error(error, `Saving ${tab.path()} failed; your text is still in the editor`);
        }
        return false;
      }
    })();
    tab.writing = attempt;
    return attempt.then((saved) => {
      if (tab.writing === attempt) tab.writing = undefined;
      // Edits made while saving are saved next. A failed save is not retried on its own
      // (that would repeat the same error every second); the next edit or Ctrl+S tries again.
      if (saved && tab.dirty() && !tab.conflict()) schedule(tab);
      return saved;
    });
  }

  /** Records that `text` is committed as `row`. */
  function committed(tab: TabState, row: { version: number; size: number }, text: string) {
    tab.savedVersion = row.version;
    tab.savedText = text;
    tab.setSize(row.size);
    tab.setDeleted(false);
    tab.setDirty(!host?.holds(tab.path(), text));
  }

  function save(path: string): Promise<boolean> {
    // Callers may run inside a reactive computation; what save reads must not subscribe it.
    return untrack(() => {
      const tab = find(path);
      if (!tab || tab.kind !== 'text') return Promise.resolve(true);
      tab.timer?.();
      tab.timer = undefined;
      // Nothing to write and nothing in flight: no write (and no "Saving…" flicker).
      if (!tab.dirty() && !tab.writer.busy) return Promise.resolve(true);
      return tab.writer.request();
    });
  }

  function schedule(tab: TabState) {
    scheduleAutosave(tab, clock, () => void save(tab.path()));
  }

  /** Reconciles a tab with what is on disk now. */
  async function noticeExternalChange(tab: TabState) {
    const files = workspaces.files();
    if (!files) return;
    const row = await files.find(tab.path());
    if (!row || row.kind !== 'file') {
      tab.setDeleted(true);
      return;
    }
    tab.setDeleted(false);
    if (row.version === tab.savedVersion) return;
    const text = typeof row.content === 'string' ? row.content : undefined;
    if (text === undefined) {
      tab.setConflict(undefined);
      return;
    }
    if (!tab.dirty()) {
      tab.savedVersion = row.version;
      tab.savedText = text;
      tab.setSize(row.size);
      host?.replace(tab.path(), text);
      tab.setDirty(false);
      return;
    }
    tab.setConflict({ version: row.version, text });
  }

  /** The version of a file in the workspace's current listing, if it lists that file. */
  const listedVersion = (path: string) => {
    const entry = workspaces.entries().find((e) => e.path === path);
    return entry?.kind === 'file' ? entry.version : undefined;
  };

  /**
   * A tab only hears of changes once it is in the list; one made while its file was being
   * read (another tab's save, a run's output) shows as a newer version in the listing.
   */
  function catchUp(tab: TabState) {
    const listed = listedVersion(tab.path());
    if (listed !== undefined && listed !== tab.savedVersion) void noticeExternalChange(tab);
  }

  workspaces.onFilesChanged((paths) => {
    for (const tab of tabs()) {
      if (paths.length && !paths.includes(tab.path())) continue;
      void (async () => {
        // Our own save publishes a change too; let it finish before comparing versions.
        if (tab.writing) await tab.writing;
        // The listing read for this change already tells whether the file moved past what
        // this tab has: the usual case, the tab's own autosave, then needs no read of the
        // file's content (one per save while typing).
        if (!tab.deleted() && listedVersion(tab.path()) === tab.savedVersion) return;
        await noticeExternalChange(tab);
      })();
    }
  });

  /**
   * Commands are called from reactive code too (the output panel marks a run's syntax error
   * from an effect). What a command reads must not subscribe its caller: that effect re-ran
   * on every later tab switch and opened its file again, so the editor stayed on it.
   */
  const command =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R =>
      untrack(() => run(...args));

  const service: EditorService = {
    tabs,
    activePath,
    recentFiles: recent.paths,
    openRequests,
    openFile: command(async (path) => {
      setOpenRequests((count) => count + 1);
      if (find(path)) return service.activate(path);
      try {
        const tab = await load(path);
        if (!tab) return;
        if (find(tab.path())) return service.activate(tab.path());
        setTabs([...tabs(), tab]);
        setActivePath(tab.path());
        recent.opened(tab.path());
        persistTabs();
        catchUp(tab);
      } catch (error) {
        notices.error(error, `Could not open ${path}`);
      }
    }),
    activate: command((path) => {
      if (!find(path)) return;
      setActivePath(path);
      recent.opened(path);
      persistTabs();
    }),
    close: command(async (path) => {
      const tab = find(path);
      if (!tab) return;
      if (tab.dirty() && !tab.conflict() && !(await save(path))) return;
      tab.timer?.();
      const list = tabs();
      const index = list.indexOf(tab);
      const rest = list.filter((t) => t !== tab);
      setTabs(rest);
      if (activePath() === path) setActivePath(rest[Math.min(index, rest.length - 1)]?.path());
      persistTabs();
    }),
    markEdited: command((path) => {
      const tab = find(path);
      if (!tab) return;
      // Every keystroke comes here: compare, rather than copy the document out of the editor.
      tab.setDirty(!host?.holds(path, tab.savedText));
      if (tab.dirty() && !tab.conflict()) schedule(tab);
    }),
    save,
    saveAll: command(async () => {
      await Promise.all(tabs().map((tab) => save(tab.path())));
    }),
    flushNow: command(() => {
      const files = workspaces.files();
      const workspace = workspaces.current();
      if (!files || !host || !workspace) return;
      const journal: UnsavedEntry[] = [];
      const writes: Promise<unknown>[] = [];
      for (const tab of tabs()) {
        if (tab.kind !== 'text' || tab.conflict() || tab.deleted()) continue;
        const path = tab.path();
        const text = host.read(path);
        if (text === undefined || text === tab.savedText) continue;
        tab.timer?.();
        tab.timer = undefined;
        // A write in flight may still commit first (its transaction is older); count it.
        const version = tab.savedVersion + (tab.writer.busy ? 2 : 1);
        journal.push({ path, text, base: tab.savedVersion });
        const written = files.writeAtOnce(path, text, version);
        writes.push(written);
        written.then(
          (row) => {
            if (row.version > tab.savedVersion) committed(tab, row, text);
          },
          (error: unknown) =>
            notices.error(error, `Saving ${path} failed; your text is still in the editor`),
        );
      }
      if (journal.length) unsaved.keep(workspace.id, journal, writes);
    }),
    hasUnsavedText: command(() => tabs().some((tab) => tab.dirty() || tab.saving())),
    resolveConflict: command(async (path, keep) => {
      const tab = find(path);
      const theirs = tab?.conflict();
      if (!tab || !theirs) return;
      tab.setConflict(undefined);
      tab.savedVersion = theirs.version;
      if (keep === 'theirs') {
        tab.savedText = theirs.text;
        host?.replace(path, theirs.text);
        tab.setDirty(false);
      } else {
        tab.savedText = theirs.text;
        tab.setDirty(true);
        await save(path);
      }
    }),
    moved: command((from, to) => {
      for (const tab of tabs()) {
        if (!isWithin(tab.path(), from)) continue;
        const next = to + tab.path().slice(from.length);
        if (activePath() === tab.path()) setActivePath(next);
        tab.setPath(next);
        tab.setDeleted(false);
      }
      setTabs([...tabs()]);
      recent.moved(from, to);
      persistTabs();
    }),
    activeDocument() {
      const path = activePath();
      const tab = path ? find(path) : undefined;
      if (!tab || tab.kind !== 'text' || !host) return undefined;
      const text = host.read(tab.path());
      if (text === undefined) return undefined;
      const selection = host.selection(tab.path());
      return selection ? { path: tab.path(), text, selection } : { path: tab.path(), text };
    },
    openTexts: command(() => {
      const texts = new Map<string, string>();
      for (const tab of tabs()) {
        const text = tab.kind === 'text' ? host?.read(tab.path()) : undefined;
        if (text !== undefined) texts.set(tab.path(), text);
      }
      return texts;
    }),
    insertIntoActive: command((text) => {
      const path = activePath();
      const tab = path ? find(path) : undefined;
      if (!tab || tab.kind !== 'text' || !host) return false;
      return host.insert(tab.path(), text);
    }),
    reveal: command(async (path, line, column) => {
      await service.openFile(path);
      // The editor shows the new tab on its next update.
      await Promise.resolve();
      queueMicrotask(() => host?.reveal(path, line, column));
    }),
    markProblems: command(async (path, problems) => {
      await service.openFile(path);
      queueMicrotask(() => host?.markProblems(path, problems));
    }),
    attach(next) {
      host = next;
      return () => {
        if (host === next) host = undefined;
      };
    },
    restoreTabs: command(async () => {
      for (const tab of tabs()) tab.timer?.();
      setTabs([]);
      setActivePath(undefined);
      const workspace = workspaces.current();
      await recent.load();
      if (!workspace) return;
      await unsaved
        .recover(workspace.id, workspaces.files())
        .catch((error: unknown) =>
          notices.error(error, 'Could not check for text left unsaved by the last visit'),
        );
      const saved = await settings.get<{ paths: string[]; active?: string }>(tabsKey(workspace.id));
      if (!saved) return;
      const loaded: TabState[] = [];
      for (const path of saved.paths) {
        try {
          const tab = await load(path);
          if (tab) loaded.push(tab);
        } catch {
          // A file closed by deletion elsewhere simply does not come back.
        }
      }
      if (workspaces.current()?.id !== workspace.id) return;
      setTabs(loaded);
      setActivePath(loaded.find((t) => t.path() === saved.active)?.path() ?? loaded[0]?.path());
      loaded.forEach(catchUp);
    }),
  };
  return service;
}
