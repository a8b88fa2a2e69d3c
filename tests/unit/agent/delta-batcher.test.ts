import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createDeltaBatcher, type NextTask } from '../../../src/agent/delta-batcher';
import type { SessionEvent } from '../../../src/agent/session-events';
import { runInNextTask } from '../../../src/app/yield-to-page';

function setup() {
  const clock = new ManualClock(1000);
  const folded: { event: SessionEvent; at: number }[] = [];
  const tasks: (() => void)[] = [];
  const later: NextTask = (fn) => {
    tasks.push(fn);
    return () => tasks.splice(tasks.indexOf(fn), 1);
  };
  const batcher = createDeltaBatcher(clock, (event, at) => folded.push({ event, at }), later);
  const runTasks = () => tasks.splice(0).forEach((task) => task());
  return { clock, folded, tasks, batcher, runTasks };
}

describe('delta batcher', () => {
  it('joins deltas that arrive together into one, stamped with the first one’s time', async () => {
    const { clock, folded, batcher, runTasks } = setup();
    batcher.push({ type: 'text_delta', delta: 'Hel' });
    await clock.advance(5);
    batcher.push({ type: 'text_delta', delta: 'lo ' });
    batcher.push({ type: 'text_delta', delta: 'there' });
    expect(folded).toEqual([]);
    runTasks();
    expect(folded).toEqual([{ event: { type: 'text_delta', delta: 'Hello there' }, at: 1000 }]);
  });

  it('sends what waits before an event of another kind, keeping the order', () => {
    const { folded, batcher, tasks } = setup();
    batcher.push({ type: 'reasoning_delta', delta: 'think' });
    batcher.push({ type: 'text_delta', delta: 'an' });
    batcher.push({ type: 'text_delta', delta: 'swer' });
    batcher.push({ type: 'node_stopped' });
    expect(folded.map((f) => f.event)).toEqual([
      { type: 'reasoning_delta', delta: 'think' },
      { type: 'text_delta', delta: 'answer' },
      { type: 'node_stopped' },
    ]);
    // Nothing is left to send later, and no task stays scheduled.
    expect(tasks).toEqual([]);
  });

  it('sends what waits when the stream ends, and only once', () => {
    const { folded, batcher, tasks } = setup();
    batcher.push({ type: 'text_delta', delta: 'last words' });
    batcher.flush();
    batcher.flush();
    expect(folded.map((f) => f.event)).toEqual([{ type: 'text_delta', delta: 'last words' }]);
    expect(tasks).toEqual([]);
  });

  it('without a later task, each delta is folded as it comes', () => {
    const folded: SessionEvent[] = [];
    const batcher = createDeltaBatcher(new ManualClock(0), (event) => folded.push(event));
    batcher.push({ type: 'text_delta', delta: 'a' });
    batcher.push({ type: 'text_delta', delta: 'b' });
    expect(folded).toEqual([
      { type: 'text_delta', delta: 'a' },
      { type: 'text_delta', delta: 'b' },
    ]);
  });

  it('a pause in the stream shows what came before it (the app’s next task)', async () => {
    const clock = new ManualClock(0);
    const folded: SessionEvent[] = [];
    const batcher = createDeltaBatcher(clock, (event) => folded.push(event), runInNextTask);
    batcher.push({ type: 'text_delta', delta: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(folded).toEqual([{ type: 'text_delta', delta: 'first' }]);
    batcher.push({ type: 'text_delta', delta: ' second' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(folded).toEqual([
      { type: 'text_delta', delta: 'first' },
      { type: 'text_delta', delta: ' second' },
    ]);
  });
});
