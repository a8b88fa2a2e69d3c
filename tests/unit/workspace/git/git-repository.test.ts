import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoveStore } from '../../../../src/store/cove-store';
import { bytesOfContent } from '../../../../src/workspace/file-content';
import { CheckpointService } from '../../../../src/workspace/checkpoints';
import { pageBuffer } from '../../../../src/workspace/git/git-buffer';
import { GitRepository, loadGit } from '../../../../src/workspace/git/git-repository';
import type { GitFileStatus } from '../../../../src/workspace/git/git-status';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import type { WorkspaceFiles } from '../../../../src/workspace/workspace-files';
import { storeKinds, testClock } from '../../../fakes/stores';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };

const short = (files: GitFileStatus[]) =>
  files.map((file) => [file.path, file.staged ?? '-', file.unstaged ?? '-']);

/** Copies every row (.git included) to a folder on disk, for the git command line. */
async function exportToDisk(files: WorkspaceFiles): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'cove-git-'));
  for (const row of await files.listAll()) {
    const target = join(root, row.path);
    if (row.kind === 'folder') mkdirSync(target, { recursive: true });
    else {
      mkdirSync(dirname(target), { recursive: true });
      const found = await files.findAny(row.path);
      writeFileSync(target, bytesOfContent(found!.content));
    }
  }
  return root;
}

/** Node's Buffer, and the page's: the `buffer` package's is what isomorphic-git gets in the browser. */
const variants = storeKinds.flatMap((kind) => [
  { ...kind, buffer: 'Node Buffer' },
  { ...kind, buffer: 'the page Buffer' },
]);

