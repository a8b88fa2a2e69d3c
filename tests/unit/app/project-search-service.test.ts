import { describe, expect, it } from 'vitest';
import { FakeBuffers } from '../../fakes/chat-app';
import { waitUntil } from '../support/wait-until';
import { ManualClock } from '../../../src/base/clock';
import { errorText } from '../../../src/app/messages/describe-error';
import { createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import {
  createProjectSearchService,
  SEARCH_DEBOUNCE_MS,
} from '../../../src/app/project-search-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

async function setup() {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, clock);
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  await workspaces.create('Search');
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const buffers = new FakeBuffers();
  editor.attach(buffers);
  const search = createProjectSearchService({ workspaces, editor, notices, clock });
  const files = workspaces.files()!;
  await files.write('a.py', 'hello world\n');
  await files.write('b.py', 'say hello\n');
  await files.write('logo.png', new Uint8Array([104, 101, 108, 108, 111]));
  await waitUntil(() => expect(workspaces.entries().length).toBe(3));
  /** Waits for the search that the last change scheduled to show its result. */
  const searched = async () => {
    await clock.advance(SEARCH_DEBOUNCE_MS);
    return waitUntil(() => {
      const state = search.state();
      if (state.status !== 'done') throw new Error(`still ${state.status}`);
      return state.result;
    });
  };
  const text = async (path: string) => (await files.read(path)).content;
  return { clock, store, editor, buffers, search, files, notices, searched, text };
}

const summary = (result: { total: number; files: { path: string; hits: unknown[] }[] }) =>
  result.files.map((file) => `${file.path}: ${file.hits.length}`);

