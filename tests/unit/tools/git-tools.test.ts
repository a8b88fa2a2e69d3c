import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/store/memory-store';
import { gitCommitTool } from '../../../src/tools/git/git-commit-tool';
import { gitDiffTool } from '../../../src/tools/git/git-diff-tool';
import { gitLogTool } from '../../../src/tools/git/git-log-tool';
import { gitStatusTool } from '../../../src/tools/git/git-status-tool';
import type { GitToolContext } from '../../../src/tools/git/git-tool-context';
import { isReadOnly } from '../../../src/tools/tool';
import { builtinToolRegistry } from '../../../src/tools/tool-registry';
import { GitRepository, loadGit } from '../../../src/workspace/git/git-repository';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { testClock } from '../../fakes/stores';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };

async function setup() {
  const clock = testClock();
  const catalog = new WorkspaceCatalog(createMemoryStore(), clock);
  const files = catalog.files((await catalog.create('Repo')).id);
  const repo = new GitRepository(files, clock, await loadGit());
  const context: GitToolContext = {
    signal: new AbortController().signal,
    update: () => {},
    git: { repository: async () => repo, author: () => ADA },
  };
  return { files, repo, context };
}

describe('the agent’s git tools', () => {
  it('are registered, read-only, and never ask', () => {
    for (const name of ['git_status', 'git_diff', 'git_log']) {
      const tool = builtinToolRegistry.get(name);
      expect(tool && isReadOnly(tool)).toBe(true);
    }
  });

  it('say there is no repository, and how one is made, without failing', async () => {
    const { context } = await setup();
    const result = await gitStatusTool.execute({}, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toMatch(/no git repository.*Initialize repository/);
    const none = await gitLogTool.execute({}, { ...context, git: undefined });
    expect(none).toMatchObject({
      isError: true,
      content: 'Git is not available in this workspace.',
    });
  });

  it('show the status, the diff and the log of edits made through the workspace', async () => {
    const { files, repo, context } = await setup();
    await files.write('main.py', 'print(1)\n');
    await repo.init();
    await repo.stage('main.py');
    await repo.commit('First commit', ADA);
    expect((await gitStatusTool.execute({}, context)).content).toBe(
      'On branch main. Nothing changed since the last commit.',
    );

    await files.write('main.py', 'print(2)\n');
    await files.write('notes.md', 'hi\n');
    await repo.stage('notes.md');
    expect((await gitStatusTool.execute({}, context)).content).toBe(
      [
        'On branch main. 2 changed files:',
        'main.py (not staged: modified)',
        'notes.md (staged: added)',
      ].join('\n'),
    );

    const one = await gitDiffTool.execute({ path: 'main.py' }, context);
    expect(one.content).toContain('-print(1)\n+print(2)');
    const all = await gitDiffTool.execute({}, context);
    expect(all.content).toContain('+++ b/notes.md');
    expect(all.content).toContain('+++ b/main.py');

    const log = await gitLogTool.execute({ limit: 5 }, context);
    expect(log.content).toMatch(
      /^[0-9a-f]{10} 2026-01-01 00:00 Ada Lovelace <ada@example.com>\n {4}First commit$/,
    );
  });

  it('turn a bad path into a result that says what is wrong', async () => {
    const { files, repo, context } = await setup();
    await files.write('a.txt', 'x');
    await repo.init();
    const result = await gitDiffTool.execute({ path: '../etc/passwd' }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/outside the workspace/);
  });

  it('commit: ask as file edits do, showing the message and the diff the commit would hold', async () => {
    const { files, repo, context } = await setup();
    await files.write('main.py', 'print(1)\n');
    await repo.init();
    await repo.stage('main.py');
    await repo.commit('First commit', ADA);
    await files.write('main.py', 'print(2)\n');
    await files.write('notes.md', 'hi\n');
    await files.write('other.txt', 'left alone\n');
    await repo.stage('notes.md');

    expect(gitCommitTool.approval).toBe('edit');
    const args = { message: 'Print two\n\nAnd take notes.', paths: ['./main.py'] };
    const card = await gitCommitTool.describeApproval!(args, context);
    expect(card.title).toBe('Commit 2 files: "Print two"');
    expect(card.problem).toBeUndefined();
    expect(card.view).toMatchObject({
      kind: 'commit',
      message: args.message,
      files: ['main.py', 'notes.md'],
    });
    const diff = (card.view as { diff: string }).diff;
    expect(diff).toContain('-print(1)\n+print(2)');
    expect(diff).toContain('+++ b/notes.md');
    expect(diff).not.toContain('other.txt');
    // The preview staged nothing.
    expect((await repo.status()).find((f) => f.path === 'main.py')?.staged).toBeNull();

    const result = await gitCommitTool.execute(args, context);
    expect(result.isError).toBeUndefined();
    expect(result.content).toMatch(
      /^Committed [0-9a-f]{10} on main: "Print two" \(2 files: main.py, notes.md\)\.$/,
    );
    const [last] = await repo.log(1);
    expect(last).toMatchObject({ message: 'Print two\n\nAnd take notes.', author: ADA });
    expect((await repo.status()).map((f) => f.path)).toEqual(['other.txt']);
  });

  it('commit: refuse an empty commit, a file without changes, and a missing author', async () => {
    const { files, repo, context } = await setup();
    await files.write('main.py', 'print(1)\n');
    await repo.init();
    await files.write('x.py', 'x\n');

    const empty = await gitCommitTool.execute({ message: 'Nothing' }, context);
    expect(empty).toMatchObject({
      isError: true,
      content: expect.stringMatching(/nothing to commit/),
    });
    expect(
      (await gitCommitTool.describeApproval!({ message: 'Nothing' }, context)).problem,
    ).toMatch(/would be empty/);

    const unknown = await gitCommitTool.execute({ message: 'M', paths: ['ghost.py'] }, context);
    expect(unknown).toMatchObject({ isError: true, content: expect.stringMatching(/ghost\.py/) });

    const anonymous = {
      ...context,
      git: { repository: async () => repo, author: () => ({ name: '', email: '' }) },
    };
    const noAuthor = await gitCommitTool.execute({ message: 'M', paths: ['x.py'] }, anonymous);
    expect(noAuthor).toMatchObject({
      isError: true,
      content: expect.stringMatching(/Settings → Git/),
    });
    expect(await repo.log()).toEqual([]);
  });
});