describe.each(variants)(
  'a git repository over the $name store, with $buffer',
  ({ open, buffer }) => {
    let store: CoveStore;
    beforeEach(async () => {
      if (buffer === 'the page Buffer') vi.stubGlobal('Buffer', await pageBuffer());
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      return store?.close();
    });

    async function setup() {
      store = await open();
      const clock = testClock();
      const catalog = new WorkspaceCatalog(store, clock);
      const workspace = await catalog.create('Repo');
      const files = catalog.files(workspace.id);
      const repo = new GitRepository(files, clock, await loadGit());
      return { clock, files, repo };
    }

    async function committed() {
      const context = await setup();
      const { files, repo } = context;
      await files.write('main.py', 'print(1)\n');
      await files.write('src/util.py', 'X = 1\n');
      await repo.init();
      await repo.stage('main.py');
      await repo.stage('src/util.py');
      await repo.commit('First commit', ADA);
      return context;
    }

    it('says there is no repository until one is initialized', async () => {
      const { repo } = await setup();
      expect(await repo.exists()).toBe(false);
      await expect(repo.status()).rejects.toMatchObject({ code: 'git-no-repository' });
      await repo.init();
      expect(await repo.exists()).toBe(true);
      expect(await repo.status()).toEqual([]);
      expect(await repo.log()).toEqual([]);
      expect(await repo.branches()).toEqual({ current: 'main', all: ['main'] });
    });

    it('shows edits made through the workspace: modified, added, deleted, untracked', async () => {
      const { files, repo, clock } = await committed();
      expect(await repo.status()).toEqual([]);
      clock.advance(1000);
      await files.write('main.py', 'print(2)\n');
      await files.delete('src/util.py');
      await files.write('notes.md', '# Notes\n');
      // A Python run's results arrive as one batch.
      await files.apply([{ type: 'put', path: 'out.txt', kind: 'file', content: '42\n' }]);
      expect(short(await repo.status())).toEqual([
        ['main.py', '-', 'modified'],
        ['notes.md', '-', 'untracked'],
        ['out.txt', '-', 'untracked'],
        ['src/util.py', '-', 'deleted'],
      ]);

      await repo.stage('main.py');
      await repo.stage('src/util.py');
      await repo.stage('notes.md');
      expect(short(await repo.status())).toEqual([
        ['main.py', 'modified', '-'],
        ['notes.md', 'added', '-'],
        ['out.txt', '-', 'untracked'],
        ['src/util.py', 'deleted', '-'],
      ]);
      await files.write('notes.md', '# Notes, more\n');
      expect(short(await repo.status())).toContainEqual(['notes.md', 'added', 'modified']);

      await repo.unstage('main.py');
      expect(short(await repo.status())).toContainEqual(['main.py', '-', 'modified']);

      await repo.stageAll();
      expect(short(await repo.status())).toEqual([
        ['main.py', 'modified', '-'],
        ['notes.md', 'added', '-'],
        ['out.txt', 'added', '-'],
        ['src/util.py', 'deleted', '-'],
      ]);
    });

    it('respects .gitignore', async () => {
      const { files, repo } = await committed();
      await files.write('.gitignore', '__pycache__/\n*.log\n');
      await files.write('__pycache__/main.pyc', new Uint8Array([0, 1, 2]));
      await files.write('run.log', 'x');
      expect(short(await repo.status())).toEqual([['.gitignore', '-', 'untracked']]);
    });

    it('commits with the author from Settings, and the git command line agrees', async () => {
      const { files, repo, clock } = await committed();
      clock.advance(60_000);
      await files.write('main.py', 'print("two")\n');
      await repo.stage('main.py');
      const oid = await repo.commit('  Second: say two  ', ADA);
      const log = await repo.log();
      expect(log.map((entry) => [entry.message, entry.author.name, entry.author.email])).toEqual([
        ['Second: say two', 'Ada Lovelace', 'ada@example.com'],
        ['First commit', 'Ada Lovelace', 'ada@example.com'],
      ]);
      expect(log[0]).toMatchObject({ oid, time: clock.now() - (clock.now() % 1000) });

      const root = await exportToDisk(files);
      try {
        const cli = (...args: string[]) =>
          execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
        expect(cli('log', '--format=%H %an <%ae> %s')).toBe(
          [
            `${oid} Ada Lovelace <ada@example.com> Second: say two`,
            `${log[1]!.oid} Ada Lovelace <ada@example.com> First commit`,
          ].join('\n'),
        );
        expect(cli('status', '--porcelain')).toBe('');
        expect(cli('fsck', '--strict')).toBe('');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('refuses a commit without author, message or staged change, saying what to do', async () => {
      const { repo } = await committed();
      await expect(repo.commit('x', { name: '', email: '' })).rejects.toMatchObject({
        code: 'git-no-author',
      });
      await expect(repo.commit('  ', ADA)).rejects.toMatchObject({
        code: 'git-nothing-to-commit',
        params: { variant: 'no-message' },
      });
      await expect(repo.commit('Nothing', ADA)).rejects.toMatchObject({
        code: 'git-nothing-to-commit',
      });
    });

    it('diffs a file against HEAD and gives the three versions for the merge view', async () => {
      const { files, repo } = await committed();
      await files.write('main.py', 'print(1)\nprint(2)\n');
      await repo.stage('main.py');
      await files.write('main.py', 'print(1)\nprint(3)\n');
      const versions = await repo.versions('main.py');
      expect(versions).toMatchObject({
        head: 'print(1)\n',
        index: 'print(1)\nprint(2)\n',
        workdir: 'print(1)\nprint(3)\n',
      });
      const diff = await repo.diff('main.py');
      expect(diff.text).toContain('+print(3)');
      expect([diff.added, diff.removed]).toEqual([1, 0]);
      expect((await repo.versions('new.py')).head).toBeNull();
    });

    it('discards a file’s changes, staged or not, and deletes a file HEAD does not have', async () => {
      const { files, repo } = await committed();
      await files.write('main.py', 'broken(\n');
      await repo.stage('main.py');
      await files.write('scratch.py', 'x');
      await repo.discard('main.py');
      await repo.discard('scratch.py');
      expect((await files.read('main.py')).content).toBe('print(1)\n');
      expect(await files.find('scratch.py')).toBeUndefined();
      expect(await repo.status()).toEqual([]);
    });

    it('creates, switches and deletes branches, and refuses what would lose work', async () => {
      const { files, repo, clock } = await committed();
      await repo.createBranch('feature');
      expect(await repo.branches()).toEqual({ current: 'feature', all: ['feature', 'main'] });
      clock.advance(1000);
      await files.write('main.py', 'print("feature")\n');
      await repo.stage('main.py');
      await repo.commit('Feature', ADA);

      await repo.switchBranch('main');
      expect((await files.read('main.py')).content).toBe('print(1)\n');
      await files.write('main.py', 'print("unsaved work")\n');
      await expect(repo.switchBranch('feature')).rejects.toMatchObject({
        code: 'git-local-changes',
      });
      expect((await files.read('main.py')).content).toBe('print("unsaved work")\n');
      await repo.discard('main.py');
      await repo.switchBranch('feature');
      expect((await files.read('main.py')).content).toBe('print("feature")\n');

      await expect(repo.deleteBranch('feature')).rejects.toMatchObject({
        code: 'git-branch-current',
      });
      await expect(repo.createBranch('main')).rejects.toMatchObject({
        code: 'git-branch',
        params: { variant: 'exists' },
      });
      await expect(repo.createBranch('bad name')).rejects.toMatchObject({ code: 'git-branch' });
      await repo.switchBranch('main');
      await repo.deleteBranch('feature');
      expect((await repo.branches()).all).toEqual(['main']);
    });

    it('keeps the history through a rewind of the agent’s changes', async () => {
      const { files, repo, clock } = await committed();
      const checkpoints = new CheckpointService(files, store.checkpoints, clock);
      const checkpoint = await checkpoints.record('s1', 'n1', ['main.py', 'new.py']);
      await files.write('main.py', 'print("agent")\n');
      await files.write('new.py', 'y = 2\n');
      await repo.stage('new.py');
      await checkpoints.rewind(await checkpoints.planRewind(await checkpoints.settle(checkpoint)));
      expect((await repo.log()).map((entry) => entry.message)).toEqual(['First commit']);
      expect(short(await repo.status())).toEqual([['new.py', 'added', 'deleted']]);
    });

    it("lists each commit's files and their two versions, the first commit's as added", async () => {
      const { files, repo, clock } = await committed();
      clock.advance(1000);
      await files.write('main.py', 'print(2)\n');
      await files.delete('src/util.py');
      await files.write('src/deep/new.py', 'N = 1\n');
      await repo.stageAll();
      await repo.commit('Second', ADA);
      const [second, first] = await repo.log();
      expect(await repo.commitFiles(first!.oid)).toEqual([
        { path: 'main.py', change: 'added' },
        { path: 'src/util.py', change: 'added' },
      ]);
      expect(await repo.commitFiles(second!.oid)).toEqual([
        { path: 'main.py', change: 'modified' },
        { path: 'src/deep/new.py', change: 'added' },
        { path: 'src/util.py', change: 'deleted' },
      ]);
      expect(await repo.commitVersions(second!.oid, 'main.py')).toEqual({
        before: 'print(1)\n',
        after: 'print(2)\n',
      });
      expect(await repo.commitVersions(second!.oid, 'src/util.py')).toEqual({
        before: 'X = 1\n',
        after: null,
      });
    });

    it('amends the last commit: what is staged and the new message replace it, the git CLI agrees', async () => {
      const { files, repo, clock } = await committed();
      await expect(repo.amend('x', { name: '', email: '' })).rejects.toMatchObject({
        code: 'git-no-author',
      });
      clock.advance(1000);
      await files.write('main.py', 'print("amended")\n');
      await repo.stage('main.py');
      await repo.amend('First commit, amended\n\nWith detail.', ADA);
      // A blank message keeps the commit's own.
      await repo.amend('  ', ADA);
      const log = await repo.log();
      expect(log.map((entry) => [entry.message, entry.parents.length])).toEqual([
        ['First commit, amended\n\nWith detail.', 0],
      ]);
      expect(await repo.status()).toEqual([]);
      const root = await exportToDisk(files);
      try {
        const cli = (...args: string[]) =>
          execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
        expect(cli('rev-list', '--count', 'HEAD')).toBe('1');
        expect(cli('show', 'HEAD:main.py')).toBe('print("amended")');
        expect(cli('log', '-1', '--format=%an %s')).toBe('Ada Lovelace First commit, amended');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });

    it('refuses to amend before the first commit', async () => {
      const { files, repo } = await setup();
      await files.write('a.py', 'a\n');
      await repo.init();
      await expect(repo.amend('x', ADA)).rejects.toMatchObject({
        code: 'git-nothing-to-commit',
      });
    });

    it('stages a text of its own for a file (one change of it), leaving the working file', async () => {
      const { files, repo, clock } = await committed();
      clock.advance(1000);
      await files.write('main.py', 'print(1)\nprint(2)\n');
      await repo.stageText('main.py', 'print(1)\nprint("half")\n');
      expect(short(await repo.status())).toEqual([['main.py', 'modified', 'modified']]);
      expect(await repo.versions('main.py')).toMatchObject({
        index: 'print(1)\nprint("half")\n',
        workdir: 'print(1)\nprint(2)\n',
      });
      await repo.stageText('main.py', 'print(1)\n');
      expect(short(await repo.status())).toEqual([['main.py', '-', 'modified']]);
    });
  },
);
