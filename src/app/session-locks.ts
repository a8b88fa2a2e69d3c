/**
 * One writer per session across tabs (invariant 12): a tab holds the session's lock while it
 * streams a reply. Another tab then refuses to send in that session, and a tab starting up
 * can tell a reply that is still being written (lock held) from one a closed tab left
 * behind (lock free).
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

const lockName = (sessionId: string) => `cove-session-${sessionId}`;

/** Locks over the Web Locks API, shared by every tab of the origin. */
export function createWebSessionLocks(locks: LockManager): SessionLocks {
  return {
    async tryWith(sessionId, task) {
      let result: { value: Awaited<ReturnType<typeof task>> } | undefined;
      await locks.request(lockName(sessionId), { ifAvailable: true }, async (lock) => {
        if (!lock) return;
        result = { value: await task() };
      });
      return result;
    },
    async isHeld(sessionId) {
      const state = await locks.query();
      return (state.held ?? []).some((lock) => lock.name === lockName(sessionId));
    },
  };
}

/** Locks within one process, for tests and environments without Web Locks. */
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
