// Tests of the store read IndexedDB as a disk copy would and build databases as older Cove
// versions did: both need Dexie, which outside tests only src/store may import.
// eslint-disable-next-line no-restricted-imports
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalChangeFeed } from '../../../src/store/change-feed';
import type { CoveStore } from '../../../src/store/cove-store';
import { SCHEMA_VERSION } from '../../../src/store/dexie-database';
import { openDexieStore } from '../../../src/store/dexie-store';
import { fileMeta, type FileMeta } from '../../../src/store/records';
import { storeKinds } from '../../fakes/stores';
import { createV1Database, V1_ROWS } from './migrations/schema-v1';
import { createV2Database, V2_ROWS } from './migrations/schema-v2';

let counter = 0;
const names: string[] = [];
const open: CoveStore[] = [];
const freshName = () => {
  const name = `cove-listing-${Date.now()}-${counter++}`;
  names.push(name);
  return name;
};
async function openStore(name: string): Promise<CoveStore> {
  const store = await openDexieStore({ name, changes: new LocalChangeFeed(), now: () => 1 });
  open.push(store);
  return store;
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const store of open.splice(0)) store.close();
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** What `list` must return: every row with content, without it, in path order. */
async function expectedListing(store: CoveStore, workspaceId: string): Promise<FileMeta[]> {
  return (await store.files.listWithContent(workspaceId)).map(fileMeta);
}

/** Rows of a raw table, read by a connection that knows nothing of Cove's code. */
async function rawTable(name: string, table: string): Promise<unknown[]> {
  const db = new Dexie(name);
  await db.open();
  const rows = await db.table(table).toArray();
  db.close();
  return rows;
}

async function rawVersion(name: string): Promise<{ verno: number; tables: string[] }> {
  const db = new Dexie(name);
  await db.open();
  const result = { verno: db.verno, tables: db.tables.map((table) => table.name) };
  db.close();
  return result;
}

/**
 * Records the object store behind every IndexedDB read (get, getAll, cursors, counts) while
 * `body` runs, so a test can show that a listing never touched the `files` store.
 */
