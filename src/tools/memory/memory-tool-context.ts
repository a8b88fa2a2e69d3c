/**
 * What the memory tools use: the notes, the open workspace (for the workspace's scope),
 * which scopes the person turned on, and what outside text the run has read so far.
 */
import type {
  AssistantMemoryStore,
  MemoryPlace,
  MemoryRefusal,
  MemoryScope,
} from '../../store/assistant-memory-store';
import type { ToolContext } from '../tool';

export interface MemoryToolHost {
  store: AssistantMemoryStore;
  /** The open workspace; absent: only the user's scope can be reached. */
  workspaceId?: string;
  /** False for a scope the person turned off in Settings → Memory. */
  enabled(scope: MemoryScope): boolean;
  /**
   * The tool whose result brought outside text (a file, a page, an MCP result) into this
   * run, if one did: a write after it is flagged.
   */
  outsideSource(): string | undefined;
}

export interface MemoryToolContext extends ToolContext {
  memory: MemoryToolHost;
}

/** The words for a scope the model and the person read. */
export const SCOPE_NAMES: Record<MemoryScope, string> = {
  user: "the user's memory (all workspaces)",
  workspace: "this workspace's memory",
};

/** The scope's place, or why it cannot be used (off, or no workspace open). */
export function placeOf(
  host: MemoryToolHost,
  scope: MemoryScope,
): { place: MemoryPlace } | { error: string } {
  if (!host.enabled(scope)) {
    return {
      error: `The user turned ${SCOPE_NAMES[scope]} off; nothing can be read or saved there.`,
    };
  }
  if (scope === 'user') return { place: { scope } };
  if (!host.workspaceId) return { error: 'No workspace is open; use scope "user".' };
  return { place: { scope, workspaceId: host.workspaceId } };
}

/** A refused write in words for the model: which cap, and by how much. */
export function refusalText(refusal: MemoryRefusal): string {
  switch (refusal.cap) {
    case 'empty':
      return 'A note needs a title and text; nothing was saved.';
    case 'title':
      return `The title is ${refusal.size} characters; titles are at most ${refusal.limit}. Nothing was saved.`;
    case 'entry':
      return `The note would be ${refusal.size} characters; a note holds at most ${refusal.limit}. Shorten it; nothing was saved.`;
    case 'total':
      return `The scope would hold ${refusal.size} characters; memory holds at most ${refusal.limit} per scope. Delete or shorten notes first; nothing was saved.`;
  }
}

/** The scope argument every memory tool takes. */
export const SCOPE_PARAMETER = {
  type: 'string',
  enum: ['user', 'workspace'],
  description:
    '"user": what holds for the user everywhere (preferences, habits); "workspace": what holds for this project only.',
} as const;
