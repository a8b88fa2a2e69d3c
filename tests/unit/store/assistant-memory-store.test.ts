import { afterEach, describe, expect, it } from 'vitest';
import {
  createAssistantMemoryStore,
  MEMORY_ENTRY_MAX_CHARS,
  MEMORY_SCOPE_MAX_CHARS,
  MEMORY_TITLE_MAX_CHARS,
  memorySettingKey,
  type AssistantMemoryStore,
  type MemoryPlace,
} from '../../../src/store/assistant-memory-store';
import type { CoveStore } from '../../../src/store/cove-store';
import { storeKinds } from '../../fakes/stores';

const user: MemoryPlace = { scope: 'user' };
const workspace: MemoryPlace = { scope: 'workspace', workspaceId: 'w1' };

describe.each(storeKinds)('assistant memory over the $name store', ({ open }) => {
  let store: CoveStore;
  let memory: AssistantMemoryStore;
  let clock = 0;
  const start = async () => {
    store = await open();
    memory = createAssistantMemoryStore(store.settings, () => ++clock);
  };
  afterEach(() => store?.close());

  it('keeps the two scopes apart, finds titles ignoring case, lists by title', async () => {
    await start();
    await memory.write(user, { title: 'Tabs', text: 'The user indents with tabs.' });
    await memory.write(user, { title: 'answers', text: 'Short answers.' });
    await memory.write(workspace, { title: 'Tests', text: 'Run pytest -q.' });
    expect((await memory.list(user)).map((note) => note.title)).toEqual(['answers', 'Tabs']);
    expect((await memory.list(workspace)).map((note) => note.title)).toEqual(['Tests']);
    expect((await memory.find(user, ' tabs '))?.text).toBe('The user indents with tabs.');
    expect(await memory.find(user, 'Tests')).toBeUndefined();
    expect(await store.settings.get(memorySettingKey(workspace))).toBeDefined();
  });

  it('refuses a write over a cap, naming the cap, and writes nothing', async () => {
    await start();
    expect(
      await memory.write(user, { title: 'x'.repeat(MEMORY_TITLE_MAX_CHARS + 1), text: 'a' }),
    ).toEqual({
      ok: false,
      refusal: { cap: 'title', limit: MEMORY_TITLE_MAX_CHARS, size: MEMORY_TITLE_MAX_CHARS + 1 },
    });
    expect(
      await memory.write(user, { title: 'Long', text: 'a'.repeat(MEMORY_ENTRY_MAX_CHARS + 1) }),
    ).toEqual({
      ok: false,
      refusal: { cap: 'entry', limit: MEMORY_ENTRY_MAX_CHARS, size: MEMORY_ENTRY_MAX_CHARS + 1 },
    });
    expect(await memory.write(user, { title: ' ', text: 'a' })).toEqual({
      ok: false,
      refusal: { cap: 'empty' },
    });
    const notes = Math.floor(MEMORY_SCOPE_MAX_CHARS / (MEMORY_ENTRY_MAX_CHARS + 2));
    for (let i = 0; i < notes; i++) {
      const outcome = await memory.write(user, {
        title: `n${i}`,
        text: 'a'.repeat(MEMORY_ENTRY_MAX_CHARS),
      });
      expect(outcome.ok).toBe(true);
    }
    const over = await memory.write(user, {
      title: 'one more',
      text: 'a'.repeat(MEMORY_ENTRY_MAX_CHARS),
    });
    expect(over.ok || over.refusal.cap).toBe('total');
    expect(await memory.list(user)).toHaveLength(notes);
  });

  it('undoes a write: a created note goes, a replaced one comes back, a later write wins', async () => {
    await start();
    const created = await memory.write(user, { title: 'Editor', text: 'Vim.' });
    if (!created.ok) throw new Error('not saved');
    expect(await memory.undo(user, 'Editor', created.entry.revision)).toBe(true);
    expect(await memory.list(user)).toEqual([]);

    await memory.write(user, { title: 'Editor', text: 'Vim.' });
    const replaced = await memory.write(user, {
      title: 'Editor',
      text: 'Emacs.',
      flagged: 'fetch_url',
    });
    if (!replaced.ok) throw new Error('not saved');
    expect(replaced.entry.flagged).toBe('fetch_url');
    expect(await memory.undo(user, 'editor', replaced.entry.revision)).toBe(true);
    const back = await memory.find(user, 'Editor');
    expect(back?.text).toBe('Vim.');
    expect(back?.flagged).toBeUndefined();

    const first = await memory.write(user, { title: 'Editor', text: 'Nano.' });
    await memory.write(user, { title: 'Editor', text: 'Helix.' });
    if (!first.ok) throw new Error('not saved');
    expect(await memory.undo(user, 'Editor', first.entry.revision)).toBe(false);
    expect((await memory.find(user, 'Editor'))?.text).toBe('Helix.');
  });

  it('renames, deletes, and replaces a scope whole or not at all', async () => {
    await start();
    await memory.write(user, { title: 'Old name', text: 'Text.' });
    await memory.write(user, { title: 'New name', text: 'Text.', renameFrom: 'Old name' });
    expect((await memory.list(user)).map((note) => note.title)).toEqual(['New name']);
    expect(await memory.delete(user, 'new NAME')).toBe(true);
    expect(await memory.delete(user, 'New name')).toBe(false);

    await memory.write(user, { title: 'Kept', text: 'Before the import.' });
    const refused = await memory.replaceAll(user, [
      { title: 'Fine', text: 'ok' },
      { title: 'Too long', text: 'a'.repeat(MEMORY_ENTRY_MAX_CHARS + 1) },
    ]);
    expect(refused).toMatchObject({ ok: false, title: 'Too long', refusal: { cap: 'entry' } });
    expect((await memory.list(user)).map((note) => note.title)).toEqual(['Kept']);
    expect(await memory.replaceAll(user, [{ title: 'Imported', text: 'From a file.' }])).toEqual({
      ok: true,
    });
    expect((await memory.list(user)).map((note) => note.title)).toEqual(['Imported']);
  });

  it('reads a damaged row as no notes', async () => {
    await start();
    await store.settings.set('memory.user', { entries: 'nonsense' });
    expect(await memory.list(user)).toEqual([]);
    expect((await memory.write(user, { title: 'Fresh', text: 'Start.' })).ok).toBe(true);
  });
});
