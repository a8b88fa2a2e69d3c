import { describe, expect, it } from 'vitest';
import { ManualClock, type Clock } from '../../../src/base/clock';
import { RunWatchdog } from '../../../src/runtime/run-watchdog';

function setup(timeoutMs = 1000, clock: Clock = new ManualClock(10_000)) {
  const fired: number[] = [];
  const watchdog = new RunWatchdog({ clock, timeoutMs, onTimeout: (ms) => fired.push(ms) });
  return { watchdog, fired, clock };
}

/** A clock whose timers fire late, as in a background tab (1 s alignment). */
class ThrottledClock extends ManualClock {
  override schedule(fn: () => void, ms: number): () => void {
    const aligned = Math.ceil((this.now() + ms) / 1000) * 1000 - this.now();
    return super.schedule(fn, aligned);
  }
}

/** A clock whose timers fire early (coarse timers, clock adjustments). */
class EagerClock extends ManualClock {
  override schedule(fn: () => void, ms: number): () => void {
    return super.schedule(fn, Math.max(1, Math.floor(ms / 2)));
  }
}

describe('RunWatchdog', () => {
  it('fires once the budget from the worker-reported start is spent', async () => {
    const clock = new ManualClock(10_000);
    const { watchdog, fired } = setup(1000, clock);
    watchdog.arm(10_000);
    await clock.advance(999);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([1000]);
    expect(watchdog.expired).toBe(true);
  });

  it('counts from when execution began, not from when the page heard of it', async () => {
    const clock = new ManualClock(10_000);
    const { watchdog, fired } = setup(1000, clock);
    // The 'started' message arrived 300 ms late (busy main thread).
    await clock.advance(300);
    watchdog.arm(10_000, 9_000);
    await clock.advance(700);
    expect(fired).toEqual([1000]);
  });

  it('clamps a start from a disagreeing clock into [sent, now]', async () => {
    const clock = new ManualClock(10_000);
    const { watchdog } = setup(1000, clock);
    watchdog.arm(50_000, 9_500);
    expect(watchdog.elapsed()).toBe(0);
    watchdog.disarm();
    watchdog.arm(1, 9_500);
    expect(watchdog.elapsed()).toBe(500);
  });

  it('sleeps again when a timer fires early, so a run is never stopped early', async () => {
    const clock = new EagerClock(10_000);
    const { watchdog, fired } = setup(1000, clock);
    watchdog.arm(10_000);
    await clock.advance(500);
    expect(fired).toEqual([]);
    await clock.advance(499);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([1000]);
  });

  it('stops at once when a throttled timer fires late, and reports the real elapsed time', async () => {
    const clock = new ThrottledClock(10_250);
    const { watchdog, fired } = setup(1000, clock);
    watchdog.arm(10_250);
    // Due at 11 250, but the timer only wakes on the next whole second.
    await clock.advance(1500);
    expect(fired).toEqual([]);
    await clock.advance(250);
    expect(fired).toEqual([1750]);
  });

  it('does nothing after disarm', async () => {
    const clock = new ManualClock(0);
    const { watchdog, fired } = setup(1000, clock);
    watchdog.arm(0);
    watchdog.disarm();
    await clock.advance(5000);
    expect(fired).toEqual([]);
    expect(clock.pending).toBe(0);
  });
});
