/**
 * When an editor tab saves by itself: once typing pauses, and at the latest a while after
 * the first edit not yet saved, so a long stretch of typing is saved too.
 */
import type { Clock } from '../base/clock';

/** A pause in typing this long saves the file, in milliseconds. */
export const AUTOSAVE_MS = 700;

/**
 * Longest wait between an unsaved edit and its automatic save while typing goes on, in
 * milliseconds. Each save costs the page a copy of the text, a write, a change notice and a
 * read of the listing: saving every 700 ms while keys came 100–400 ms apart on a busy machine
 * put that work between keys (issue 28). Leaving the page saves at once (flushNow).
 */
export const AUTOSAVE_MAX_MS = 2_000;

/** What the timer keeps on the tab. */
export interface AutosaveState {
  /** Cancels the scheduled autosave, if any. */
  timer?: () => void;
  /** When the last edit that scheduled an autosave was made (the clock's milliseconds). */
  lastEdit: number;
}

/**
 * Notes an edit of `tab` and makes sure a save follows: `save` runs once typing pauses for
 * AUTOSAVE_MS, or AUTOSAVE_MAX_MS after the first edit not yet saved. A key press only notes
 * its time; one timer looks at it when it fires.
 */
export function scheduleAutosave(tab: AutosaveState, clock: Clock, save: () => void): void {
  tab.lastEdit = clock.now();
  if (tab.timer) return;
  const since = tab.lastEdit;
  const check = () => {
    const wait = Math.min(tab.lastEdit + AUTOSAVE_MS, since + AUTOSAVE_MAX_MS) - clock.now();
    if (wait > 0) {
      tab.timer = clock.schedule(check, wait);
      return;
    }
    tab.timer = undefined;
    save();
  };
  tab.timer = clock.schedule(check, AUTOSAVE_MS);
}