async function storesRead(body: () => Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  const methods = ['get', 'getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count'];
  const restore: (() => void)[] = [];
  for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
    const table = proto as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of methods) {
      const original = table[method];
      if (typeof original !== 'function') continue;
      table[method] = function (this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
        seen.add('objectStore' in this ? this.objectStore.name : this.name);
        return original.apply(this, args);
      };
      restore.push(() => (table[method] = original));
    }
  }
  try {
    await body();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

describe.each(storeKinds)('content-free listing ($name)', ({ open: openKind }) => {
  async function setup() {
    const store = await openKind();
    open.push(store);
    const now = 10;
    await store.workspaces.put({ id: 'w', name: 'W', createdAt: now, updatedAt: now });
    await store.workspaces.put({ id: 'x', name: 'X', createdAt: now, updatedAt: now });
    return store;
  }

  it('lists every entry without content, sorted by path, flagging binaries', async () => {
    const store = await setup();
    await store.files.apply(
      'w',
      [
        { type: 'put', path: 'b.py', kind: 'file', content: 'print("b")\n' },
        { type: 'put', path: 'a', kind: 'folder', content: '' },
        { type: 'put', path: 'a/z.bin', kind: 'file', content: new Uint8Array([0, 1]) },
        { type: 'put', path: 'a-b.txt', kind: 'file', content: 'é\n' },
      ],
      20,
    );
    await store.files.apply(
      'x',
      [{ type: 'put', path: 'other.py', kind: 'file', content: '' }],
      20,
    );
    const listing = await store.files.list('w');
    expect(listing.map((entry) => entry.path)).toEqual(['a', 'a-b.txt', 'a/z.bin', 'b.py']);
    expect(listing.find((entry) => entry.path === 'a/z.bin')).toEqual({
      workspaceId: 'w',
      path: 'a/z.bin',
      kind: 'file',
      size: 2,
      mtime: 20,
      version: 1,
      binary: true,
    });
    expect(listing.find((entry) => entry.path === 'a-b.txt')).toMatchObject({
      size: 3,
      binary: false,
    });
    for (const entry of listing) expect(entry).not.toHaveProperty('content');
    expect(listing).toEqual(await expectedListing(store, 'w'));
  });

  it('reads many files at once in the order asked, undefined where none or in another workspace', async () => {
    const store = await setup();
    await store.files.apply(
      'w',
      [
        { type: 'put', path: 'a.py', kind: 'file', content: 'a' },
        { type: 'put', path: 'b.py', kind: 'file', content: 'b' },
      ],
      20,
    );
    await store.files.apply('x', [{ type: 'put', path: 'c.py', kind: 'file', content: 'c' }], 20);
    const rows = await store.files.getMany('w', ['b.py', 'c.py', 'a.py', 'b.py']);
    expect(rows.map((row) => row?.content)).toEqual(['b', undefined, 'a', 'b']);
    expect(await store.files.getMany('w', [])).toEqual([]);
  });

  it('leaves a top-level folder out in the query, with its contents, and nothing beside it', async () => {
    const store = await setup();
    const paths = [
      '.git',
      '.git/HEAD',
      '.git/objects',
      '.git/objects/ab',
      '.git/objects/ab/cdef',
      '.git-old',
      '.git.bak',
      '.git0',
      '.gitignore',
      'a.txt',
      'sub',
      'sub/.git',
    ];
    await store.files.apply(
      'w',
      paths.map((path) =>
        /\.git(\/objects(\/ab)?)?$|^sub(\/\.git)?$/.test(path)
          ? { type: 'put' as const, path, kind: 'folder' as const, content: '' }
          : { type: 'put' as const, path, kind: 'file' as const, content: path },
      ),
      20,
    );
    const kept = ['.git-old', '.git.bak', '.git0', '.gitignore', 'a.txt', 'sub', 'sub/.git'];
    const listed = await store.files.list('w', { without: '.git' });
    expect(listed.map((entry) => entry.path)).toEqual(kept);
    const read = await store.files.listWithContent('w', { without: '.git' });
    expect(read.map((entry) => [entry.path, entry.content])).toEqual(
      kept.map((path) => [path, path === 'sub' || path === 'sub/.git' ? '' : path]),
    );
    expect((await store.files.list('w')).map((entry) => entry.path)).toEqual([...paths].sort());
    expect((await store.files.listWithContent('x', { without: '.git' })).length).toBe(0);
  });

  it('stays in step with every write path: apply, delete, move, putAtOnce, restore, workspace delete', async () => {
    const store = await setup();
    await store.files.apply(
      'w',
      [
        { type: 'put', path: 'keep.py', kind: 'file', content: 'x = 1\n' },
        { type: 'put', path: 'gone.py', kind: 'file', content: 'y = 2\n' },
      ],
      20,
    );
    await store.files.apply(
      'w',
      [
        { type: 'delete', path: 'gone.py', expect: 1 },
        { type: 'put', path: 'keep.py', kind: 'file', content: 'x = 10\n', expect: 1 },
      ],
      30,
    );
    expect(await store.files.list('w')).toEqual(await expectedListing(store, 'w'));
    expect((await store.files.list('w')).map((entry) => [entry.path, entry.version])).toEqual([
      ['keep.py', 2],
    ]);

    await store.files.putAtOnce('w', { path: 'keep.py', content: 'x = 100\n', version: 3 }, 40);
    expect(await store.files.list('w')).toEqual([
      {
        workspaceId: 'w',
        path: 'keep.py',
        kind: 'file',
        size: 8,
        mtime: 40,
        version: 3,
        binary: false,
      },
    ]);

    // A batch that fails an expectation writes nothing, in either table.
    await expect(
      store.files.apply(
        'w',
        [
          { type: 'put', path: 'new.py', kind: 'file', content: '' },
          { type: 'put', path: 'keep.py', kind: 'file', content: '', expect: 1 },
        ],
        50,
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await store.files.list('w')).map((entry) => entry.path)).toEqual(['keep.py']);

    const snapshot = await store.snapshot();
    await store.files.apply(
      'w',
      [{ type: 'put', path: 'later.py', kind: 'file', content: '' }],
      60,
    );
    await store.restore(snapshot);
    expect((await store.files.list('w')).map((entry) => entry.path)).toEqual(['keep.py']);
    expect(await store.files.list('w')).toEqual(await expectedListing(store, 'w'));

    await store.workspaces.delete('w');
    expect(await store.files.list('w')).toEqual([]);
    expect(await store.files.list('x')).toEqual(await expectedListing(store, 'x'));
  });
});

describe('content-free listing (Dexie)', () => {
  it('list reads only the metadata table, never the contents in `files`', async () => {
    const name = freshName();
    const store = await openStore(name);
    await store.workspaces.put({ id: 'w', name: 'W', createdAt: 1, updatedAt: 1 });
    await store.files.apply(
      'w',
      [
        { type: 'put', path: 'big.txt', kind: 'file', content: 'x'.repeat(100_000) },
        { type: 'put', path: 'small.py', kind: 'file', content: 'pass\n' },
      ],
      2,
    );
    let listing: FileMeta[] = [];
    const read = await storesRead(async () => (listing = await store.files.list('w')));
    expect(listing.map((entry) => entry.path)).toEqual(['big.txt', 'small.py']);
    expect(read.has('fileMeta')).toBe(true);
    expect(read.has('files')).toBe(false);
    // The spy sees reads at all: reading a file's content shows up as `files`.
    expect(await storesRead(() => store.files.get('w', 'small.py'))).toContain('files');
  });

  // Invariant 4: writes that belong together are one transaction.
  it('a write that fails midway leaves neither table changed', async () => {
    const name = freshName();
    const store = await openStore(name);
    await store.workspaces.put({ id: 'w', name: 'W', createdAt: 1, updatedAt: 1 });
    await store.files.apply('w', [{ type: 'put', path: 'a.py', kind: 'file', content: '1' }], 2);
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'fileMeta') throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    });
    await expect(
      store.files.apply('w', [{ type: 'put', path: 'a.py', kind: 'file', content: '22' }], 3),
    ).rejects.toMatchObject({ code: 'storage-full' });
    vi.restoreAllMocks();
    expect((await store.files.get('w', 'a.py'))?.content).toBe('1');
    expect(await store.files.list('w')).toEqual(await expectedListing(store, 'w'));
  });
});

