import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { makeStallWatchdog } from '../../../src/llm/stall-watchdog';

describe('makeStallWatchdog', () => {
  it('fires once after the timeout without a touch', async () => {
    const clock = new ManualClock();
    let fired = 0;
    const watchdog = makeStallWatchdog(clock, 1000, () => fired++);
    await clock.advance(999);
    expect(fired).toBe(0);
    watchdog.touch();
    await clock.advance(999);
    expect(fired).toBe(0);
    await clock.advance(1);
    expect([fired, watchdog.fired]).toEqual([1, true]);
    watchdog.touch();
    await clock.advance(5000);
    expect(fired).toBe(1);
  });

  it('does not count paused time, and never fires after stop', async () => {
    const clock = new ManualClock();
    let fired = 0;
    const watchdog = makeStallWatchdog(clock, 1000, () => fired++);
    watchdog.pause();
    await clock.advance(10_000);
    expect(fired).toBe(0);
    watchdog.touch();
    watchdog.stop();
    await clock.advance(10_000);
    expect(fired).toBe(0);
    expect(clock.pending).toBe(0);
  });
});
