/**
 * The sessions list and the tree of the session shown, for the UI: search (through the
 * store, debounced), day groups with starred first, star, delete with Undo, fork, duplicate,
 * delete a branch with Undo, jump to a branch, export and import, Recently deleted (restore,
 * delete now, expiry at start), and the automatic title after a first exchange. Domain work
 * is in src/agent (session-library.ts and friends); this wires it to the chat service's
 * signals and to notices.
 */
import { createMemo, createSignal, type Accessor } from 'solid-js';
import { autoTitle, type TitleModel } from '../agent/session-auto-title';
import { groupSessions, type SessionGroup } from '../agent/session-groups';
import type { SessionFile, SessionLibrary } from '../agent/session-library';
import { trashExpiry } from '../agent/recently-deleted';
import { retryingImport } from '../base/retrying-import';
import { outlineTree, type OutlineEntry } from '../agent/session-tree-outline';
import type { Clock } from '../base/clock';
import { newId as randomId } from '../base/ids';
import type { ChatClient } from '../llm/chat-client';
import type { CoveStore } from '../store/cove-store';
import type { TrashEntry } from '../store/trash-store';
import type { ChatService } from './chat-service';
import type { NoticeService } from './notice-service';
import type { ProviderService } from './provider-service';
import { selectedModelOf } from './selected-model';
import type { WorkspaceService } from './workspace-service';

/** Setting: false turns the model-made titles off (the first words stay). */
export const AUTO_TITLE_SETTING = 'sessions.autoTitle';

/**
 * How long the notice of a delete offers Undo, in milliseconds. Afterwards the conversation
 * or branch is still in Recently deleted (RECENTLY_DELETED_MS).
 */
export const UNDO_DELETE_MS = 60_000;

/** Wait after the last keystroke before searching, in milliseconds. */
const SEARCH_DELAY_MS = 150;

/** The library is not part of the first load (issue 21): the list reads the store itself. */
const loadLibrary = retryingImport(() => import('../agent/session-library'));

export interface SessionListService {
  /** The search text as typed. */
  readonly query: Accessor<string>;
  setQuery(text: string): void;
  /** True while a search runs. */
  readonly searching: Accessor<boolean>;
  /** The workspace's sessions matching the search, starred first, then grouped by day. */
  readonly groups: Accessor<SessionGroup[]>;
  star(sessionId: string, starred: boolean): Promise<void>;
  /**
   * Moves a session with all its nodes to Recently deleted and shows a notice with Undo
   * for UNDO_DELETE_MS, which puts it back exactly as it was and opens it.
   */
  remove(sessionId: string): Promise<void>;
  /** Copies the path to `nodeId` of the session shown into a new session and opens it. */
  forkFrom(nodeId: string): Promise<void>;
  /** Copies a whole session (every branch) into a new one and opens it. */
  duplicate(sessionId: string): Promise<void>;
  /**
   * Moves `nodeId` of the session shown and its subtree to Recently deleted (the path moves
   * to a sibling) and shows a notice with Undo.
   */
  deleteBranch(nodeId: string): Promise<void>;
  /** The current workspace's Recently deleted, newest first (see refreshRecentlyDeleted). */
  readonly recentlyDeleted: Accessor<readonly TrashEntry[]>;
  /** Reads Recently deleted again (the list is shown); changes from any tab also do. */
  refreshRecentlyDeleted(): Promise<void>;
  /**
   * Puts a deleted conversation back (and opens it) or a branch under its parent (and shows
   * it); a refusal (stored again, its conversation gone) is a notice and changes nothing.
   * Resolves true when it came back.
   */
  restoreDeleted(entryId: string): Promise<boolean>;
  /** Deletes an entry of Recently deleted for good, with its checkpoints. */
  deleteNow(entryId: string): Promise<void>;
  /** When an entry will be deleted for good, in milliseconds since the epoch. */
  expiresAt(entry: TrashEntry): number;
  /** At start: deletes for good what expired (RECENTLY_DELETED_MS) and reads the list. */
  start(): Promise<void>;
  /** Shows the newest conversation under `nodeId` of the session shown. */
  jumpTo(nodeId: string): Promise<void>;
  /** The outline of the shown session's whole tree (empty without a session). */
  outline(): Promise<OutlineEntry[]>;
  /** A session as a file; the UI offers it as a download. */
  exportSession(sessionId: string, format: 'json' | 'markdown'): Promise<SessionFile>;
  /** Imports an exported session into the current workspace and opens it; errors as notices. */
  importSession(text: string): Promise<boolean>;
  /** Names a session by a short model call after its first exchange (see session-auto-title). */
  autoTitle(sessionId: string): Promise<void>;
}

