import type { WorkspaceFiles } from './workspace-files';

/**
 * What code outside the workspace layer (the agent's file tools) may do with a workspace's
 * files: the WorkspaceFiles methods that keep path rules, size limits and atomic batches
 * with version checks. An interface, so a tool runs the same over the real workspace and
 * over an in-memory one, and cannot reach the store around these rules.
 */
export type WorkspaceFileAccess = Pick<
  WorkspaceFiles,
  'workspaceId' | 'list' | 'find' | 'write' | 'createFolder' | 'move' | 'delete'
>;
