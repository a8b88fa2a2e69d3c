/**
 * A one-reader queue that turns pushes from concurrent work (parallel tools streaming
 * output, the turn loop) into one ordered async iteration. Pushing never blocks; the
 * reader gets the items in push order and ends after `close()` once the queue is empty.
 * Items pushed after `close()` are dropped, so work that outlives the run (a tool that
 * ignored Stop) cannot add events after the end.
 */
export class AgentEventChannel<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private head = 0;
  private closed = false;
  private wake: (() => void) | undefined;

  /** Adds an item, unless the channel is closed. */
  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.notify();
  }

  /** No more items; the reader ends after the ones queued. */
  close(): void {
    this.closed = true;
    this.notify();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.head < this.items.length) {
        const item = this.items[this.head++]!;
        // Drop consumed items now and then, so a long run does not keep them all.
        if (this.head > 1024 && this.head * 2 > this.items.length) {
          this.items = this.items.slice(this.head);
          this.head = 0;
        }
        yield item;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