export function createSessionListService(deps: {
  store: CoveStore;
  chat: ChatService;
  workspaces: WorkspaceService;
  providers: ProviderService;
  client: ChatClient;
  clock: Clock;
  notices: NoticeService;
  newId?: () => string;
}): SessionListService {
  const { store, chat, workspaces, providers, clock, notices } = deps;
  let libraryLoad: Promise<SessionLibrary> | undefined;
  /** The session library (search, Recently deleted, forks, files), loaded at its first use. */
  const library = () =>
    (libraryLoad ??= loadLibrary().then(
      ({ createSessionLibrary }) =>
        createSessionLibrary({
          sessions: store.sessions,
          trash: store.trash,
          clock,
          newId: deps.newId ?? randomId,
        }),
      (error: unknown) => {
        libraryLoad = undefined;
        throw error;
      },
    ));
  const [query, setQueryText] = createSignal('');
  const [matches, setMatches] = createSignal<Set<string> | undefined>();
  const [searching, setSearching] = createSignal(false);
  let searchTimer: (() => void) | undefined;
  let searchRun = 0;

  async function search() {
    const run = ++searchRun;
    const text = query().trim();
    const workspace = workspaces.current();
    if (!text || !workspace) {
      setMatches(undefined);
      setSearching(false);
      return;
    }
    try {
      const ids = await (await library()).search(workspace.id, text);
      if (run === searchRun) setMatches(new Set(ids));
    } catch (error) {
      notices.error(error, 'Could not search the conversations');
    } finally {
      if (run === searchRun) setSearching(false);
    }
  }

  const groups = createMemo(() => {
    const found = matches();
    const list = found ? chat.sessions().filter((s) => found.has(s.id)) : chat.sessions();
    return groupSessions(list, clock.now());
  });

  /** Runs an action, reporting a failure as a notice. */
  async function guarded(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      notices.error(error, what);
    }
  }

  const shownId = () => chat.activeSession()?.id;

  const [recentlyDeleted, setRecentlyDeleted] = createSignal<readonly TrashEntry[]>([]);
  let listRead = 0;
  async function refreshRecentlyDeleted() {
    const read = ++listRead;
    const workspace = workspaces.current();
    const entries = workspace ? await (await library()).recentlyDeleted(workspace.id) : [];
    // A slower earlier read (another workspace) must not overwrite a newer one.
    if (read === listRead) setRecentlyDeleted(entries);
  }
  const refreshQuietly = () =>
    void refreshRecentlyDeleted().catch((error: unknown) =>
      notices.error(error, 'Could not read Recently deleted'),
    );
  // Deletes and restores here and in other tabs.
  store.changes.subscribe(({ change }) => {
    if (change.type === 'trash' && change.workspaceId === workspaces.current()?.id)
      refreshQuietly();
  });

  /** Puts an entry back and shows what came back. */
  async function restore(entryId: string) {
    const entry = await (await library()).restoreDeleted(entryId);
    await chat.reloadSessions();
    // A branch comes back in a session that may be shown: opening it reads it again.
    await chat.openSession(entry.sessionId);
    return entry;
  }

  /** The notice of a delete, with Undo until UNDO_DELETE_MS. */
  function showUndo(text: string, entry: TrashEntry) {
    let settled = false;
    const noticeId = notices.show({
      kind: 'info',
      text,
      action: {
        label: 'Undo',
        run: () => {
          if (settled) return;
          settled = true;
          cancelExpiry();
          void guarded('Could not bring it back', async () => void (await restore(entry.id)));
        },
      },
    });
    const cancelExpiry = clock.schedule(() => {
      if (settled) return;
      settled = true;
      notices.dismiss(noticeId);
    }, UNDO_DELETE_MS);
  }

  const titleModel = (): TitleModel | undefined => selectedModelOf(providers);

  return {
    query,
    searching,
    setQuery(text) {
      setQueryText(text);
      setSearching(Boolean(text.trim()));
      searchTimer?.();
      searchTimer = clock.schedule(() => {
        searchTimer = undefined;
        void search();
      }, SEARCH_DELAY_MS);
    },
    groups,
    star: (sessionId, starred) =>
      guarded('Could not star the conversation', async () => {
        await (await library()).star(sessionId, starred);
        await chat.reloadSessions();
      }),
    remove: (sessionId) =>
      guarded('Could not delete the conversation', async () => {
        const entry = await chat.deleteSession(sessionId);
        if (!entry) return;
        showUndo(`Deleted "${entry.title}".`, entry);
        // A search result list no longer holds it.
        if (query().trim()) void search();
      }),
    forkFrom: (nodeId) =>
      guarded('Could not fork the conversation', async () => {
        const sessionId = shownId();
        if (!sessionId) return;
        const fork = await (await library()).fork(sessionId, nodeId);
        await chat.reloadSessions();
        await chat.openSession(fork.id);
        notices.show({ kind: 'success', text: `Forked into "${fork.title}".` });
      }),
    duplicate: (sessionId) =>
      guarded('Could not duplicate the conversation', async () => {
        const copy = await (await library()).duplicate(sessionId);
        await chat.reloadSessions();
        await chat.openSession(copy.id);
      }),
    deleteBranch: (nodeId) =>
      guarded('Could not delete the branch', async () => {
        const sessionId = shownId();
        if (!sessionId || chat.busy()) return;
        const entry = await (await library()).deleteBranch(sessionId, nodeId);
        await chat.openSession(sessionId);
        showUndo(`Deleted a branch of "${entry.title}".`, entry);
      }),
    recentlyDeleted,
    refreshRecentlyDeleted,
    async restoreDeleted(entryId) {
      let restored = false;
      await guarded('Could not restore', async () => {
        const entry = await restore(entryId);
        restored = true;
        notices.show({
          kind: 'success',
          text:
            entry.kind === 'session'
              ? `Restored "${entry.title}".`
              : `Restored a branch of "${entry.title}".`,
        });
      });
      return restored;
    },
    deleteNow: (entryId) =>
      guarded('Could not delete it for good', async () =>
        (await library()).deleteForGood([entryId]),
      ),
    expiresAt: trashExpiry,
    async start() {
      try {
        await (await library()).purgeExpired();
      } catch (error) {
        notices.error(error, 'Could not empty the expired part of Recently deleted');
      }
      refreshQuietly();
    },
    jumpTo: (nodeId) =>
      guarded('Could not show that branch', async () => {
        const sessionId = shownId();
        if (!sessionId || chat.busy()) return;
        await (await library()).jumpTo(sessionId, nodeId);
        await chat.openSession(sessionId);
      }),
    async outline() {
      const session = chat.activeSession();
      if (!session) return [];
      const nodes = await store.sessions.nodes(session.id);
      const leafId = (await store.sessions.get(session.id))?.leafId ?? null;
      return outlineTree(nodes, leafId);
    },
    async exportSession(sessionId, format) {
      const loaded = await library();
      return format === 'json' ? loaded.exportJson(sessionId) : loaded.exportMarkdown(sessionId);
    },
    async importSession(text) {
      const workspace = workspaces.current();
      if (!workspace) {
        notices.show({
          kind: 'error',
          text: 'Open a workspace first; conversations belong to one.',
        });
        return false;
      }
      try {
        const session = await (await library()).importJson(text, workspace.id);
        await chat.reloadSessions();
        await chat.openSession(session.id);
        notices.show({ kind: 'success', text: `Imported "${session.title}".` });
        return true;
      } catch (error) {
        notices.error(error, 'Could not import the conversation');
        return false;
      }
    },
    async autoTitle(sessionId) {
      try {
        if ((await store.settings.get<boolean>(AUTO_TITLE_SETTING)) === false) return;
        const title = await autoTitle(
          { sessions: store.sessions, client: deps.client, model: titleModel },
          sessionId,
        );
        if (title) await chat.reloadSessions();
      } catch {
        // A title is a nicety: the first words stay, and the reply itself is unaffected.
      }
    },
  };
}
