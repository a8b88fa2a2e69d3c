import type { Clock } from '../base/clock';
import { hasControlCharacter } from '../base/control-characters';
import { findBidiControl } from './paths';
import { workspaceError } from './workspace-errors';
import { newId } from '../base/ids';
import type { CoveStore } from '../store/cove-store';
import type { WorkspaceRecord } from '../store/records';
import { WELCOME_FILES, WELCOME_WORKSPACE_NAME } from './welcome-files';
import { WorkspaceFiles } from './workspace-files';

/** Longest workspace name, in characters. */
export const MAX_WORKSPACE_NAME = 80;

/** Settings key that records that the first-visit workspace was created once. */
const WELCOMED_KEY = 'app.welcomed';

/**
 * The list of workspaces: create, rename, delete, and the first-visit Welcome workspace.
 * Names are trimmed, non-empty, at most 80 characters and unique regardless of case.
 */
export class WorkspaceCatalog {
  constructor(
    private readonly store: CoveStore,
    private readonly clock: Clock,
    private readonly makeId: () => string = newId,
  ) {}

  /** All workspaces, most recently changed first. */
  list(): Promise<WorkspaceRecord[]> {
    return this.store.workspaces.list();
  }

  get(id: string): Promise<WorkspaceRecord | undefined> {
    return this.store.workspaces.get(id);
  }

  /** The file system of one workspace. */
  files(workspaceId: string): WorkspaceFiles {
    return new WorkspaceFiles(this.store.files, workspaceId, this.clock);
  }

  async create(name: string): Promise<WorkspaceRecord> {
    const clean = await this.checkName(name);
    const now = this.clock.now();
    const workspace: WorkspaceRecord = {
      id: this.makeId(),
      name: clean,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.workspaces.put(workspace);
    return workspace;
  }

  async rename(id: string, name: string): Promise<WorkspaceRecord> {
    const existing = await this.require(id);
    const clean = await this.checkName(name, id);
    const renamed = { ...existing, name: clean, updatedAt: this.clock.now() };
    await this.store.workspaces.put(renamed);
    return renamed;
  }

  /** Removes the workspace with all its files. */
  async delete(id: string): Promise<void> {
    await this.require(id);
    await this.store.workspaces.delete(id);
  }

  /**
   * On the very first visit, creates the Welcome workspace and returns it. Later visits
   * (even with every workspace deleted) return undefined and create nothing.
   */
  async welcomeOnFirstVisit(): Promise<WorkspaceRecord | undefined> {
    if (await this.store.settings.get<boolean>(WELCOMED_KEY)) return undefined;
    if ((await this.list()).length > 0) {
      await this.store.settings.set(WELCOMED_KEY, true);
      return undefined;
    }
    const workspace = await this.create(WELCOME_WORKSPACE_NAME);
    await this.files(workspace.id).importFiles(
      Object.entries(WELCOME_FILES).map(([path, text]) => ({
        path,
        bytes: new TextEncoder().encode(text),
      })),
    );
    await this.store.settings.set(WELCOMED_KEY, true);
    return workspace;
  }

  private async require(id: string): Promise<WorkspaceRecord> {
    const workspace = await this.store.workspaces.get(id);
    if (!workspace) {
      throw workspaceError('missing', { variant: 'workspace' });
    }
    return workspace;
  }

  private async checkName(name: string, selfId?: string): Promise<string> {
    const clean = name.trim().normalize('NFC');
    if (!clean) throw workspaceError('bad-name', { variant: 'empty' });
    if (clean.length > MAX_WORKSPACE_NAME) {
      throw workspaceError('bad-name', { variant: 'too-long', limit: MAX_WORKSPACE_NAME });
    }
    if (hasControlCharacter(clean)) {
      throw workspaceError('bad-name', { variant: 'control-character' });
    }
    const bidi = findBidiControl(clean);
    if (bidi) throw workspaceError('bad-name', { variant: 'bidi-control', control: bidi });
    const taken = (await this.list()).some(
      (workspace) =>
        workspace.id !== selfId && workspace.name.toLowerCase() === clean.toLowerCase(),
    );
    if (taken) {
      throw workspaceError('exists', { variant: 'workspace', name: clean });
    }
    return clean;
  }
}
