import { describe, expect, it } from 'vitest';
import { createAppLog } from '../../../src/app/app-log';
import { createNoticeService } from '../../../src/app/notice-service';
import { announceRenamedFiles } from '../../../src/app/renamed-files-notice';
import { ManualClock } from '../../../src/base/clock';
import { createMemoryStore } from '../../../src/store/memory-store';
import { RENAMED_FILES_SETTING } from '../../../src/store/path-repair-migration';

async function setup(note: unknown) {
  const store = createMemoryStore();
  const clock = new ManualClock(1000);
  await store.workspaces.put({ id: 'w1', name: 'Homework', createdAt: 1, updatedAt: 1 });
  if (note !== undefined) await store.settings.set(RENAMED_FILES_SETTING, note);
  const log = createAppLog({ store: store.logs, clock });
  const notices = createNoticeService(clock);
  const run = () =>
    announceRenamedFiles({ settings: store.settings, workspaces: store.workspaces, log, notices });
  return { store, log, notices, run };
}

describe('announceRenamedFiles', () => {
  it('lists what the upgrade renamed in a notice that stays and in the log, once', async () => {
    const renames = Array.from({ length: 7 }, (_, i) => ({
      workspaceId: 'w1',
      from: ` file${i}.py`,
      to: `file${i}.py`,
    }));
    const { store, log, notices, run } = await setup({ at: 5, renames });
    await run();
    const [notice] = notices.notices();
    expect(notice!.text).toMatch(/^Cove renamed 7 files and folders whose names were blank/);
    expect(notice!.sticky).toBe(true);
    expect(notice!.details).toEqual([
      'Homework: “ file0.py” → “file0.py”',
      'Homework: “ file1.py” → “file1.py”',
      'Homework: “ file2.py” → “file2.py”',
      'Homework: “ file3.py” → “file3.py”',
      'Homework: “ file4.py” → “file4.py”',
      '…and 2 more: the full list is in Logs.',
    ]);
    await log.flush();
    const [entry] = await store.logs.list();
    expect(entry!.level).toBe('info');
    expect(entry!.detail!.split('\n')).toHaveLength(7);
    expect(entry!.detail).toContain('Homework: “ file6.py” → “file6.py”');
    // The next start says nothing more.
    expect(await store.settings.get(RENAMED_FILES_SETTING)).toBeUndefined();
    await run();
    expect(notices.notices()).toHaveLength(1);
  });

  it('says nothing without a note, and drops a note it cannot read', async () => {
    const quiet = await setup(undefined);
    await quiet.run();
    expect(quiet.notices.notices()).toEqual([]);
    const damaged = await setup({ renames: 'nope' });
    await damaged.run();
    expect(damaged.notices.notices()).toEqual([]);
    expect(await damaged.store.settings.get(RENAMED_FILES_SETTING)).toBeUndefined();
  });
});
