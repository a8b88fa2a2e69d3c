import type { WorkspaceRecord } from './records';

export interface WorkspaceStore {
  /** All workspaces, most recently updated first. */
  list(): Promise<WorkspaceRecord[]>;
  get(id: string): Promise<WorkspaceRecord | undefined>;
  put(workspace: WorkspaceRecord): Promise<void>;
  /** Removes the workspace and everything that belongs to it, in one transaction. */
  delete(id: string): Promise<void>;
}
