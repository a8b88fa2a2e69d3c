import type { Clock } from '../base/clock';

/** What a watchdog needs: a clock, a budget, and what to do when it is spent. */
export interface RunWatchdogOptions {
  clock: Clock;
  /** Budget in milliseconds from the start time given to `arm`. */
  timeoutMs: number;
  /** Called once, with the elapsed milliseconds, when the budget is spent. */
  onTimeout: (elapsedMs: number) => void;
}

/**
 * Decides when a run has used its time. The start comes from the worker (when execution
 * really began, package loading excluded), not from when the main thread heard of it, so a
 * busy or throttled page neither shortens nor lengthens the budget. Timers are only a wake-up
 * call: when one fires early the watchdog sleeps again for the rest, when one fires late
 * (a background tab) the run is stopped at once, measured against the clock.
 */
export class RunWatchdog {
  private startedAt: number | undefined;
  private cancel: (() => void) | undefined;
  private fired = false;

  constructor(private readonly options: RunWatchdogOptions) {}

  /**
   * Starts counting from `startedAt` (epoch ms, the clock's time base). The value is
   * clamped to `[notBefore, now]`: a worker clock that disagrees with ours can never put
   * the start before the request was sent or after we heard of it.
   */
  arm(startedAt: number, notBefore = -Infinity): void {
    if (this.fired) return;
    const now = this.options.clock.now();
    this.startedAt = Math.min(Math.max(startedAt, notBefore), now);
    this.check();
  }

  /** Stops counting (execution ended, or the run is being stopped anyway). */
  disarm(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.startedAt = undefined;
  }

  /** Milliseconds since the start, or undefined when not armed. */
  elapsed(): number | undefined {
    return this.startedAt === undefined ? undefined : this.options.clock.now() - this.startedAt;
  }

  /** True once onTimeout was called. */
  get expired(): boolean {
    return this.fired;
  }

  private check(): void {
    this.cancel?.();
    this.cancel = undefined;
    const elapsed = this.elapsed();
    if (elapsed === undefined || this.fired) return;
    const remaining = this.options.timeoutMs - elapsed;
    if (remaining <= 0) {
      this.fired = true;
      this.startedAt = undefined;
      this.options.onTimeout(elapsed);
      return;
    }
    this.cancel = this.options.clock.schedule(() => this.check(), remaining);
  }
}
