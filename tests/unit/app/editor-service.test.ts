import { FakeBuffers } from '../../fakes/chat-app';
import { createEffect, createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { AUTOSAVE_MAX_MS, AUTOSAVE_MS, createEditorService } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createMemoryUnloadJournal, type UnloadJournal } from '../../../src/app/unload-journal';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

/** Holds every batch written to the store until released, to see writes in flight. */
function gateWrites(store: ReturnType<typeof createMemoryStore>) {
  const apply = store.files.apply.bind(store.files);
  const held: (() => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let gated = false;
  store.files.apply = async (...args) => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      if (gated) await new Promise<void>((resolve) => held.push(resolve));
      return await apply(...args);
    } finally {
      inFlight--;
    }
  };
  return {
    hold: () => void (gated = true),
    /** Lets the oldest held write go on. */
    releaseOne: () => held.shift()?.(),
    releaseAll: () => {
      gated = false;
      held.splice(0).forEach((release) => release());
    },
    held: () => held.length,
    mostInFlight: () => mostInFlight,
  };
}

async function setup(unloadJournal: UnloadJournal = createMemoryUnloadJournal()) {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const gate = gateWrites(store);
  const catalog = new WorkspaceCatalog(store, clock);
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  const editor = createEditorService({
    workspaces,
    settings: store.settings,
    notices,
    clock,
    unloadJournal,
  });
  const buffers = new FakeBuffers();
  editor.attach(buffers);
  const files = workspaces.files()!;
  await files.write('a.py', 'one\n');
  await editor.openFile('a.py');
  buffers.texts.set('a.py', editor.tabs()[0]!.savedText);
  const edit = (text: string) => {
    buffers.texts.set('a.py', text);
    editor.markEdited('a.py');
  };
  const settle = () => clock.advance(0);
  return {
    clock,
    store,
    gate,
    editor,
    buffers,
    files,
    notices,
    edit,
    settle,
    tab: () => editor.tabs()[0]!,
  };
}

