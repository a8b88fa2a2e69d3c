import { SIGINT } from './python-protocol';

/**
 * What Pyodide reads as its interrupt buffer (`setInterruptBuffer`), standing in for the
 * plain Int32Array. Python's eval loop reads index 0 every few thousand bytecodes and
 * raises the signal found there (SIGINT → KeyboardInterrupt), then writes 0.
 *
 * Two sources feed it: the shared buffer the page writes (Stop, output pokes; only when
 * cross-origin isolated) and a deadline the worker sets itself. The deadline is what makes
 * a run's timeout exact without any timer: the check runs inside the busy loop, so it
 * holds when the page is not isolated and when the page's timers are throttled in a
 * background tab. Code that blocks outside the eval loop (time.sleep, a C extension) never
 * reads it; the page's watchdog terminates the worker then.
 *
 * Signals reach only the user's code: the source is shielded (reads return 0 and pending
 * signals wait) outside execution and from the moment the harness handles the exception
 * that ended it, so an interrupt can never break the harness's own bookkeeping.
 *
 * This relies on how Pyodide 314 reads the buffer (index 0, read then write 0); a unit test
 * pins that contract, and the worker checks at boot that a passed deadline interrupts a
 * loop, falling back to the plain buffer if it does not.
 */
export class InterruptSource {
  /** Monotonic ms (the `now` clock) after which one read returns SIGINT; undefined: none. */
  private deadline: number | undefined;
  private expired = false;
  private shielded = true;

  constructor(
    private readonly shared: Int32Array | undefined,
    private readonly now: () => number,
  ) {}

  /** Execution starts: signals reach Python; SIGINT once, `ms` from now. */
  armDeadline(ms: number): void {
    this.deadline = this.now() + ms;
    this.expired = false;
    this.shielded = false;
  }

  /** The harness takes over (execution ended or is being reported): hold signals back. */
  shield(): void {
    this.shielded = true;
  }

  /** Execution is over: shield, drop the deadline and any pending signal. */
  disarm(): void {
    this.shielded = true;
    this.deadline = undefined;
    if (this.shared) Atomics.store(this.shared, 0, 0);
  }

  /** True when the deadline raised an interrupt since it was armed. */
  get timedOut(): boolean {
    return this.expired;
  }

  get 0(): number {
    if (this.shielded) return 0;
    const signal = this.shared ? Atomics.load(this.shared, 0) : 0;
    if (signal) return signal;
    if (this.deadline !== undefined && this.now() >= this.deadline) {
      this.deadline = undefined;
      this.expired = true;
      return SIGINT;
    }
    return 0;
  }

  set 0(value: number) {
    if (this.shared && !this.shielded) Atomics.store(this.shared, 0, value);
  }
}
