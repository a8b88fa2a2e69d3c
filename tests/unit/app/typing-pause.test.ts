import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createTypingPause } from '../../../src/app/typing-pause';

function setup() {
  const clock = new ManualClock(10_000);
  let press = () => {};
  const pause = createTypingPause((listener) => {
    press = listener;
    return () => {};
  }, clock);
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };
  return { clock, pause, press: () => press(), settled };
}

describe('typing pause', () => {
  it('resolves at once when nobody has typed', async () => {
    const { pause, settled, clock } = setup();
    const done = settled(pause.after(1_500));
    await clock.advance(0);
    expect(done()).toBe(true);
  });

  it('waits for a pause of the given length after the last key, however long the typing', async () => {
    const { pause, press, settled, clock } = setup();
    press();
    const done = settled(pause.after(1_500));
    // Typing on: every key pushes the pause back.
    for (let i = 0; i < 20; i++) {
      await clock.advance(200);
      press();
      expect(done()).toBe(false);
    }
    await clock.advance(1_499);
    expect(done()).toBe(false);
    await clock.advance(1);
    expect(done()).toBe(true);
  });

  it('counts the time already quiet when asked', async () => {
    const { pause, press, settled, clock } = setup();
    press();
    await clock.advance(1_000);
    const done = settled(pause.after(1_500));
    await clock.advance(499);
    expect(done()).toBe(false);
    await clock.advance(1);
    expect(done()).toBe(true);
  });
});