describe('editor service', () => {
  it('autosaves an edit within the autosave delay, not before', async () => {
    const { clock, files, edit, tab } = await setup();
    edit('two\n');
    expect(tab().dirty()).toBe(true);
    await clock.advance(600);
    expect((await files.read('a.py')).content).toBe('one\n');
    await clock.advance(200);
    expect((await files.read('a.py')).content).toBe('two\n');
    expect(tab().dirty()).toBe(false);
  });

  it('while typing goes on, saves at the latest AUTOSAVE_MAX_MS after the first edit', async () => {
    const { clock, files, edit, tab } = await setup();
    // A key every 300 ms never pauses long enough for the pause to save.
    for (let at = 300; at < AUTOSAVE_MAX_MS; at += 300) {
      edit(`typed ${at}\n`);
      await clock.advance(300);
    }
    expect((await files.read('a.py')).content).toBe('one\n');
    edit('typed last\n');
    await clock.advance(AUTOSAVE_MAX_MS - Math.floor(AUTOSAVE_MAX_MS / 300) * 300 + 1);
    expect((await files.read('a.py')).content).toBe('typed last\n');
    expect(tab().dirty()).toBe(false);
  });

  it('a pause in typing saves AUTOSAVE_MS after the last key', async () => {
    const { clock, files, edit } = await setup();
    edit('t\n');
    await clock.advance(500);
    edit('ty\n');
    await clock.advance(AUTOSAVE_MS - 1);
    expect((await files.read('a.py')).content).toBe('one\n');
    await clock.advance(1);
    expect((await files.read('a.py')).content).toBe('ty\n');
  });

  it('an edit back to the saved text is not dirty', async () => {
    const { edit, tab } = await setup();
    edit('changed');
    edit('one\n');
    expect(tab().dirty()).toBe(false);
  });

  it('a clean tab takes a change made elsewhere in place', async () => {
    const { files, buffers, settle, tab } = await setup();
    await files.write('a.py', 'from python\n');
    await settle();
    expect(buffers.texts.get('a.py')).toBe('from python\n');
    expect(tab().conflict()).toBeUndefined();
  });

  it('a change made elsewhere while the file is being opened is not missed', async () => {
    const { files, editor, settle, store } = await setup();
    await files.write('b.py', 'older\n');
    await settle();
    const get = store.files.get.bind(store.files);
    let raced = false;
    // The other tab's save lands, and is announced, between this tab's read and its listing.
    store.files.get = async (workspaceId, path) => {
      const row = await get(workspaceId, path);
      if (path === 'b.py' && !raced) {
        raced = true;
        await files.write('b.py', 'newer\n');
        await settle();
      }
      return row;
    };
    await editor.openFile('b.py');
    await settle();
    const tab = editor.tabs().find((t) => t.path() === 'b.py')!;
    expect(tab.savedText).toBe('newer\n');
    expect(tab.dirty()).toBe(false);
  });

  it('a dirty tab keeps the person’s text and reports a conflict', async () => {
    const { files, buffers, edit, settle, tab, editor } = await setup();
    edit('mine\n');
    await files.write('a.py', 'theirs\n');
    await settle();
    expect(buffers.texts.get('a.py')).toBe('mine\n');
    expect(tab().conflict()?.text).toBe('theirs\n');
    // No autosave may overwrite the other version while the conflict is open.
    await editor.save('a.py');
    expect((await files.read('a.py')).content).toBe('theirs\n');
    await editor.resolveConflict('a.py', 'mine');
    expect((await files.read('a.py')).content).toBe('mine\n');
    expect(tab().dirty()).toBe(false);
  });

  it('choosing the other version replaces the text and clears dirty', async () => {
    const { files, buffers, edit, settle, tab, editor } = await setup();
    edit('mine\n');
    await files.write('a.py', 'theirs\n');
    await settle();
    await editor.resolveConflict('a.py', 'theirs');
    expect(buffers.texts.get('a.py')).toBe('theirs\n');
    expect(tab().dirty()).toBe(false);
  });

  it('a file deleted elsewhere is flagged and saving creates it again', async () => {
    const { files, edit, settle, tab, editor } = await setup();
    await files.delete('a.py');
    await settle();
    expect(tab().deleted()).toBe(true);
    edit('rescued\n');
    await editor.save('a.py');
    expect((await files.read('a.py')).content).toBe('rescued\n');
    expect(tab().deleted()).toBe(false);
  });

  it('its own saves are never mistaken for changes made elsewhere', async () => {
    const { edit, editor, settle, tab } = await setup();
    for (let i = 0; i < 5; i++) {
      edit(`v${i}\n`);
      await editor.save('a.py');
      await settle();
      expect(tab().conflict()).toBeUndefined();
    }
  });

  it('the notice of its own save does not read the file back', async () => {
    const { edit, editor, settle, store, tab } = await setup();
    const get = store.files.get.bind(store.files);
    const reads: string[] = [];
    store.files.get = (workspaceId, path) => {
      reads.push(path);
      return get(workspaceId, path);
    };
    for (let i = 0; i < 3; i++) {
      edit(`v${i}\n`);
      await editor.save('a.py');
      await settle();
    }
    expect(reads).toEqual([]);
    expect(tab().dirty()).toBe(false);
  });

  it('tabs follow a moved file and come back after a restart', async () => {
    const { editor, files } = await setup();
    await files.move('a.py', 'pkg/a.py');
    editor.moved('a.py', 'pkg/a.py');
    expect(editor.activePath()).toBe('pkg/a.py');
    await editor.restoreTabs();
    expect(editor.tabs().map((t) => t.path())).toEqual(['pkg/a.py']);
  });

  it('remembers the files opened and switched to, most recent first, across a restart', async () => {
    const { editor, files } = await setup();
    await files.write('b.py', 'two\n');
    await files.write('c.py', 'three\n');
    await editor.openFile('b.py');
    await editor.openFile('c.py');
    editor.activate('a.py');
    expect(editor.recentFiles()).toEqual(['a.py', 'c.py', 'b.py']);
    await files.move('c.py', 'pkg/c.py');
    editor.moved('c.py', 'pkg/c.py');
    expect(editor.recentFiles()).toEqual(['a.py', 'pkg/c.py', 'b.py']);
    await editor.restoreTabs();
    expect(editor.recentFiles()).toEqual(['a.py', 'pkg/c.py', 'b.py']);
  });

  it('a save resolves, and the tab is clean, only once the text is stored', async () => {
    const { gate, editor, files, edit, settle, tab } = await setup();
    gate.hold();
    edit('two\n');
    let saved: boolean | undefined;
    void editor.save('a.py').then((result) => (saved = result));
    await settle();
    expect(gate.held()).toBe(1);
    expect(tab().saving()).toBe(true);
    expect(tab().dirty()).toBe(true);
    expect(editor.hasUnsavedText()).toBe(true);
    expect(saved).toBeUndefined();
    gate.releaseAll();
    await settle();
    expect(saved).toBe(true);
    expect(tab().dirty()).toBe(false);
    expect(tab().saving()).toBe(false);
    expect(editor.hasUnsavedText()).toBe(false);
    expect((await files.read('a.py')).content).toBe('two\n');
  });

  // Invariant 3: nothing is duplicated by retries, reloads or two tabs.
  it('writes of one file never overlap; saves asked for meanwhile share one write of the newest text', async () => {
    const { gate, editor, files, notices, edit, settle, tab } = await setup();
    gate.hold();
    edit('two\n');
    const first = editor.save('a.py');
    await settle();
    edit('three\n');
    const second = editor.save('a.py');
    edit('four\n');
    const third = editor.save('a.py');
    // The two later saves wait for the first and are one write.
    expect(third).toBe(second);
    await settle();
    expect(gate.held()).toBe(1);
    gate.releaseOne();
    await settle();
    expect(await first).toBe(true);
    expect((await files.read('a.py')).content).toBe('two\n');
    expect(gate.held()).toBe(1);
    gate.releaseAll();
    expect(await second).toBe(true);
    await settle();
    const row = await files.read('a.py');
    expect(row.content).toBe('four\n');
    // Two writes, each expecting the version the one before left: no conflict on the way.
    expect(row.version).toBe(3);
    expect(gate.mostInFlight()).toBe(1);
    expect(tab().conflict()).toBeUndefined();
    expect(tab().dirty()).toBe(false);
    expect(notices.notices()).toEqual([]);
  });

  it('flushNow starts the write of unsaved text before it returns', async () => {
    const { store, editor, files, edit, tab, clock } = await setup();
    const started: string[] = [];
    const putAtOnce = store.files.putAtOnce.bind(store.files);
    store.files.putAtOnce = (workspaceId, file, now) => {
      started.push(file.content as string);
      return putAtOnce(workspaceId, file, now);
    };
    edit('typed just now\n');
    editor.flushNow();
    // Synchronously: after pagehide this page may never run again.
    expect(started).toEqual(['typed just now\n']);
    // The autosave it replaces does not write again later.
    await clock.advance(2_000);
    expect(started).toHaveLength(1);
    expect((await files.read('a.py')).content).toBe('typed just now\n');
    expect(tab().dirty()).toBe(false);
    // Nothing left to flush: a second pagehide writes nothing.
    editor.flushNow();
    expect(started).toHaveLength(1);
  });

  it('flushNow during a save in flight writes the newest text, which stays the last', async () => {
    const { gate, editor, files, notices, edit, settle, tab } = await setup();
    gate.hold();
    edit('two\n');
    const inFlight = editor.save('a.py');
    await settle();
    edit('three\n');
    editor.flushNow();
    await settle();
    // The page lived on (e.g. back from the back-forward cache): the older write ends too.
    gate.releaseAll();
    await inFlight;
    await settle();
    const row = await files.read('a.py');
    expect(row.content).toBe('three\n');
    expect(tab().dirty()).toBe(false);
    expect(tab().conflict()).toBeUndefined();
    expect(notices.notices()).toEqual([]);
    // And the next edit saves normally on top of it.
    edit('four\n');
    expect(await editor.save('a.py')).toBe(true);
    expect((await files.read('a.py')).content).toBe('four\n');
  });

  it('flushNow leaves a file in conflict alone', async () => {
    const { editor, files, edit, settle, tab } = await setup();
    edit('mine\n');
    await files.write('a.py', 'theirs\n');
    await settle();
    expect(tab().conflict()).toBeDefined();
    editor.flushNow();
    await settle();
    expect((await files.read('a.py')).content).toBe('theirs\n');
    expect(editor.hasUnsavedText()).toBe(true);
  });

  it('marking a problem from an effect does not tie the effect to the tabs', async () => {
    const { editor, files, settle } = await setup();
    await files.write('b.py', 'b\n');
    let runs = 0;
    const dispose = createRoot((dispose) => {
      // As the output panel does after a run stopped by a syntax error in a.py.
      createEffect(() => {
        runs++;
        void editor.markProblems('a.py', [{ line: 1, message: 'SyntaxError' }]);
      });
      return dispose;
    });
    await settle();
    expect(runs).toBe(1);
    await editor.openFile('b.py');
    editor.activate('b.py');
    await settle();
    expect(editor.activePath()).toBe('b.py');
    editor.activate('a.py');
    editor.activate('b.py');
    await settle();
    expect(editor.activePath()).toBe('b.py');
    expect(runs).toBe(1);
    dispose();
  });

  it('text a page could not store on its way out comes back from the journal on the next start', async () => {
    const { store, editor, files, edit } = await setup();
    // The file write made at once is lost (it queued behind a write the page never finished);
    // the journal, in another table, is not.
    store.files.putAtOnce = () => new Promise(() => undefined);
    edit('typed just before the reload\n');
    editor.flushNow();
    expect((await files.read('a.py')).content).toBe('one\n');
    await editor.restoreTabs();
    expect((await files.read('a.py')).content).toBe('typed just before the reload\n');
    expect(editor.tabs()[0]!.savedText).toBe('typed just before the reload\n');
    // Done once: the journal is gone.
    await files.write('a.py', 'later\n');
    await editor.restoreTabs();
    expect((await files.read('a.py')).content).toBe('later\n');
  });

  it('text comes back from the synchronous journal when every IndexedDB write of the leaving page is dropped', async () => {
    const journal = createMemoryUnloadJournal();
    const { store, editor, files, edit } = await setup(journal);
    // The page dies before IndexedDB commits anything it started on the way out.
    store.files.putAtOnce = () => new Promise(() => undefined);
    store.settings.setAtOnce = () => new Promise(() => undefined);
    edit('typed 300 ms before the reload\n');
    editor.flushNow();
    expect(journal.load(files.workspaceId)).toEqual([
      { path: 'a.py', text: 'typed 300 ms before the reload\n', base: 1 },
    ]);
    await editor.restoreTabs();
    expect((await files.read('a.py')).content).toBe('typed 300 ms before the reload\n');
    expect(journal.load(files.workspaceId)).toBeUndefined();
  });

  it('journal text for a file changed elsewhere since goes beside it, not over it', async () => {
    const { store, editor, files, edit, notices } = await setup();
    store.files.putAtOnce = () => new Promise(() => undefined);
    edit('mine\n');
    editor.flushNow();
    for (const text of ['theirs 1\n', 'theirs 2\n', 'theirs 3\n']) await files.write('a.py', text);
    await editor.restoreTabs();
    expect((await files.read('a.py')).content).toBe('theirs 3\n');
    expect((await files.read('a (unsaved).py')).content).toBe('mine\n');
    expect(notices.notices().map((n) => n.text)).toContain(
      'a.py changed elsewhere after your last edits; they are in a (unsaved).py.',
    );
  });
});
