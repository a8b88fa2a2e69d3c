import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { Listeners } from '../../../src/base/listeners';
import type { RuntimePhase, RuntimeStatus } from '../../../src/runtime/python-runtime';
import { whenStartSettles } from '../../../src/runtime/runtime-start-settled';

function fakeRuntime(phase: RuntimePhase) {
  const listeners = new Listeners<RuntimeStatus>();
  let status: RuntimeStatus = { phase, canInterrupt: false, spareReady: false };
  return {
    status: () => status,
    subscribe: (listener: (status: RuntimeStatus) => void) => listeners.subscribe(listener),
    become(next: RuntimePhase) {
      status = { ...status, phase: next };
      listeners.emit(status);
    },
    get listening() {
      return listeners.size;
    },
  };
}

/** Whether the promise has resolved by the time queued microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('whenStartSettles', () => {
  it('waits while Python starts and resolves when it is ready, then lets go of the runtime', async () => {
    const runtime = fakeRuntime('starting');
    const clock = new ManualClock();
    const started = whenStartSettles(runtime, clock);
    expect(await settled(started)).toBe(false);
    runtime.become('ready');
    await clock.advance(0);
    expect(await settled(started)).toBe(true);
    expect(runtime.listening).toBe(0);
    expect(clock.pending).toBe(0);
  });

  it('holds on while a Run made during the start goes on, and resolves when it ends', async () => {
    const runtime = fakeRuntime('starting');
    const clock = new ManualClock();
    const started = whenStartSettles(runtime, clock);
    // Booted: ready for a moment, then the queued first Run takes the interpreter.
    runtime.become('ready');
    runtime.become('running');
    await clock.advance(0);
    expect(await settled(started)).toBe(false);
    await clock.advance(5_000);
    expect(await settled(started)).toBe(false);
    runtime.become('ready');
    await clock.advance(0);
    expect(await settled(started)).toBe(true);
  });

  it('resolves when the start failed: the linter and the service worker still come', async () => {
    const runtime = fakeRuntime('starting');
    const clock = new ManualClock();
    const started = whenStartSettles(runtime, clock);
    runtime.become('failed');
    await clock.advance(0);
    expect(await settled(started)).toBe(true);
  });

  it('resolves at once when Python is already ready or failed', async () => {
    for (const phase of ['ready', 'failed'] as const) {
      expect(await settled(whenStartSettles(fakeRuntime(phase), new ManualClock()))).toBe(true);
    }
  });

  it('does not take a runtime that has not started, or one that is running, for a settled one', async () => {
    const runtime = fakeRuntime('stopped');
    const clock = new ManualClock();
    const started = whenStartSettles(runtime, clock);
    expect(await settled(started)).toBe(false);
    for (const phase of ['starting', 'running', 'stopping'] as const) {
      runtime.become(phase);
      await clock.advance(0);
      expect(await settled(started)).toBe(false);
    }
    runtime.become('ready');
    await clock.advance(0);
    expect(await settled(started)).toBe(true);
  });

  it('gives up waiting after the limit, so a start or a run that hangs holds nothing back for good', async () => {
    const runtime = fakeRuntime('starting');
    const clock = new ManualClock();
    const started = whenStartSettles(runtime, clock, 5_000);
    runtime.become('running');
    await clock.advance(4_999);
    expect(await settled(started)).toBe(false);
    await clock.advance(1);
    expect(await settled(started)).toBe(true);
    expect(runtime.listening).toBe(0);
    expect(clock.pending).toBe(0);
  });
});