describe('project search service', () => {
  it('searches the stored files and the unsaved text of open tabs, not binary files', async () => {
    const { editor, buffers, search, searched } = await setup();
    await editor.openFile('a.py');
    buffers.texts.set('a.py', 'hello hello\n');
    editor.markEdited('a.py');
    search.setQuery({ pattern: 'hello' });
    expect(summary(await searched())).toEqual(['a.py: 2', 'b.py: 1']);
  });

  it('follows saved changes while the Search view is shown, and catches up when it comes back', async () => {
    const { clock, files, search, searched } = await setup();
    search.show();
    search.setQuery({ pattern: 'hello' });
    expect(summary(await searched())).toEqual(['a.py: 1', 'b.py: 1']);

    await files.write('c.py', 'hello too\n');
    expect(summary(await searched())).toEqual(['a.py: 1', 'b.py: 1', 'c.py: 1']);

    // Behind the Files view, saves (autosave while typing) do not search the workspace again.
    search.setView('files');
    await files.write('d.py', 'hello four\n');
    await clock.advance(SEARCH_DEBOUNCE_MS * 4);
    const hidden = search.state();
    expect(hidden.status === 'done' && summary(hidden.result)).toEqual([
      'a.py: 1',
      'b.py: 1',
      'c.py: 1',
    ]);
    search.setView('search');
    expect(summary(await searched())).toEqual(['a.py: 1', 'b.py: 1', 'c.py: 1', 'd.py: 1']);
  });

  it('shows a bad regular expression as what it is, and a newer query wins', async () => {
    const { clock, search, searched } = await setup();
    search.setQuery({ pattern: 'hel(', regex: true });
    await clock.advance(SEARCH_DEBOUNCE_MS);
    const state = search.state();
    expect(state.status === 'invalid' && errorText(state.error)).toMatch(
      /^The regular expression is invalid: .*missing closing \)/,
    );
    // Typing on: only the last text is searched.
    search.setQuery({ pattern: 'world', regex: false });
    search.setQuery({ pattern: 'say' });
    expect(summary(await searched())).toEqual(['b.py: 1']);
  });

  it('drops the result of a search that a newer one superseded while it read', async () => {
    const { clock, search, searched, store } = await setup();
    const get = store.files.get.bind(store.files);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    store.files.get = async (...args) => {
      if (holding) await held;
      return get(...args);
    };
    search.setQuery({ pattern: 'world' });
    search.searchNow();
    expect(search.state().status).toBe('searching');
    holding = false;
    search.setQuery({ pattern: 'say' });
    expect(summary(await searched())).toEqual(['b.py: 1']);
    // The older search's reads come back last; what it found is not shown.
    release();
    for (let i = 0; i < 5; i++) await clock.advance(0);
    const state = search.state();
    expect(state.status === 'done' && summary(state.result)).toEqual(['b.py: 1']);
  });

  it('replaces all after the search, skips a file changed since, and undoes', async () => {
    const { search, searched, files, notices, text } = await setup();
    await files.write('c.py', 'hello again\n');
    search.setQuery({ pattern: 'hello' });
    expect(summary(await searched())).toEqual(['a.py: 1', 'b.py: 1', 'c.py: 1']);
    search.setReplacement('bye');
    const pending = (await search.prepareReplace())!;
    expect([pending.matches, pending.files]).toEqual([3, 3]);
    // Someone changes b.py between the search and the replace.
    await files.write('b.py', 'say hello twice: hello\n');
    await pending.apply();
    expect(await text('a.py')).toBe('bye world\n');
    expect(await text('b.py')).toBe('say hello twice: hello\n');
    expect(await text('c.py')).toBe('bye again\n');
    const notice = notices.notices().at(-1)!;
    expect(notice.text).toBe(
      'Replaced 2 matches in 2 files. Skipped 1 file that changed since the search; search again to include it.',
    );
    expect(notice.details).toEqual(['b.py: changed since the search']);
    expect(notice.action?.label).toBe('Undo');
    notice.action!.run();
    await waitUntil(async () => expect(await text('a.py')).toBe('hello world\n'));
    expect(await text('c.py')).toBe('hello again\n');
    expect(await text('b.py')).toBe('say hello twice: hello\n');
    expect(notices.notices().at(-1)!.text).toBe('Replace undone.');
  });

  it('skips a file typed into in a tab after the search, and an Undo skips a file changed since the replace', async () => {
    const { editor, buffers, search, searched, notices, text } = await setup();
    await editor.openFile('a.py');
    search.setQuery({ pattern: 'hello' });
    await searched();
    search.setReplacement('bye');
    const pending = (await search.prepareReplace())!;
    // The person types into a.py after the search; the replace must not write over it.
    buffers.texts.set('a.py', 'hello world, edited\n');
    editor.markEdited('a.py');
    await pending.apply();
    expect(await text('a.py')).toBe('hello world, edited\n');
    expect(await text('b.py')).toBe('say bye\n');
    const replaced = notices.notices().at(-1)!;
    expect(replaced.details).toEqual(['a.py: changed since the search']);
    // b.py changes after the replace: the Undo leaves it as it is now.
    await editor.openFile('b.py');
    buffers.texts.set('b.py', 'say bye, and more\n');
    editor.markEdited('b.py');
    await editor.saveAll();
    replaced.action!.run();
    await waitUntil(() =>
      expect(notices.notices().at(-1)!.text).toBe(
        'Nothing was undone: 1 file changed since the replace and was kept as it is.',
      ),
    );
    expect(await text('b.py')).toBe('say bye, and more\n');
  });

  it('Replace all replaces every match, also past the matches the search shows', async () => {
    const { search, searched, files, text } = await setup();
    await files.write('many.txt', 'hello '.repeat(2_500));
    await files.write('z-last.py', 'hello from the end\n');
    search.setQuery({ pattern: 'hello' });
    const result = await searched();
    expect([result.total, result.capped]).toEqual([2_000, true]);
    search.setReplacement('bye');
    const pending = (await search.prepareReplace())!;
    // a.py, b.py, many.txt and z-last.py: 1 + 1 + 2,500 + 1.
    expect([pending.matches, pending.files]).toEqual([2_503, 4]);
    await pending.apply();
    expect(await text('many.txt')).toBe('bye '.repeat(2_500));
    expect(await text('z-last.py')).toBe('bye from the end\n');
  });

  it('replaces in one file only, with regex groups', async () => {
    const { search, searched, text } = await setup();
    search.setQuery({ pattern: '(\\w+) (hello|world)', regex: true });
    await searched();
    search.setReplacement('$2 $1');
    const pending = (await search.prepareReplace('b.py'))!;
    expect([pending.matches, pending.files]).toEqual([1, 1]);
    await pending.apply();
    expect(await text('b.py')).toBe('hello say\n');
    expect(await text('a.py')).toBe('hello world\n');
  });
});