describe('deleting on a full disk (Dexie)', () => {
  it('deletes files and folders when the browser refuses every write that adds data', async () => {
    const name = freshName();
    const store = await openStore(name);
    await store.workspaces.put({ id: 'w', name: 'W', createdAt: 1, updatedAt: 1 });
    await store.files.apply(
      'w',
      [
        { type: 'put', path: 'fill0.txt', kind: 'file', content: 'x'.repeat(10_000) },
        { type: 'put', path: 'dir/fill1.txt', kind: 'file', content: 'y' },
        { type: 'put', path: 'keep.py', kind: 'file', content: 'kept' },
      ],
      2,
    );
    const refuse = function (this: unknown) {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(refuse);
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(refuse);
    vi.spyOn(IDBCursor.prototype, 'update').mockImplementation(refuse);
    // Writing is refused, as the disk is full…
    await expect(
      store.files.apply('w', [{ type: 'put', path: 'new.py', kind: 'file', content: '1' }], 3),
    ).rejects.toMatchObject({ code: 'storage-full' });
    // …and deleting, which is how people make room, works.
    const listing = await store.files.list('w');
    const version = (path: string) => listing.find((entry) => entry.path === path)?.version;
    await store.files.apply(
      'w',
      [
        { type: 'delete', path: 'fill0.txt', expect: version('fill0.txt') },
        { type: 'delete', path: 'dir/fill1.txt', expect: version('dir/fill1.txt') },
      ],
      4,
    );
    vi.restoreAllMocks();
    expect((await store.files.list('w')).map((entry) => entry.path)).toEqual(['keep.py']);
    expect(await store.files.get('w', 'fill0.txt')).toBeUndefined();
    expect((await store.files.get('w', 'keep.py'))?.content).toBe('kept');
  });
});

describe('putAtOnce when the browser refuses a write (Dexie)', () => {
  // Invariant 4: writes that belong together are one transaction.
  it.each(['files', 'fileMeta'])(
    'a refused put into %s leaves neither table changed and says the disk is full',
    async (refused) => {
      const name = freshName();
      const store = await openStore(name);
      await store.workspaces.put({ id: 'w', name: 'W', createdAt: 1, updatedAt: 1 });
      await store.files.putAtOnce('w', { path: 'a.py', content: 'kept', version: 1 }, 2);
      const put = IDBObjectStore.prototype.put;
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
        this: IDBObjectStore,
        ...args: Parameters<IDBObjectStore['put']>
      ) {
        if (this.name === refused) throw new DOMException('full', 'QuotaExceededError');
        return put.apply(this, args);
      });
      for (const path of ['a.py', 'b.py']) {
        await expect(
          store.files.putAtOnce('w', { path, content: 'lost', version: 2 }, 3),
        ).rejects.toMatchObject({ code: 'storage-full' });
      }
      vi.restoreAllMocks();
      expect((await store.files.get('w', 'a.py'))?.content).toBe('kept');
      expect(await store.files.list('w')).toEqual(await expectedListing(store, 'w'));
      expect((await store.files.list('w')).map((entry) => entry.path)).toEqual(['a.py']);
    },
  );
});

