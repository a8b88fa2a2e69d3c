import type { Clock } from '../base/clock';

/**
 * Fires `onStall` once when `timeoutMs` pass without a `touch()`. Armed on creation.
 * `pause()` stops the countdown while the consumer, not the server, is the slow one;
 * `touch()` restarts it in full. After `stop()` or after firing, every call is a no-op.
 */
export interface StallWatchdog {
  touch(): void;
  pause(): void;
  stop(): void;
  /** True once `onStall` ran. */
  readonly fired: boolean;
}

/** Creates a watchdog over the injected clock (see {@link StallWatchdog}). */
export function makeStallWatchdog(
  clock: Clock,
  timeoutMs: number,
  onStall: () => void,
): StallWatchdog {
  let cancel: (() => void) | undefined;
  let stopped = false;
  let fired = false;
  const arm = () => {
    cancel?.();
    cancel = clock.schedule(() => {
      cancel = undefined;
      if (stopped) return;
      stopped = true;
      fired = true;
      onStall();
    }, timeoutMs);
  };
  arm();
  return {
    touch() {
      if (!stopped) arm();
    },
    pause() {
      cancel?.();
      cancel = undefined;
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
    },
    get fired() {
      return fired;
    },
  };
}
