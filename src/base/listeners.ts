/** A set of callbacks. `subscribe` returns its own unsubscribe; a throwing listener is
 * reported to `onListenerError` and does not stop the others. */
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = reportListenerError) {}

  subscribe(listener: (value: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  emit(value: T): void {
    for (const listener of [...this.set]) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get size(): number {
    return this.set.size;
  }
}

function reportListenerError(error: unknown): void {
  console.error('A listener threw:', error);
}
