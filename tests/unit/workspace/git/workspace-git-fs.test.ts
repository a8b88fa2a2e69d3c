import git from 'isomorphic-git';
import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../../src/base/errors';
import type { CoveStore } from '../../../../src/store/cove-store';
import { WorkspaceGitFs } from '../../../../src/workspace/git/workspace-git-fs';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../../fakes/stores';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  throw new Error('expected a failure');
}

describe.each(storeKinds)('the git fs adapter over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const catalog = new WorkspaceCatalog(store, testClock());
    const workspace = await catalog.create('Repo');
    const files = catalog.files(workspace.id);
    return { files, fs: new WorkspaceGitFs(files) };
  }

  it('reads, writes, lists and removes files and folders as Node does', async () => {
    const { fs } = await setup();
    await fs.mkdir('/src');
    await fs.writeFile('/src/main.py', 'print(1)\n', 'utf8');
    expect(await fs.readFile('/src/main.py', 'utf8')).toBe('print(1)\n');
    expect(await fs.readFile('//src/./main.py')).toEqual(new TextEncoder().encode('print(1)\n'));
    expect(await fs.readdir('/')).toEqual(['src']);
    expect(await fs.readdir('/src')).toEqual(['main.py']);
    const stats = await fs.stat('/src/main.py');
    expect([stats.isFile(), stats.isDirectory(), stats.isSymbolicLink(), stats.size]).toEqual([
      true,
      false,
      false,
      9,
    ]);
    expect((await fs.lstat('/src')).isDirectory()).toBe(true);
    expect((await fs.stat('/')).isDirectory()).toBe(true);

    expect(await codeOf(fs.readFile('/nope'))).toBe('ENOENT');
    expect(await codeOf(fs.stat('/nope'))).toBe('ENOENT');
    expect(await codeOf(fs.readdir('/nope'))).toBe('ENOENT');
    expect(await codeOf(fs.readdir('/src/main.py'))).toBe('ENOTDIR');
    expect(await codeOf(fs.readFile('/src'))).toBe('EISDIR');
    expect(await codeOf(fs.writeFile('/missing/a.txt', 'x'))).toBe('ENOENT');
    expect(await codeOf(fs.writeFile('/src/main.py/a.txt', 'x'))).toBe('ENOTDIR');
    expect(await codeOf(fs.mkdir('/src'))).toBe('EEXIST');
    expect(await codeOf(fs.mkdir('/a/b'))).toBe('ENOENT');
    expect(await codeOf(fs.rmdir('/src'))).toBe('ENOTEMPTY');
    expect(await codeOf(fs.unlink('/src'))).toBe('EISDIR');
    expect(await codeOf(fs.readlink('/src/main.py'))).toBe('EINVAL');
    expect(await codeOf(fs.readlink('/nope'))).toBe('ENOENT');

    await fs.unlink('/src/main.py');
    await fs.rmdir('/src');
    expect(await fs.readdir('/')).toEqual([]);
    expect(await codeOf(fs.unlink('/src/main.py'))).toBe('ENOENT');
  });

  it('refuses symbolic links with a sentence that says what to do', async () => {
    const { fs } = await setup();
    const failure = await fs.symlink('target.txt', '/link').catch((error: Error) => error);
    expect(failure).toMatchObject({ code: 'ENOTSUP' });
    expect((failure as Error).message).toMatch(/cannot hold symbolic links.*Replace the link/);
  });

  it('keeps binary and large files byte for byte, and text as text for the editor', async () => {
    const { fs, files } = await setup();
    const binary = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < binary.length; i++) binary[i] = (i * 7919) % 256;
    await fs.writeFile('/blob.bin', binary);
    // Buffer.equals: a deep toEqual of megabytes takes seconds.
    expect(Buffer.from(await fs.readFile('/blob.bin')).equals(binary)).toBe(true);
    expect((await fs.stat('/blob.bin')).size).toBe(binary.length);

    // Larger than the 10 MB limit of uploads: git's own files (packs) must still fit.
    const large = new Uint8Array(11 * 1024 * 1024).fill(0x61);
    large[0] = 0;
    await fs.writeFile('/large.bin', large);
    expect(Buffer.from(await fs.readFile('/large.bin')).equals(large)).toBe(true);

    await fs.writeFile('/notes.md', new TextEncoder().encode('\uFEFFhé\n'));
    expect((await files.read('notes.md')).content).toBe('\uFEFFhé\n');
    expect(await fs.readFile('/notes.md')).toEqual(new TextEncoder().encode('\uFEFFhé\n'));
  });

  it('gives a changed file new stats even within the same millisecond and size', async () => {
    const { fs } = await setup();
    await fs.writeFile('/a.txt', 'one');
    const before = await fs.stat('/a.txt');
    await fs.writeFile('/a.txt', 'two');
    const after = await fs.stat('/a.txt');
    expect(after.size).toBe(before.size);
    expect(after.mtimeMs).not.toBe(before.mtimeMs);
  });

  it('sees what the workspace wrote after a refresh', async () => {
    const { fs, files } = await setup();
    expect(await fs.readdir('/')).toEqual([]);
    await files.write('later.txt', 'x');
    fs.refresh();
    expect(await fs.readdir('/')).toEqual(['later.txt']);
  });

  it('carries isomorphic-git through init, add, commit and status, with .git hidden', async () => {
    const { fs, files } = await setup();
    await files.write('main.py', 'print(1)\n');
    await git.init({ fs, dir: '/', defaultBranch: 'main' });
    await git.add({ fs, dir: '/', filepath: 'main.py' });
    const oid = await git.commit({
      fs,
      dir: '/',
      message: 'First',
      author: { name: 'Ada', email: 'ada@example.com', timestamp: 1767225600, timezoneOffset: 0 },
    });
    expect(oid).toMatch(/^[0-9a-f]{40}$/);
    expect(await git.statusMatrix({ fs, dir: '/' })).toEqual([['main.py', 1, 1, 1]]);

    await files.write('main.py', 'print(2)\n');
    fs.refresh();
    expect(await git.statusMatrix({ fs, dir: '/' })).toEqual([['main.py', 1, 2, 1]]);

    const [commit] = await git.log({ fs, dir: '/' });
    expect(commit?.commit.message).toBe('First\n');

    expect((await files.list()).map((entry) => entry.path)).toEqual(['main.py']);
    // Zip export and Python's copy read this listing: .git stays out of both.
    expect((await files.listWithContent()).map((entry) => entry.path)).toEqual(['main.py']);
    expect((await files.listAll()).some((entry) => entry.path === '.git/HEAD')).toBe(true);
    const refused = await files.read('.git/HEAD').catch((error: CoveError) => error);
    expect(refused).toBeInstanceOf(CoveError);
    expect(refused).toMatchObject({ code: 'bad-path', params: { variant: 'git-folder' } });
    await expect(files.write('.git/config', '')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(files.delete('.git')).rejects.toMatchObject({ code: 'bad-path' });
    await expect(files.write('sub/.git/x', '')).rejects.toMatchObject({ code: 'bad-path' });
  });
});
