import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepository, loadGit } from '../../../../src/workspace/git/git-repository';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import { writeZip } from '../../../../src/workspace/zip-archive';
import { importZipInto } from '../../../../src/workspace/zip-import';
import { storeKinds, testClock } from '../../../fakes/stores';

const BOB = ['-c', 'user.name=Bob', '-c', 'user.email=bob@example.com'];
const made: string[] = [];

/** A repository made by the git command line, two commits, as a folder on disk. */
function cliRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cove-git-zip-'));
  made.push(dir);
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...BOB, ...args]);
  git('init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'app.py'), 'print(1)\n');
  git('add', '.');
  git('commit', '-q', '-m', 'First');
  writeFileSync(join(dir, 'src', 'app.py'), 'print(2)\n');
  writeFileSync(join(dir, 'README.md'), '# Demo\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Second');
  return dir;
}

/** The folder as a zip, every file (its .git too), as an archiver would make it. */
function zipFolder(dir: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const walk = (at: string, prefix: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(join(at, entry.name), `${path}/`);
      else entries[path] = readFileSync(join(at, entry.name));
    }
  };
  walk(dir, '');
  return zipSync(entries);
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('a zipped repository', () => {
  async function workspace(name: string) {
    const store = await storeKinds[0]!.open();
    const clock = testClock();
    const catalog = new WorkspaceCatalog(store, clock);
    const files = catalog.files((await catalog.create(name)).id);
    return { files, repo: new GitRepository(files, clock, await loadGit()) };
  }

  it('imports with its history (made by the git command line), and the tree hides .git', async () => {
    const { files, repo } = await workspace('imported');
    const result = await importZipInto(files, { bytes: zipFolder(cliRepository()) });
    expect(result.skipped).toEqual([]);
    expect((await repo.log()).map((commit) => commit.message)).toEqual(['Second', 'First']);
    expect(await repo.status()).toEqual([]);
    expect((await files.list()).map((row) => row.path)).toEqual(['README.md', 'src', 'src/app.py']);
    expect((await repo.commitVersions((await repo.log())[1]!.oid, 'src/app.py')).after).toBe(
      'print(1)\n',
    );
  });

  it('exports without .git by default, and with it (a repository again) on request', async () => {
    const { files } = await workspace('source');
    await importZipInto(files, { bytes: zipFolder(cliRepository()) });

    const plain = unzipSync(writeZip(await files.listWithContent()));
    expect(Object.keys(plain).sort()).toEqual(['README.md', 'src/', 'src/app.py']);

    const whole = writeZip(await files.listWithContent({ includeGit: true }));
    expect(Object.keys(unzipSync(whole))).toContain('.git/HEAD');
    const copy = await workspace('copy');
    await importZipInto(copy.files, { bytes: whole });
    expect((await copy.repo.log()).map((commit) => commit.message)).toEqual(['Second', 'First']);
    expect(await copy.repo.status()).toEqual([]);

    // The git command line reads the exported repository too.
    const out = mkdtempSync(join(tmpdir(), 'cove-git-zip-out-'));
    made.push(out);
    for (const [path, bytes] of Object.entries(unzipSync(whole))) {
      if (path.endsWith('/')) mkdirSync(join(out, path), { recursive: true });
      else {
        mkdirSync(join(out, path, '..'), { recursive: true });
        writeFileSync(join(out, path), bytes);
      }
    }
    const log = execFileSync('git', ['-C', out, 'log', '--format=%s'], { encoding: 'utf8' });
    expect(log.trim().split('\n')).toEqual(['Second', 'First']);
    expect(execFileSync('git', ['-C', out, 'status', '--porcelain'], { encoding: 'utf8' })).toBe(
      '',
    );
  });
});
