import { ManualClock } from '../../base/clock';
import type { CoveStore } from '../../store/cove-store';
import type { FileChange } from '../../store/file-store';
import { createMemoryStore } from '../../store/memory-store';
import type { FileContent } from '../../store/records';
import { indexListing, planParents } from '../../workspace/file-plans';
import { normalizePath } from '../../workspace/paths';
import { WorkspaceFiles } from '../../workspace/workspace-files';
import type { ToolUpdateSink } from '../tool';
import type { FileToolContext } from './file-tool-context';
import { ReadTracker } from './read-tracker';

/** An in-memory workspace with a file tool context over it, and handles to look inside. */
export interface MemoryFileToolSetup {
  context: FileToolContext;
  /** The same workspace, for writing "as another writer" (the editor, Python) in tests. */
  files: WorkspaceFiles;
  store: CoveStore;
  clock: ManualClock;
  /** Aborts `context.signal`, as Stop does. */
  abort(): void;
}

/**
 * Builds a workspace in a MemoryStore holding `files` (path → content; folders are
 * created as needed) and a FileToolContext over it with a fresh ReadTracker. For tests,
 * demos and running the agent core under Node.
 */
export async function createMemoryFileToolContext(
  options: { files?: Record<string, FileContent>; update?: ToolUpdateSink } = {},
): Promise<MemoryFileToolSetup> {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const store = createMemoryStore();
  const workspaceId = 'memory-workspace';
  await store.workspaces.put({
    id: workspaceId,
    name: 'Memory workspace',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  const files = new WorkspaceFiles(store.files, workspaceId, clock);
  // One batch, so a test workspace of thousands of files is quick to build.
  const changes: FileChange[] = [];
  const listing = indexListing([]);
  const folders = new Set<string>();
  for (const [raw, content] of Object.entries(options.files ?? {})) {
    const path = normalizePath(raw);
    changes.push(...planParents(listing, path, folders));
    changes.push({ type: 'put', path, kind: 'file', content, expect: 'absent' });
  }
  if (changes.length) await files.apply(changes);
  const controller = new AbortController();
  return {
    context: {
      signal: controller.signal,
      update: options.update ?? (() => undefined),
      files,
      reads: new ReadTracker(),
    },
    files,
    store,
    clock,
    abort: () => controller.abort(),
  };
}
