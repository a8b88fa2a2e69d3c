import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { CoveStore } from '../../../src/store/cove-store';
import { MAX_FILE_BYTES } from '../../../src/workspace/limits';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { skipReason } from '../../../src/workspace/workspace-files';
import { storeKinds, testClock } from '../../fakes/stores';

const text = (s: string) => new TextEncoder().encode(s);

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CoveError);
    return (error as CoveError).code;
  }
  throw new Error('expected a CoveError');
}

describe.each(storeKinds)('workspace files over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const clock = testClock();
    const catalog = new WorkspaceCatalog(store, clock);
    const workspace = await catalog.create('Project');
    return { catalog, clock, files: catalog.files(workspace.id), workspace };
  }

  it('creates files with their folders and reads them back', async () => {
    const { files } = await setup();
    await files.write('src/app/main.py', 'print(1)\n');
    const listing = await files.list();
    expect(listing.map((e) => [e.path, e.kind])).toEqual([
      ['src', 'folder'],
      ['src/app', 'folder'],
      ['src/app/main.py', 'file'],
    ]);
    const row = await files.read('./src/app/main.py');
    expect(row.content).toBe('print(1)\n');
    expect(row.size).toBe(9);
    expect(row.version).toBe(1);
  });

  it('counts size in UTF-8 bytes', async () => {
    const { files } = await setup();
    await files.write('u.txt', 'héllo 🐍');
    expect((await files.read('u.txt')).size).toBe(new TextEncoder().encode('héllo 🐍').length);
  });

  it('refuses a name that exists and writes nothing', async () => {
    const { files } = await setup();
    await files.createFile('a.py', 'one');
    expect(await code(files.createFile('a.py', 'two'))).toBe('exists');
    expect((await files.read('a.py')).content).toBe('one');
  });

  it.each(['../x', '/abs', 'a\u0000b', 'a//b', 'n'.repeat(256)])(
    'refuses the bad path %j without writing',
    async (bad) => {
      const { files } = await setup();
      expect(await code(files.write(bad, 'x'))).toBe('bad-path');
      expect(await files.list()).toEqual([]);
    },
  );

  it('refuses a file over the size limit', async () => {
    const { files } = await setup();
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    expect(await code(files.write('big.bin', big))).toBe('too-large');
    expect(await files.list()).toEqual([]);
  });

  it('detects a write against a stale version', async () => {
    const { files } = await setup();
    const [first] = await files.write('a.py', 'v1');
    await files.write('a.py', 'v2', { expectVersion: first!.version });
    expect(await code(files.write('a.py', 'stale', { expectVersion: first!.version }))).toBe(
      'conflict',
    );
    expect((await files.read('a.py')).content).toBe('v2');
  });

  it('will not create a file inside a file', async () => {
    const { files } = await setup();
    await files.write('a', 'x');
    expect(await code(files.write('a/b.py', 'y'))).toBe('not-a-folder');
  });

  it('moves a folder with everything in it, atomically', async () => {
    const { files } = await setup();
    await files.write('pkg/a.py', 'A');
    await files.write('pkg/sub/b.py', 'B');
    await files.createFolder('pkg/empty');
    await files.move('pkg', 'lib/pkg2');
    const paths = (await files.list()).map((e) => e.path);
    expect(paths).toEqual([
      'lib',
      'lib/pkg2',
      'lib/pkg2/a.py',
      'lib/pkg2/empty',
      'lib/pkg2/sub',
      'lib/pkg2/sub/b.py',
    ]);
    expect((await files.read('lib/pkg2/sub/b.py')).content).toBe('B');
  });

  it('refuses to move a folder into itself or onto an existing name', async () => {
    const { files } = await setup();
    await files.write('pkg/a.py', 'A');
    await files.write('other.py', 'O');
    expect(await code(files.move('pkg', 'pkg/inner'))).toBe('move-into-itself');
    expect(await code(files.move('pkg/a.py', 'other.py'))).toBe('exists');
    expect((await files.list()).map((e) => e.path)).toEqual(['other.py', 'pkg', 'pkg/a.py']);
  });

  it('deletes a folder recursively', async () => {
    const { files } = await setup();
    await files.write('pkg/a.py', 'A');
    await files.write('keep.py', 'K');
    await files.delete('pkg');
    expect((await files.list()).map((e) => e.path)).toEqual(['keep.py']);
  });

  it('keeps binaries as bytes and text as text on import', async () => {
    const { files } = await setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]); // "café" in Latin-1: not UTF-8
    const result = await files.importFiles([
      { path: 'img/logo.png', bytes: png },
      { path: 'notes.txt', bytes: text('\uFEFFwith BOM\r\n') },
      { path: 'latin1.txt', bytes: latin1 },
    ]);
    expect(result.skipped).toEqual([]);
    expect((await files.read('img/logo.png')).content).toEqual(png);
    expect((await files.read('latin1.txt')).content).toEqual(latin1);
    expect((await files.read('notes.txt')).content).toBe('\uFEFFwith BOM\r\n');
    const meta = (await files.list()).find((e) => e.path === 'img/logo.png');
    expect(meta?.binary).toBe(true);
  });

  it('skips and lists bad entries of an import but writes the good ones', async () => {
    const { files } = await setup();
    await files.write('exists.py', 'old');
    const result = await files.importFiles([
      { path: '../evil.py', bytes: text('x') },
      { path: 'exists.py', bytes: text('new') },
      { path: 'big.bin', bytes: new Uint8Array(MAX_FILE_BYTES + 1) },
      { path: 'ok/fine.py', bytes: text('fine') },
      { path: 'ok/fine.py', bytes: text('dup') },
    ]);
    expect(result.written).toEqual(['ok/fine.py']);
    expect(result.skipped.map((s) => s.path)).toEqual([
      '../evil.py',
      'exists.py',
      'big.bin',
      'ok/fine.py',
    ]);
    expect(result.skipped[0]!.reason).toContain('outside the workspace');
    expect(result.skipped[2]!.reason).toContain('10.0 MB');
    expect((await files.read('exists.py')).content).toBe('old');
  });

  it('skips names with bidirectional controls on import (upload, zip), listed as escapes', async () => {
    const { files } = await setup();
    const result = await files.importFiles(
      [
        { path: 'docs/\u202Efdp.exe', bytes: text('x') },
        { path: '<img src=x onerror=alert(1)>.py', bytes: text('inert') },
      ],
      { folders: ['\u2067dir'] },
    );
    expect(result.written).toEqual(['<img src=x onerror=alert(1)>.py']);
    expect(result.skipped.map((s) => s.path)).toEqual(['docs/\\u202Efdp.exe', '\\u2067dir/']);
    expect(result.skipped[0]!.reason).toContain('invisible bidirectional control (U+202E)');
    expect((await files.list()).map((entry) => entry.path)).toEqual([
      '<img src=x onerror=alert(1)>.py',
    ]);
  });

  it('a skipped entry carries its refusal as data, worded wherever the list is shown', async () => {
    const { files } = await setup();
    const result = await files.importFiles([{ path: '../evil.py', bytes: text('x') }]);
    const [skipped] = result.skipped;
    expect(skipped!.problem).toMatchObject({ code: 'bad-path', params: { path: '../evil.py' } });
    // As a worker posts it (structured clone, no English there): worded on the page.
    const posted = structuredClone({ ...skipped!, reason: 'bad-path' });
    expect(skipReason(posted)).toBe('"../evil.py" points outside the workspace ("..").');
    expect(skipReason({ path: 'a.py', reason: 'appears twice' })).toBe('appears twice');
  });

  it('refuses creating and renaming to a name with a bidirectional control', async () => {
    const { files } = await setup();
    await files.write('a.py', 'x');
    await expect(files.write('\u202Eyp.txt', 'x')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(files.createFolder('\u2066x')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(files.move('a.py', 'b\u200F.py')).rejects.toMatchObject({ code: 'bad-path' });
    expect((await files.list()).map((entry) => entry.path)).toEqual(['a.py']);
  });

  it('replaces existing files on import when asked', async () => {
    const { files } = await setup();
    await files.write('a.py', 'old');
    const result = await files.importFiles([{ path: 'a.py', bytes: text('new') }], {
      replace: true,
    });
    expect(result.replaced).toEqual(['a.py']);
    expect((await files.read('a.py')).content).toBe('new');
  });

  it('notifies subscribers of the paths a batch changed', async () => {
    const { files, workspace } = await setup();
    const seen: unknown[] = [];
    store.changes.subscribe((notice) => seen.push(notice.change));
    await files.write('x/y.py', '1');
    expect(seen).toContainEqual({
      type: 'files',
      workspaceId: workspace.id,
      paths: ['x', 'x/y.py'],
    });
  });

  it('writes at once as the version given, and says so on the change feed', async () => {
    const { files, workspace } = await setup();
    await files.write('notes.py', 'one\n');
    const seen: unknown[] = [];
    store.changes.subscribe((notice) => seen.push(notice.change));
    const written = files.writeAtOnce('notes.py', 'two\n', 3);
    const row = await written;
    expect(row).toMatchObject({ path: 'notes.py', content: 'two\n', size: 4, version: 3 });
    expect(await files.read('notes.py')).toMatchObject({ content: 'two\n', version: 3 });
    // An ordinary write expecting the old version now meets a conflict, as after any write.
    expect(await code(files.write('notes.py', 'three\n', { expectVersion: 1 }))).toBe('conflict');
    expect(seen).toContainEqual({ type: 'files', workspaceId: workspace.id, paths: ['notes.py'] });
    expect(await code(files.writeAtOnce('../out.py', 'x', 1))).toBe('bad-path');
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('keeps workspaces apart and deletes a workspace with its files', async () => {
    const { catalog, files, workspace } = await setup();
    const other = await catalog.create('Other');
    await files.write('a.py', 'mine');
    await catalog.files(other.id).write('a.py', 'theirs');
    await catalog.delete(workspace.id);
    expect(await store.files.list(workspace.id)).toEqual([]);
    expect((await catalog.files(other.id).read('a.py')).content).toBe('theirs');
  });
});

describe.each(storeKinds)('workspace catalog over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  it('creates the Welcome workspace on the first visit only', async () => {
    store = await open();
    const catalog = new WorkspaceCatalog(store, testClock());
    const welcome = await catalog.welcomeOnFirstVisit();
    expect(welcome?.name).toBe('Welcome');
    const paths = (await catalog.files(welcome!.id).list()).map((e) => e.path);
    expect(paths).toEqual(['README.md', 'main.py']);
    await catalog.delete(welcome!.id);
    expect(await catalog.welcomeOnFirstVisit()).toBeUndefined();
    expect(await catalog.list()).toEqual([]);
  });

  it('validates names: empty, too long, duplicate regardless of case', async () => {
    store = await open();
    const catalog = new WorkspaceCatalog(store, testClock());
    await catalog.create('Alpha');
    expect(await code(catalog.create('  '))).toBe('bad-name');
    expect(await code(catalog.create('x'.repeat(81)))).toBe('bad-name');
    expect(await code(catalog.create('\u202Eahpla'))).toBe('bad-name');
    expect(await code(catalog.create('alpha'))).toBe('exists');
    const beta = await catalog.create(' Beta ');
    expect(beta.name).toBe('Beta');
    expect((await catalog.rename(beta.id, 'Gamma')).name).toBe('Gamma');
    expect(await code(catalog.rename(beta.id, 'ALPHA'))).toBe('exists');
  });
});
