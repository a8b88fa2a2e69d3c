import type { Clock } from '../base/clock';

/** How long without a key press counts as a pause in typing, in milliseconds. */
export const TYPING_PAUSE_MS = 1_500;

/**
 * Tells when the person pauses their typing. Background work that only competes for the
 * CPU (compiling Ruff's 11 MB of wasm, the service worker's precache, loading the Markdown
 * renderer) waits for a pause: on two cores, started while someone types, it made each
 * keystroke wait for the screen (`npm run bench`, editor suite).
 */
export interface TypingPause {
  /**
   * Resolves once no key has been pressed for `quietMs`: at once when none was pressed in
   * the last `quietMs`, else that long after the last one (later presses push it back).
   */
  after(quietMs?: number): Promise<void>;
}

/**
 * `subscribe` reports each key press (the page passes its keydown events); the listener
 * stays for the page's life, so the last press is known whenever `after` is asked.
 */
export function createTypingPause(
  subscribe: (listener: () => void) => () => void,
  clock: Clock,
): TypingPause {
  let lastPress = Number.NEGATIVE_INFINITY;
  subscribe(() => {
    lastPress = clock.now();
  });
  return {
    after(quietMs = TYPING_PAUSE_MS) {
      return new Promise<void>((resolve) => {
        const check = () => {
          const quietFor = clock.now() - lastPress;
          if (quietFor >= quietMs) resolve();
          else clock.schedule(check, quietMs - quietFor);
        };
        check();
      });
    },
  };
}
