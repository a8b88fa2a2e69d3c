/**
 * A gate for tests that must act while something is mid-way, without timing: the code
 * under test calls `wait()` (it resolves `reached` and then waits for `open()`); the test
 * awaits `reached`, looks or acts, and calls `open()`.
 */
export interface Gate {
  /** Resolves when something first waits at the gate. */
  readonly reached: Promise<void>;
  /** True once something has waited at the gate. */
  readonly isReached: boolean;
  /** Called by the code under test: marks the gate reached and waits until it opens. */
  wait(): Promise<void>;
  /** Lets everything waiting (and everything that waits later) through. */
  open(): void;
}

/** A new closed gate. */
export function makeGate(): Gate {
  let markReached!: () => void;
  let release!: () => void;
  let isReached = false;
  const reached = new Promise<void>((resolve) => (markReached = resolve));
  const opened = new Promise<void>((resolve) => (release = resolve));
  return {
    reached,
    get isReached() {
      return isReached;
    },
    wait() {
      isReached = true;
      markReached();
      return opened;
    },
    open: () => release(),
  };
}
