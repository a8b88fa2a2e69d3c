import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createEditorService, type BufferHost } from '../../../src/app/editor-service';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

/** A stand-in for CodeMirror: one text per open path. */
class FakeBuffers implements BufferHost {
  texts = new Map<string, string>();
  read = (path: string) => this.texts.get(path);
  replace = (path: string, text: string) => void this.texts.set(path, text);
  selection = () => undefined;
  reveal = () => undefined;
  markProblems = () => undefined;
  insert = (path: string, text: string) => {
    this.texts.set(path, (this.texts.get(path) ?? '') + text);
    return true;
  };
}

async function setup() {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const catalog = new WorkspaceCatalog(store, clock);
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(catalog, store.settings, store.changes);
  await workspaces.start();
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const buffers = new FakeBuffers();
  editor.attach(buffers);
  const files = workspaces.files()!;
  await files.write('a.py', 'one\n');
  await editor.openFile('a.py');
  buffers.texts.set('a.py', editor.tabs()[0]!.initialText);
  const edit = (text: string) => {
    buffers.texts.set('a.py', text);
    editor.markEdited('a.py');
  };
  const settle = () => clock.advance(0);
  return { clock, editor, buffers, files, notices, edit, settle, tab: () => editor.tabs()[0]! };
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

  it('tabs follow a moved file and come back after a restart', async () => {
    const { editor, files } = await setup();
    await files.move('a.py', 'pkg/a.py');
    editor.moved('a.py', 'pkg/a.py');
    expect(editor.activePath()).toBe('pkg/a.py');
    await editor.restoreTabs();
    expect(editor.tabs().map((t) => t.path())).toEqual(['pkg/a.py']);
  });
});
