import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createGitService, GIT_AUTHOR_KEY } from '../../../src/app/git-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { loadGit } from '../../../src/workspace/git/git-repository';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { waitUntil } from '../support/wait-until';

async function setup() {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, clock);
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  await workspaces.create('Repo');
  const git = createGitService({
    workspaces,
    settings: store.settings,
    changes: store.changes,
    notices,
    clock,
    loadGit,
  });
  return { clock, store, workspaces, git, notices, files: workspaces.files()! };
}

describe('git service', () => {
  it('offers to initialize, then follows edits made anywhere in the workspace', async () => {
    const { git, files, clock, workspaces } = await setup();
    git.activate();
    await waitUntil(() => expect(git.state().kind).toBe('none'));
    await files.write('main.py', 'print(1)\n');
    expect(await git.init()).toBe(true);
    const state = git.state();
    expect(state.kind === 'ready' && state.files.map((f) => [f.path, f.unstaged])).toEqual([
      ['main.py', 'untracked'],
    ]);

    // An edit made elsewhere (the editor, Python, the agent) shows after the quiet period.
    await files.write('util.py', 'x = 1\n');
    await clock.advance(250);
    await waitUntil(() => {
      const now = git.state();
      expect(now.kind === 'ready' && now.files.length).toBe(2);
    });
    // Git's own writes do not re-list the file tree.
    expect(workspaces.entries().map((entry) => entry.path)).toEqual(['main.py', 'util.py']);

    // Hidden, the panel does not follow saves; shown again, it catches up.
    git.deactivate();
    await files.write('later.py', 'y = 2\n');
    await clock.advance(1_000);
    const hidden = git.state();
    expect(hidden.kind === 'ready' && hidden.files.length).toBe(2);
    git.activate();
    await waitUntil(() => {
      const now = git.state();
      expect(now.kind === 'ready' && now.files.length).toBe(3);
    });
  });

  it('commits with the saved author, and says what to do when there is none', async () => {
    const { git, files, notices, store } = await setup();
    await files.write('main.py', 'print(1)\n');
    await git.init();
    await git.stageAll();
    expect(await git.commit('First')).toBe(false);
    expect(notices.notices().at(-1)?.text).toBe(
      'Could not commit: A commit needs an author name and email. Set them in Settings → Git, then commit again.',
    );

    await git.setAuthor({ name: ' Ada ', email: 'ada@example.com ' });
    expect(await store.settings.get(GIT_AUTHOR_KEY)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
    expect(await git.commit('First')).toBe(true);
    const state = git.state();
    expect(state.kind === 'ready' && state.log.map((c) => [c.message, c.author.name])).toEqual([
      ['First', 'Ada'],
    ]);
    expect(state.kind === 'ready' && state.files).toEqual([]);
  });

  it("discards a file's changes, and the notice's Undo brings the text back", async () => {
    const { git, files, notices } = await setup();
    await git.setAuthor({ name: 'Ada', email: 'ada@example.com' });
    await files.write('main.py', 'print(1)\n');
    await files.write('notes.txt', 'kept\n');
    await git.init();
    await git.stageAll();
    expect(await git.commit('First')).toBe(true);

    await files.write('main.py', 'print("typed by hand")\n');
    expect(await git.discard('main.py')).toBe(true);
    expect((await files.read('main.py')).content).toBe('print(1)\n');
    const notice = notices.notices().at(-1)!;
    expect(notice.text).toBe('Discarded the changes to main.py.');
    notice.action!.run();
    await waitUntil(async () =>
      expect((await files.read('main.py')).content).toBe('print("typed by hand")\n'),
    );
    await waitUntil(() => {
      const state = git.state();
      expect(state.kind === 'ready' && state.files.map((f) => [f.path, f.unstaged])).toEqual([
        ['main.py', 'modified'],
      ]);
    });

    // A new file that is discarded goes; its Undo brings it back.
    await files.write('draft.py', 'x = 1\n');
    expect(await git.discard('draft.py')).toBe(true);
    expect(await files.find('draft.py')).toBeUndefined();
    notices.notices().at(-1)!.action!.run();
    await waitUntil(async () => expect((await files.read('draft.py')).content).toBe('x = 1\n'));
  });
});
