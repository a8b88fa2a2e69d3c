/**
 * One writer per session across tabs (invariant 12): a tab holds the session's lock while it
 * streams a reply. Another tab then refuses to send in that session, and a tab starting up
 * can tell a reply that is still being written (lock held) from one a closed tab left
 * behind (lock free). The Web Locks implementation lives with the page
 * (src/app/session-locks.ts); this layer only needs the contract.
 */
export interface SessionLocks {
  /**
   * Runs `task` holding the session's lock; resolves with its result. Resolves `undefined`
   * without running it when another tab holds the lock.
   */
  tryWith<T>(sessionId: string, task: () => Promise<T>): Promise<{ value: T } | undefined>;
  /** True when some tab holds the session's lock now. */
  isHeld(sessionId: string): Promise<boolean>;
}

/** Locks within one process, for tests, Node and environments without Web Locks. */
export function createMemorySessionLocks(): SessionLocks {
  const held = new Set<string>();
  return {
    async tryWith(sessionId, task) {
      if (held.has(sessionId)) return undefined;
      held.add(sessionId);
      try {
        return { value: await task() };
      } finally {
        held.delete(sessionId);
      }
    },
    async isHeld(sessionId) {
      return held.has(sessionId);
    },
  };
}
