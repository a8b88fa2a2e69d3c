import { describe, expect, it } from 'vitest';
import {
  createRecentFiles,
  movedRecent,
  RECENT_FILES_LIMIT,
  withRecent,
} from '../../../src/app/recent-files';
import { createMemoryStore } from '../../../src/store/memory-store';

describe('withRecent', () => {
  it('puts a file first, once', () => {
    expect(withRecent([], 'a.py')).toEqual(['a.py']);
    expect(withRecent(['a.py', 'b.py'], 'c.py')).toEqual(['c.py', 'a.py', 'b.py']);
    expect(withRecent(['a.py', 'b.py', 'c.py'], 'b.py')).toEqual(['b.py', 'a.py', 'c.py']);
  });

  it('forgets the oldest beyond the limit', () => {
    expect(withRecent(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
    const full = Array.from({ length: RECENT_FILES_LIMIT }, (_, i) => `f${i}.py`);
    expect(withRecent(full, 'new.py')).toHaveLength(RECENT_FILES_LIMIT);
  });
});

describe('movedRecent', () => {
  it('follows a moved file and the files of a moved folder, in place', () => {
    expect(movedRecent(['a.py', 'pkg/b.py', 'pkg2/c.py'], 'pkg', 'lib')).toEqual([
      'a.py',
      'lib/b.py',
      'pkg2/c.py',
    ]);
    expect(movedRecent(['x.py', 'a.py'], 'a.py', 'b.py')).toEqual(['x.py', 'b.py']);
  });

  it('keeps a path once when the move lands on a name already listed', () => {
    expect(movedRecent(['b.py', 'a.py'], 'a.py', 'b.py')).toEqual(['b.py']);
  });
});

describe('createRecentFiles', () => {
  const setup = () => {
    const store = createMemoryStore();
    let workspace: string | undefined = 'w1';
    const make = () =>
      createRecentFiles({
        settings: store.settings,
        currentWorkspace: () => workspace,
        onError: (e) => {
          throw e;
        },
      });
    return { store, recent: make(), make, open: (id: string) => void (workspace = id) };
  };
  const written = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('keeps each workspace’s list across visits', async () => {
    const { recent, make, open } = setup();
    await recent.load();
    recent.opened('a.py');
    recent.opened('b.py');
    recent.opened('a.py');
    expect(recent.paths()).toEqual(['a.py', 'b.py']);
    open('w2');
    await recent.load();
    expect(recent.paths()).toEqual([]);
    recent.opened('other.py');
    await written();

    const later = make();
    open('w1');
    await later.load();
    expect(later.paths()).toEqual(['a.py', 'b.py']);
    open('w2');
    await later.load();
    expect(later.paths()).toEqual(['other.py']);
  });

  it('a damaged stored list reads as empty, its strings kept', async () => {
    const { store, recent } = setup();
    await store.settings.set('editor.recent.w1', { not: 'a list' });
    await recent.load();
    expect(recent.paths()).toEqual([]);
    await store.settings.set('editor.recent.w1', ['a.py', 7, null, 'b.py']);
    await recent.load();
    expect(recent.paths()).toEqual(['a.py', 'b.py']);
  });

  it('a file opened before the list was read goes first, and the older ones are kept', async () => {
    const { store, recent, make } = setup();
    await store.settings.set('editor.recent.w1', ['old.py', 'new.py']);
    // Never loaded: the first file opened reads the stored list.
    recent.opened('new.py');
    await written();
    expect(recent.paths()).toEqual(['new.py', 'old.py']);
    await written();
    const later = make();
    await later.load();
    expect(later.paths()).toEqual(['new.py', 'old.py']);
  });

  it('a file opened while the list is read stays first', async () => {
    const { store, recent } = setup();
    await store.settings.set('editor.recent.w1', ['old.py', 'new.py']);
    const loading = recent.load();
    recent.opened('new.py');
    await loading;
    expect(recent.paths()).toEqual(['new.py', 'old.py']);
  });

  it('follows moves and stores them', async () => {
    const { store, recent } = setup();
    await recent.load();
    recent.opened('pkg/a.py');
    recent.moved('pkg', 'lib');
    expect(recent.paths()).toEqual(['lib/a.py']);
    await written();
    expect(await store.settings.get('editor.recent.w1')).toEqual(['lib/a.py']);
  });
});
