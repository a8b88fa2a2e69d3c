/**
 * Joins the text (or reasoning) deltas that arrive together into one. A fast provider sends
 * hundreds of deltas in one network read; folding, publishing and storing each on its own
 * cost the engine more than the request itself. Deltas of one kind wait until the stream
 * pauses (the next task of the event loop), until an event of another kind comes, or until
 * the stream ends, then go on as one delta stamped with the time of the first: the node
 * folds to the same content, and nothing waits longer than the read that brought it.
 *
 * The pause is the event loop's next task (a MessageChannel message in the app), not clock
 * time: a test's manual clock does not move while a stream waits, and the page must see what
 * arrived without time passing.
 */
import type { Clock } from '../base/clock';
import type { SessionEvent } from './session-events';

type Batched = Extract<SessionEvent, { type: 'text_delta' | 'reasoning_delta' }>;

export interface DeltaBatcher {
  /** Takes the stream's next event; a delta may wait, anything else sends the waiting one first. */
  push(event: SessionEvent): void;
  /** Sends the waiting delta now (the stream ended). */
  flush(): void;
}

function isBatched(event: SessionEvent): event is Batched {
  return event.type === 'text_delta' || event.type === 'reasoning_delta';
}

/** Runs `fn` in a later task of the event loop; returns its cancellation. */
export type NextTask = (fn: () => void) => () => void;

/**
 * Without a `later`, nothing waits: each delta is folded as it comes (an engine under test
 * that follows a stream event by event).
 */
export function createDeltaBatcher(
  clock: Clock,
  fold: (event: SessionEvent, at: number) => void,
  later?: NextTask,
): DeltaBatcher {
  let waiting: { type: Batched['type']; delta: string; at: number } | undefined;
  let cancelTimer: (() => void) | undefined;

  function flush() {
    cancelTimer?.();
    cancelTimer = undefined;
    if (!waiting) return;
    const { type, delta, at } = waiting;
    waiting = undefined;
    fold({ type, delta }, at);
  }

  return {
    push(event) {
      if (!later || !isBatched(event)) {
        flush();
        fold(event, clock.now());
        return;
      }
      if (waiting?.type === event.type) {
        waiting.delta += event.delta;
        return;
      }
      flush();
      waiting = { type: event.type, delta: event.delta, at: clock.now() };
      cancelTimer = later(flush);
    },
    flush,
  };
}
