/**
 * Whether another tab runs the session shown (holds its lock), for the chat panel: its
 * reply then shows as that tab writes it, and this tab does not offer to send. Web Locks
 * announce no release, so while one holds it this looks again every couple of seconds (its
 * writes also reload the view).
 */
import type { SessionLocks } from '../agent/session-locks';
import type { Clock } from '../base/clock';

/** How often a session running in another tab is looked at again. */
const ELSEWHERE_CHECK_MS = 2000;

export interface LockElsewhere {
  /** Looks at `sessionId` now (the session shown changed), and again while it is held. */
  check(sessionId: string | undefined): Promise<void>;
}

export function watchLockElsewhere(deps: {
  locks: SessionLocks;
  clock: Clock;
  /** This tab runs a session itself: then nothing else runs the one shown. */
  busy: () => boolean;
  /** The session shown now. */
  shown: () => string | undefined;
  /** Told whether another tab runs the session shown, at each look. */
  onChange(running: boolean): void;
}): LockElsewhere {
  const { locks, clock, busy, shown } = deps;
  const setRunning = (running: boolean) => deps.onChange(running);
  let again: (() => void) | undefined;

  async function check(sessionId: string | undefined): Promise<void> {
    again?.();
    again = undefined;
    if (!sessionId || busy()) return void setRunning(false);
    const held = await locks.isHeld(sessionId).catch(() => false);
    if (shown() !== sessionId) return;
    const elsewhere = held && !busy();
    setRunning(elsewhere);
    if (elsewhere) {
      again = clock.schedule(() => {
        again = undefined;
        void check(sessionId);
      }, ELSEWHERE_CHECK_MS);
    }
  }

  return { check };
}
