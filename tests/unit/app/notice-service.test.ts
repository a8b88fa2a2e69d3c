import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import {
  createNoticeService,
  MAX_NOTICES,
  TRANSIENT_NOTICE_MS,
} from '../../../src/app/notice-service';

function setup() {
  const clock = new ManualClock(0);
  return { clock, notices: createNoticeService(clock) };
}

const texts = (service: ReturnType<typeof setup>['notices']) =>
  service.notices().map((n) => n.text);

describe('notice service', () => {
  it('lets info and success go after a few seconds and keeps errors until dismissed', async () => {
    const { clock, notices } = setup();
    notices.show({ kind: 'info', text: 'Copied.' });
    notices.show({ kind: 'success', text: 'Saved.' });
    const error = notices.show({ kind: 'error', text: 'Could not save.' });
    await clock.advance(TRANSIENT_NOTICE_MS - 1);
    expect(texts(notices)).toEqual(['Copied.', 'Saved.', 'Could not save.']);
    await clock.advance(1);
    expect(texts(notices)).toEqual(['Could not save.']);
    await clock.advance(60 * 60 * 1000);
    expect(texts(notices)).toEqual(['Could not save.']);
    notices.dismiss(error);
    expect(notices.notices()).toEqual([]);
  });

  it('keeps a notice with an action until it is dismissed', async () => {
    const { clock, notices } = setup();
    notices.show({ kind: 'info', text: 'New version.', action: { label: 'Reload', run() {} } });
    await clock.advance(TRANSIENT_NOTICE_MS * 10);
    expect(texts(notices)).toEqual(['New version.']);
  });

  it('counts the same error instead of stacking copies', () => {
    const { notices } = setup();
    const first = notices.show({ kind: 'error', text: 'Offline.' });
    notices.show({ kind: 'error', text: 'Other.' });
    const again = notices.show({ kind: 'error', text: 'Offline.' });
    notices.show({ kind: 'error', text: 'Offline.' });
    expect(again).toBe(first);
    expect(notices.notices().map((n) => [n.text, n.count])).toEqual([
      ['Other.', 1],
      ['Offline.', 3],
    ]);
  });

  it('starts the time of a repeated transient notice again', async () => {
    const { clock, notices } = setup();
    notices.show({ kind: 'info', text: 'Copied.' });
    await clock.advance(TRANSIENT_NOTICE_MS - 100);
    notices.show({ kind: 'info', text: 'Copied.' });
    await clock.advance(TRANSIENT_NOTICE_MS - 100);
    expect(notices.notices().map((n) => n.count)).toEqual([2]);
    await clock.advance(100);
    expect(notices.notices()).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('never shows more than a few: the oldest transient one goes first, then the oldest', () => {
    const { notices } = setup();
    notices.show({ kind: 'error', text: 'E1' });
    notices.show({ kind: 'info', text: 'I1' });
    notices.show({ kind: 'error', text: 'E2' });
    notices.show({ kind: 'error', text: 'E3' });
    expect(texts(notices)).toEqual(['E1', 'E2', 'E3']);
    notices.show({ kind: 'error', text: 'E4' });
    expect(texts(notices)).toEqual(['E2', 'E3', 'E4']);
    expect(notices.notices()).toHaveLength(MAX_NOTICES);
  });

  it('cancels the timer of a notice dismissed or pushed out', async () => {
    const { clock, notices } = setup();
    const id = notices.show({ kind: 'info', text: 'A' });
    notices.dismiss(id);
    for (let i = 0; i < MAX_NOTICES + 2; i++) notices.show({ kind: 'success', text: `S${i}` });
    expect(clock.pending).toBe(MAX_NOTICES);
    await clock.advance(TRANSIENT_NOTICE_MS);
    expect(notices.notices()).toEqual([]);
  });

  it('shows a thrown value with its context as an error', () => {
    const { notices } = setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    notices.error(new Error('disk full'), 'Could not save');
    log.mockRestore();
    expect(notices.notices()[0]).toMatchObject({
      kind: 'error',
      text: 'Could not save: disk full',
      sticky: true,
    });
  });
});
