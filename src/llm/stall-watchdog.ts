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

/**
 * Creates a watchdog over the injected clock (see {@link StallWatchdog}). `touch` runs for
 * every chunk of a stream, so it only notes the time; the one timer checks, when it fires,
 * whether the stream was quiet all along, and otherwise waits for the rest.
 */
export function makeStallWatchdog(
  clock: Clock,
  timeoutMs: number,
  onStall: () => void,
): StallWatchdog {
  let cancel: (() => void) | undefined;
  let stopped = false;
  let fired = false;
  let paused = false;
  let lastTouch = clock.now();
  const arm = (delay: number) => {
    cancel = clock.schedule(check, delay);
  };
  const check = () => {
    cancel = undefined;
    if (stopped) return;
    // Paused: the consumer is busy, not the server; look again a full timeout later.
    if (paused) {
      arm(timeoutMs);
      return;
    }
    const quiet = clock.now() - lastTouch;
    if (quiet < timeoutMs) {
      arm(timeoutMs - quiet);
      return;
    }
    stopped = true;
    fired = true;
    onStall();
  };
  arm(timeoutMs);
  return {
    touch() {
      if (stopped) return;
      lastTouch = clock.now();
      paused = false;
      if (!cancel) arm(timeoutMs);
    },
    pause() {
      paused = true;
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
