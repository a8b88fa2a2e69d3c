// The database is built as schema 5 left it and read raw afterwards, as a disk copy would
// be: that needs Dexie, which outside tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import {
  RENAMED_FILES_SETTING,
  type RenamedFilesNote,
} from '../../../src/store/path-repair-migration';
import { planPathRepairs } from '../../../src/workspace/path-repair';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';
import { createV4Database } from './migrations/schema-v4';
import { createV5Database, V5_ROWS } from './migrations/schema-v5';

let counter = 0;
const opened: { store?: CoveStore; name: string }[] = [];

afterEach(async () => {
  for (const { store, name } of opened.splice(0)) {
    store?.close();
    await Dexie.delete(name);
  }
});

async function upgraded(create: (name: string) => Promise<void>) {
  const name = `cove-paths-${Date.now()}-${counter++}`;
  await create(name);
  const store = await openDexieStore({
    name,
    changes: new LocalChangeFeed(),
    now: () => 1234,
    planPathRenames: planPathRepairs,
  });
  opened.push({ store, name });
  return store;
}

describe('migration to schema 6: blank and space-padded names', () => {
  it('renames each file to a valid name and keeps its content, times and version', async () => {
    const store = await upgraded(createV5Database);
    const listed = await store.files.list('w3');
    expect(listed.map((row) => row.path)).toEqual([
      'docs',
      'docs/guide.md',
      'notes (2).py',
      'notes.py',
      'src',
      'src/a.py',
      'untitled',
    ]);
    const moved = await store.files.get('w3', 'notes (2).py');
    expect(moved).toMatchObject({
      content: 'padded = 1\n',
      kind: 'file',
      size: 11,
      mtime: 5,
      version: 3,
    });
    expect(await store.files.get('w3', ' notes.py')).toBeUndefined();
    expect((await store.files.get('w3', 'notes.py'))?.content).toBe('kept = True\n');
    // The other workspace is as it was.
    expect((await store.files.list('w1')).map((row) => row.path)).toEqual(
      V5_ROWS.files
        .filter((row) => row.workspaceId === 'w1')
        .map((row) => row.path)
        .sort(),
    );
  });

  it('makes the files reachable again: open, rename and delete through the workspace', async () => {
    const store = await upgraded(createV5Database);
    const files = new WorkspaceFiles(store.files, 'w3', new ManualClock(10));
    expect((await files.read('src/a.py')).content).toBe('a = 1\n');
    await files.move('untitled', 'blank.txt');
    await files.delete('notes (2).py');
    expect((await store.files.list('w3')).map((row) => row.path)).toContain('blank.txt');
    expect(await store.files.get('w3', 'notes (2).py')).toBeUndefined();
  });

  it('carries the paths of checkpoints, open tabs and the unsaved journal along', async () => {
    const store = await upgraded(createV5Database);
    const [checkpoint] = await store.checkpoints.list('s2');
    expect(checkpoint!.files.map((file) => file.path)).toEqual(['notes (2).py']);
    expect(checkpoint!.files[0]).toMatchObject({ blobHash: 'hash-padded', version: 2 });
    expect(await store.settings.get('editor.tabs.w3')).toEqual({
      paths: ['notes (2).py', 'notes.py'],
      active: 'notes (2).py',
    });
    expect(await store.settings.get('editor.unsaved.w3')).toEqual([
      { path: 'src/a.py', text: 'a = 2\n', base: 3 },
    ]);
    // Untouched: w1's checkpoint and tabs.
    expect((await store.checkpoints.list('s1'))[0]!.files[0]!.path).toBe('src/app.py');
    expect(await store.settings.get('editor.tabs.w1')).toEqual({
      paths: ['src/app.py'],
      active: 'src/app.py',
    });
  });

  it('leaves a note of every rename for the next start to tell', async () => {
    const store = await upgraded(createV5Database);
    const note = await store.settings.get<RenamedFilesNote>(RENAMED_FILES_SETTING);
    expect(note).toEqual({
      at: 1234,
      renames: [
        { workspaceId: 'w3', from: '   ', to: 'untitled' },
        { workspaceId: 'w3', from: ' notes.py', to: 'notes (2).py' },
        { workspaceId: 'w3', from: 'src/ a.py ', to: 'src/a.py' },
        { workspaceId: 'w3', from: '\u00a0docs\u3000', to: 'docs' },
        { workspaceId: 'w3', from: '\u00a0docs\u3000/guide.md', to: 'docs/guide.md' },
      ],
    });
  });

  it('writes no note when no name needed a change', async () => {
    const store = await upgraded(createV4Database);
    expect(await store.settings.get(RENAMED_FILES_SETTING)).toBeUndefined();
    expect((await store.files.list('w1')).length).toBeGreaterThan(0);
    expect(await store.setAside.list()).toEqual([]);
  });

  // Invariant 5: a failed migration or import leaves the previous data readable.
  it('without a planner the upgrade fails and leaves schema 5 as it was', async () => {
    const name = `cove-paths-${Date.now()}-${counter++}`;
    await createV5Database(name);
    opened.push({ name });
    await expect(openDexieStore({ name, changes: new LocalChangeFeed() })).rejects.toThrow();
    const raw = new Dexie(name);
    await raw.open();
    try {
      expect(raw.verno).toBe(5);
      const paths = (await raw.table('files').where('workspaceId').equals('w3').toArray()).map(
        (row: { path: string }) => row.path,
      );
      expect(paths.sort()).toEqual(
        V5_ROWS.files
          .filter((row) => row.workspaceId === 'w3')
          .map((row) => row.path)
          .sort(),
      );
    } finally {
      raw.close();
    }
  });
});
