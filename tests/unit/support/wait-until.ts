import { vi } from 'vitest';

/**
 * `vi.waitFor` with a wait that suits a slow machine: its default gives up after one
 * second, which a loaded two-core machine running the browser suite beside it exceeded
 * (a condition that holds after 1.1 s is not a failure of Cove).
 */
export function waitUntil<T>(callback: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(callback, { timeout: 10_000, interval: 20 });
}
