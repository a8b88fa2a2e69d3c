/**
 * The writes of one file, one at a time. A write asked for while another is in flight does
 * not start beside it (two writes of one file racing could leave either text, or trip over
 * each other's version); it waits, and every request made meanwhile shares that one queued
 * write. The write function reads the text when it starts, so the queued write saves the
 * newest text, whole, and nothing older can land after it.
 */
export interface SerialWriter {
  /**
   * Starts a write now when none is in flight (synchronously: the write function runs before
   * this returns), or queues one to start when the write in flight ends. Resolves with the
   * result of the write that covers this request; never rejects.
   */
  request(): Promise<boolean>;
  /** True from the start of a write until the last queued one ends. */
  readonly busy: boolean;
}

/**
 * `write` performs one whole write and resolves true when it is committed, false when it was
 * refused or failed (it should report why itself); a rejection counts as false.
 * `onBusy` is told when `busy` changes.
 */
export function makeSerialWriter(
  write: () => Promise<boolean>,
  onBusy: (busy: boolean) => void = () => undefined,
): SerialWriter {
  let current: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;

  const start = (): Promise<boolean> => {
    let attempt: Promise<boolean>;
    try {
      attempt = write().catch(() => false);
    } catch {
      attempt = Promise.resolve(false);
    }
    const run = attempt.then((result) => {
      if (current === run) {
        current = undefined;
        if (!queued) onBusy(false);
      }
      return result;
    });
    current = run;
    return run;
  };

  return {
    request() {
      if (queued) return queued;
      if (!current) {
        onBusy(true);
        return start();
      }
      const next = current.then(() => {
        queued = undefined;
        return start();
      });
      queued = next;
      return next;
    },
    get busy() {
      return current !== undefined || queued !== undefined;
    },
  };
}
