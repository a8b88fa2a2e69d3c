/**
 * Writes what the session engine produces (tldraw's "persistence is a client subscribed to
 * the store"): a growing node at least once a second while it grows, at once when the page
 * goes away, and in full when it ends. On start it recovers what a closed tab left behind:
 * nodes still marked `streaming` whose session lock nobody holds become `interrupted`, with
 * everything they held (invariant 2: never lost, never left streaming).
 */
import type { Clock } from '../base/clock';
import type { NodeRecord } from '../store/records';
import type { SessionStore } from '../store/session-store';
import type { SessionEngineEvent } from './session-engine';
import type { SessionLocks } from './session-locks';
import { finalPatch, growsNode, progressPatch, type NodeDraft } from './session-reducer';

/** How often a growing node is written to the store, at the least (DESIGN.md: once a second). */
export const STREAM_PERSIST_MS = 1000;

export interface SessionPersisterDeps {
  sessions: SessionStore;
  clock: Clock;
  /** Tells a node another tab is still writing (lock held) from one left behind. */
  locks: SessionLocks;
  /** A write failed; `what` says which, for the person ("Could not save the reply"). */
  onError(error: unknown, what: string): void;
  /**
   * Registers `listener` to run when the page is going away (`pagehide`) and returns its
   * removal. The page passes this in; under Node there is none.
   */
  onPageHide?: (listener: () => void) => () => void;
  /** Longest wait before a growing node is written, in milliseconds. */
  intervalMs?: number;
}

export interface SessionPersister {
  /**
   * The engine's listener: subscribe it to the engine. The promise it returns for a node's
   * end settles when the node's final state is stored (or the write failed and was reported).
   */
  handle(event: SessionEngineEvent): Promise<void> | undefined;
  /** Starts the writes of every growing node now (the page is going away). */
  flush(): void;
  /** Marks nodes a closed tab left streaming as interrupted; returns their ids. */
  recover(): Promise<string[]>;
  /** Cancels pending writes and stops listening for the page going away. */
  dispose(): void;
}

interface PendingWrite {
  draft: NodeDraft;
  cancel: () => void;
}

export function createSessionPersister(deps: SessionPersisterDeps): SessionPersister {
  const { sessions, clock, locks, onError } = deps;
  const intervalMs = deps.intervalMs ?? STREAM_PERSIST_MS;
  /** Growing nodes with a write scheduled, by id. At most one timer per node. */
  const pending = new Map<string, PendingWrite>();

  function writeProgress(nodeId: string) {
    const entry = pending.get(nodeId);
    if (!entry) return;
    entry.cancel();
    pending.delete(nodeId);
    void sessions
      .updateNode(nodeId, progressPatch(entry.draft))
      .catch((error: unknown) => onError(error, 'Could not save the reply as it streamed'));
  }

  /** Remembers the newest draft; the first growth after a write schedules the next one. */
  function grew(draft: NodeDraft) {
    const entry = pending.get(draft.id);
    if (entry) {
      entry.draft = draft;
      return;
    }
    const cancel = clock.schedule(() => writeProgress(draft.id), intervalMs);
    pending.set(draft.id, { draft, cancel });
  }

  async function finish(draft: NodeDraft) {
    pending.get(draft.id)?.cancel();
    pending.delete(draft.id);
    await sessions
      .updateNode(draft.id, finalPatch(draft))
      .catch((error: unknown) => onError(error, 'Could not save the reply'));
  }

  const flush = () => {
    for (const nodeId of [...pending.keys()]) writeProgress(nodeId);
  };
  const stopListening = deps.onPageHide?.(flush);

  return {
    handle(event) {
      if (event.type !== 'node_event') return undefined;
      if (event.event.type === 'node_end') return finish(event.draft);
      if (growsNode(event.event)) grew(event.draft);
      return undefined;
    },
    flush,
    async recover() {
      const leftovers: NodeRecord[] = await sessions.streamingNodes();
      const marked: string[] = [];
      for (const node of leftovers) {
        if (await locks.isHeld(node.sessionId)) continue;
        await sessions.updateNode(node.id, { status: 'interrupted', finishedAt: clock.now() });
        marked.push(node.id);
      }
      return marked;
    },
    dispose() {
      stopListening?.();
      for (const entry of pending.values()) entry.cancel();
      pending.clear();
    },
  };
}