describe('migration to schema 3 (frozen fixtures)', () => {
  it('from schema 2: fills the metadata table from every stored file, contents untouched', async () => {
    const name = freshName();
    await createV2Database(name);
    expect((await rawVersion(name)).tables).not.toContain('fileMeta');
    const store = await openStore(name);
    expect(await rawVersion(name)).toMatchObject({ verno: SCHEMA_VERSION });
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
    const w1 = await store.files.list('w1');
    expect(w1.map((entry) => entry.path)).toEqual(['README.md', 'data.bin', 'src', 'src/app.py']);
    expect(w1.find((entry) => entry.path === 'src/app.py')).toEqual({
      workspaceId: 'w1',
      path: 'src/app.py',
      kind: 'file',
      size: 25,
      mtime: 4,
      version: 3,
      binary: false,
    });
    expect(w1.find((entry) => entry.path === 'data.bin')).toMatchObject({ binary: true });
    expect(w1).toEqual(await expectedListing(store, 'w1'));
    expect(await store.files.list('w2')).toEqual(await expectedListing(store, 'w2'));
    // Contents stay where they were, byte for byte.
    expect(await rawTable(name, 'files')).toHaveLength(V2_ROWS.files.length);
    expect((await store.files.get('w1', 'data.bin'))?.content).toEqual(
      new Uint8Array([0, 1, 2, 255]),
    );
    expect(await store.settings.get('ui.theme')).toBe('light');
    // Later writes keep both tables in step, with versions continuing from the old rows.
    await store.files.apply(
      'w1',
      [{ type: 'put', path: 'src/app.py', kind: 'file', content: 'pass\n', expect: 3 }],
      9,
    );
    expect((await store.files.list('w1')).find((e) => e.path === 'src/app.py')).toMatchObject({
      version: 4,
      size: 5,
    });
  });

  it('from schema 1: both upgrades run, secrets sealed and files listed', async () => {
    const name = freshName();
    await createV1Database(name);
    const store = await openStore(name);
    expect(await rawVersion(name)).toMatchObject({ verno: SCHEMA_VERSION });
    expect(await store.files.list('w1')).toEqual([
      {
        workspaceId: 'w1',
        path: 'main.py',
        kind: 'file',
        size: 9,
        mtime: 2,
        version: 1,
        binary: false,
      },
    ]);
    expect(await store.settings.get('secret.providerKeys')).toEqual(V1_ROWS.settings[2]!.value);
  });

  // Invariant 5: a failed migration or import leaves the previous data readable.
  it('a migration that fails leaves schema 2 and its data as they were; the next start migrates', async () => {
    const name = freshName();
    await createV2Database(name);
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'fileMeta') throw new DOMException('disk broke', 'DataError');
      return put.apply(this, args);
    });
    await expect(openDexieStore({ name, changes: new LocalChangeFeed() })).rejects.toThrow();
    vi.restoreAllMocks();
    const raw = await rawVersion(name);
    expect(raw.verno).toBe(2);
    expect(raw.tables).not.toContain('fileMeta');
    expect(await rawTable(name, 'files')).toHaveLength(V2_ROWS.files.length);

    const store = await openStore(name);
    expect(await store.files.list('w1')).toEqual(await expectedListing(store, 'w1'));
    expect(await store.files.list('w1')).toHaveLength(4);
  });
});
