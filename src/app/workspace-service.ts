import { batch, createSignal, type Accessor } from 'solid-js';
import type { ChangeFeed } from '../store/change-feed';
import type { FileMeta, WorkspaceRecord } from '../store/records';
import type { SettingsStore } from '../store/settings-store';
import { isHiddenPath } from '../workspace/hidden-paths';
import { WELCOME_FIRST_FILE } from '../workspace/welcome-files';
import type { WorkspaceCatalog } from '../workspace/workspace-catalog';
import type { WorkspaceFiles } from '../workspace/workspace-files';

const LAST_WORKSPACE_KEY = 'app.lastWorkspace';

/**
 * The workspaces and the files of the open one, as reactive state, kept current with
 * changes from this tab and others. Every write goes through the catalog or
 * `files()`; this service only re-reads and publishes.
 */
export interface WorkspaceService {
  readonly workspaces: Accessor<WorkspaceRecord[]>;
  readonly current: Accessor<WorkspaceRecord | undefined>;
  /** Files and folders of the current workspace, sorted by path. */
  readonly entries: Accessor<FileMeta[]>;
  /** True until the first load finished (the UI shows a loading state, not a blank). */
  readonly loading: Accessor<boolean>;
  /** File system of the current workspace; undefined when there is none. */
  files(): WorkspaceFiles | undefined;
  open(id: string): Promise<void>;
  create(name: string): Promise<WorkspaceRecord>;
  rename(id: string, name: string): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Loads everything and opens the last used (or the first-visit) workspace. On the very
   * first visit it names the file to show (the Welcome workspace's main.py); the caller
   * opens it after restoring tabs. Later visits name none, so a closed file stays closed.
   */
  start(): Promise<{ firstFile?: string }>;
  /** Subscribe to file changes of the current workspace: `local` false when from another tab. */
  onFilesChanged(listener: (paths: string[], local: boolean) => void): () => void;
  /** Called after another workspace was opened (or the open one went away). */
  onWorkspaceChanged(listener: () => void): () => void;
}

export function createWorkspaceService(
  catalog: WorkspaceCatalog,
  settings: SettingsStore,
  changes: ChangeFeed,
): WorkspaceService {
  const [workspaces, setWorkspaces] = createSignal<WorkspaceRecord[]>([]);
  const [currentId, setCurrentId] = createSignal<string | undefined>();
  const [entries, setEntries] = createSignal<FileMeta[]>([]);
  const [loading, setLoading] = createSignal(true);
  const fileListeners = new Set<(paths: string[], local: boolean) => void>();
  const workspaceListeners = new Set<() => void>();
  let filesOfCurrent: WorkspaceFiles | undefined;

  const current = () => workspaces().find((w) => w.id === currentId());

  async function refreshWorkspaces() {
    setWorkspaces(await catalog.list());
  }

  async function refreshEntries() {
    const id = currentId();
    const list = id ? await catalog.files(id).list() : [];
    if (id === currentId()) setEntries(list);
  }

  async function open(id: string) {
    const list = await catalog.list();
    const target = list.find((w) => w.id === id) ?? list[0];
    filesOfCurrent = target ? catalog.files(target.id) : undefined;
    const listing = target ? await filesOfCurrent!.list() : [];
    batch(() => {
      setWorkspaces(list);
      setCurrentId(target?.id);
      setEntries(listing);
    });
    for (const listener of workspaceListeners) listener();
    if (target) await settings.set(LAST_WORKSPACE_KEY, target.id);
  }

  changes.subscribe(({ change, local }) => {
    if (change.type === 'workspaces' || change.type === 'restored') {
      void (async () => {
        await refreshWorkspaces();
        // The open workspace was deleted (here or elsewhere): move to another one.
        if (!workspaces().some((w) => w.id === currentId())) await open(workspaces()[0]?.id ?? '');
        else if (change.type === 'restored') await refreshEntries();
      })();
    }
    // Git's own writes (hidden-paths.ts) change nothing the tree, tabs or search show.
    if (
      change.type === 'files' &&
      change.workspaceId === currentId() &&
      !(change.paths.length > 0 && change.paths.every(isHiddenPath))
    ) {
      void refreshEntries().then(() => {
        for (const listener of fileListeners) listener(change.paths, local);
      });
    }
    if (change.type === 'restored') {
      for (const listener of fileListeners) listener([], local);
    }
  });

  return {
    workspaces,
    current,
    entries,
    loading,
    files: () => filesOfCurrent,
    open,
    async create(name) {
      const workspace = await catalog.create(name);
      await open(workspace.id);
      return workspace;
    },
    async rename(id, name) {
      await catalog.rename(id, name);
      await refreshWorkspaces();
    },
    async delete(id) {
      await catalog.delete(id);
      await refreshWorkspaces();
      if (id === currentId()) await open(workspaces()[0]?.id ?? '');
    },
    async start() {
      try {
        const welcome = await catalog.welcomeOnFirstVisit();
        const last = welcome?.id ?? (await settings.get<string>(LAST_WORKSPACE_KEY));
        await open(last ?? '');
        return welcome ? { firstFile: WELCOME_FIRST_FILE } : {};
      } finally {
        setLoading(false);
      }
    },
    onFilesChanged(listener) {
      fileListeners.add(listener);
      return () => fileListeners.delete(listener);
    },
    onWorkspaceChanged(listener) {
      workspaceListeners.add(listener);
      return () => workspaceListeners.delete(listener);
    },
  };
}
