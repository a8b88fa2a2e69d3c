import type { Clock } from '../base/clock';
import type { PythonRuntime, RuntimePhase } from './python-runtime';

/** Phases in which Python has nothing in hand: its start and every queued run are over. */
const SETTLED: ReadonlySet<RuntimePhase> = new Set(['ready', 'failed']);

/**
 * Resolves once the runtime's start has ended, ready or failed, and a run queued during the
 * start (the person's first Run) has ended too; or after `limitMs` whatever happened. Work
 * that only competes for the CPU waits for it: on two cores a service worker's precache,
 * the linter's 11 MB of wasm compiling or the Markdown renderer loading beside Python's
 * boot made the first output later (`npm run bench`, python suite).
 *
 * The runtime is `ready` for a moment between its boot and a queued run taking it, so
 * `ready` counts only when it still holds on the next turn of the event loop.
 */
export function whenStartSettles(
  runtime: Pick<PythonRuntime, 'status' | 'subscribe'>,
  clock: Clock,
  limitMs = 20_000,
): Promise<void> {
  return new Promise<void>((resolve) => {
    if (SETTLED.has(runtime.status().phase)) {
      resolve();
      return;
    }
    let cancelCheck: (() => void) | undefined;
    const done = () => {
      unsubscribe();
      cancelLimit();
      cancelCheck?.();
      resolve();
    };
    const unsubscribe = runtime.subscribe((status) => {
      cancelCheck?.();
      cancelCheck = undefined;
      if (!SETTLED.has(status.phase)) return;
      cancelCheck = clock.schedule(() => {
        if (SETTLED.has(runtime.status().phase)) done();
      }, 0);
    });
    const cancelLimit = clock.schedule(done, limitMs);
  });
}
