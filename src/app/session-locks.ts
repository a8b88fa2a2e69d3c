import type { SessionLocks } from '../agent/session-locks';

export { createMemorySessionLocks, type SessionLocks } from '../agent/session-locks';

const lockName = (sessionId: string) => `cove-session-${sessionId}`;

/** Session locks (see SessionLocks) over the Web Locks API, shared by every tab of the origin. */
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
