import { SIGINT } from './python-protocol';

/**
 * What Pyodide reads as its interrupt buffer (`setInterruptBuffer`), standing in for the
 * plain Int32Array. Python's eval loop reads index 0 every few thousand bytecodes and
 * raises the signal found there (SIGINT → KeyboardInterrupt), then writes 0.
 *
 * Three sources feed it: the shared buffer the page writes (Stop, output pokes; only when
 * cross-origin isolated), a deadline the worker sets itself, and a memory ceiling. The deadline is what makes
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
/**
 * The interpreter's memory and the most a run may use. Pyodide's own ceiling is 4 GB, and
 * growing its heap costs about 300 ms per 64 MB: a program that eats all memory took half a
 * minute to fail with MemoryError, and under load it hit the time limit first with a
 * message about time. Stopping at a lower ceiling says what happened, sooner.
 */
export interface MemoryCeiling {
  bytes(): number;
  limit: number;
}

export class InterruptSource {
  /** Monotonic ms (the `now` clock) after which one read returns SIGINT; undefined: none. */
  private deadline: number | undefined;
  private expired = false;
  private overMemory = false;
  private shielded = true;

  constructor(
    private readonly shared: Int32Array | undefined,
    private readonly now: () => number,
    private readonly memory?: MemoryCeiling,
  ) {}

  /** Execution starts: signals reach Python; SIGINT once, `ms` from now. */
  armDeadline(ms: number): void {
    this.deadline = this.now() + ms;
    this.expired = false;
    this.overMemory = false;
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

  /** True when the memory ceiling raised an interrupt since the deadline was armed. */
  get exceededMemory(): boolean {
    return this.overMemory;
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
    if (!this.overMemory && this.memory && this.memory.bytes() > this.memory.limit) {
      this.overMemory = true;
      return SIGINT;
    }
    return 0;
  }

  set 0(value: number) {
    if (this.shared && !this.shielded) Atomics.store(this.shared, 0, value);
  }
}
