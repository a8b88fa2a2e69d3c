import type { WorkspaceFileAccess } from '../../workspace/file-access';
import type { ToolContext } from '../tool';
import type { ReadTracker } from './read-tracker';

/**
 * What the workspace file tools use: the workspace's files (through the workspace layer,
 * so path rules, size limits and version checks hold) and the session's read tracker.
 */
export interface FileToolContext extends ToolContext {
  files: WorkspaceFileAccess;
  reads: ReadTracker;
  /**
   * True when `path` is open in an editor with text not yet saved. Writes, edits, deletes
   * and moves of such a file are refused (the person's text is never overwritten
   * silently). Omitted where no editor exists (tests, Node).
   */
  hasUnsavedEdits?: (path: string) => boolean;
}
