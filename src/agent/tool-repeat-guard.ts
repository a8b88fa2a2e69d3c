/** How many failures of the same call in a row end the run by default. */
export const DEFAULT_REPEATED_FAILURE_LIMIT = 3;

/**
 * Notices an agent stuck on one call: the same tool with the same arguments failing again
 * and again. Counts, per call, failures with no success of that call between them
 * (arguments compared as parsed JSON, so spacing and key order do not matter); other calls
 * in between do not reset the count, because "read, retry the same edit, read, retry" is
 * the loop this guard exists to stop.
 */
export class ToolRepeatGuard {
  private readonly failures = new Map<string, number>();

  constructor(private readonly limit: number = DEFAULT_REPEATED_FAILURE_LIMIT) {}

  /**
   * Records the outcome of one call; true when this failure reaches the limit and the run
   * should stop and ask the user.
   */
  record(name: string, args: Record<string, unknown> | string, failed: boolean): boolean {
    const key = `${name}\u0000${typeof args === 'string' ? args.trim() : canonicalJson(args)}`;
    if (!failed) {
      this.failures.delete(key);
      return false;
    }
    const count = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, count);
    return count >= this.limit;
  }
}

/** JSON with object keys sorted, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort())
      sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}
