import type { ManualClock } from '../../../../src/base/clock';
import type { LlmEvent } from '../../../../src/llm/llm-events';

/** All events of a stream, in order. */
export async function collect(stream: AsyncIterable<LlmEvent>): Promise<LlmEvent[]> {
  const events: LlmEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The iterator of a stream, for tests that pull events one at a time. */
export function iterate<T>(stream: AsyncIterable<T>): AsyncIterator<T> {
  return stream[Symbol.asyncIterator]();
}

/** The last event, which the ChatClient contract says is `done` or `error`. */
export function last(events: LlmEvent[]): LlmEvent {
  const event = events[events.length - 1];
  if (!event) throw new Error('the stream yielded nothing');
  return event;
}

/** The terminal error event; fails the test when the stream did not end with one. */
export function errorOf(events: LlmEvent[]): Extract<LlmEvent, { type: 'error' }> {
  const event = last(events);
  if (event.type !== 'error') throw new Error(`expected an error event, got ${event.type}`);
  return event;
}

/** The terminal done event; fails the test when the stream did not end with one. */
export function doneOf(events: LlmEvent[]): Extract<LlmEvent, { type: 'done' }> {
  const event = last(events);
  if (event.type !== 'done') {
    const detail = event.type === 'error' ? `: ${event.error.kind} ${event.error.message}` : '';
    throw new Error(`expected a done event, got ${event.type}${detail}`);
  }
  return event;
}

/** Concatenated text deltas. */
export function textOf(events: LlmEvent[]): string {
  return events.map((event) => (event.type === 'text_delta' ? event.delta : '')).join('');
}

/** Concatenated reasoning deltas. */
export function reasoningOf(events: LlmEvent[]): string {
  return events.map((event) => (event.type === 'reasoning_delta' ? event.delta : '')).join('');
}

/** Lets real I/O and timers run until `condition` holds (fails after ~2 s). */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Waits until the manual clock has at least `count` timers waiting. */
export function untilPending(clock: ManualClock, count = 1): Promise<void> {
  return until(() => clock.pending >= count, `${count} pending timer(s)`);
}
