import type { Clock } from '../base/clock';
import type { PythonRuntime, RuntimePhase } from './python-runtime';

/** Phases that say the runtime's start has ended, one way or the other. */
const SETTLED: ReadonlySet<RuntimePhase> = new Set(['ready', 'running', 'stopping', 'failed']);

/**
 * Resolves once the runtime's start has ended, ready or failed, or after `limitMs`
 * whatever happened. Work that only competes for the CPU waits for it: Python's boot is
 * what the first Run waits on, and on two cores a service worker's precache or the
 * linter's 11 MB of wasm compiling beside it made a first visit's first output about a
 * second later (`npm run bench`, python suite).
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
    const done = () => {
      unsubscribe();
      cancelLimit();
      resolve();
    };
    const unsubscribe = runtime.subscribe((status) => {
      if (SETTLED.has(status.phase)) done();
    });
    const cancelLimit = clock.schedule(done, limitMs);
  });
}
