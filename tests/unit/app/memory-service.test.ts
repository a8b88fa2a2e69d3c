import { afterEach, describe, expect, it } from 'vitest';
import { createBackupService } from '../../../src/app/backup-service';
import { createMemoryService } from '../../../src/app/memory-service';
import { exportMemory, importMemory } from '../../../src/app/memory-transfer';
import { MEMORY_ENTRY_MAX_CHARS } from '../../../src/store/assistant-memory-store';
import type { CoveStore } from '../../../src/store/cove-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../fakes/stores';

describe.each(storeKinds)('the memory service ($name)', ({ open }) => {
  const opened: CoveStore[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    const memory = createMemoryService({
      settings: store.settings,
      changes: store.changes,
      now: () => 1,
    });
    return { store, memory };
  };

  it('exports both scopes as JSON and imports them into another profile', async () => {
    const { memory } = await fresh();
    await memory.write('user', { title: 'Tabs', text: 'Indent with tabs.' });
    await memory.write(
      'workspace',
      { title: 'Tests', text: 'pytest -q', flagged: 'read_file' },
      'w1',
    );
    const json = await exportMemory(memory, 'w1');

    const other = (await fresh()).memory;
    await importMemory(other, json, 'w2');
    expect((await other.list('user')).map((note) => note.text)).toEqual(['Indent with tabs.']);
    expect(await other.list('workspace', 'w2')).toMatchObject([
      { title: 'Tests', text: 'pytest -q', flagged: 'read_file' },
    ]);
  });

  it('refuses an import that is not an export, or holds a note over a cap, and writes nothing', async () => {
    const { memory } = await fresh();
    await memory.write('user', { title: 'Kept', text: 'Still here.' });
    await expect(importMemory(memory, '{"notes": []}')).rejects.toThrow('not a Cove memory export');
    await expect(importMemory(memory, 'nope')).rejects.toThrow('not JSON');
    const tooLong = JSON.stringify({
      format: 'cove-memory',
      version: 1,
      user: [{ title: 'Fine', text: 'ok' }],
      workspace: [{ title: 'Huge', text: 'a'.repeat(MEMORY_ENTRY_MAX_CHARS + 1) }],
    });
    await expect(importMemory(memory, tooLong, 'w1')).rejects.toThrow(
      `(“Huge”): The note is ${MEMORY_ENTRY_MAX_CHARS + 1} characters; a note holds at most ${MEMORY_ENTRY_MAX_CHARS}.`,
    );
    expect((await memory.list('user')).map((note) => note.title)).toEqual(['Kept']);
  });

  it('goes into backups and comes back from them; a workspace’s notes go with the workspace', async () => {
    const { store, memory } = await fresh();
    const catalog = new WorkspaceCatalog(store, testClock());
    const workspace = await catalog.create('Project');
    await memory.write('user', { title: 'Tabs', text: 'Indent with tabs.' });
    await memory.write('workspace', { title: 'Tests', text: 'pytest -q' }, workspace.id);
    const { bytes } = await createBackupService(store, testClock()).create();

    const restored = await fresh();
    const opened = await createBackupService(restored.store, testClock()).open(bytes);
    await opened.restore();
    expect((await restored.memory.list('user')).map((note) => note.title)).toEqual(['Tabs']);
    expect((await restored.memory.list('workspace', workspace.id)).map((n) => n.title)).toEqual([
      'Tests',
    ]);

    await catalog.delete(workspace.id);
    expect(await memory.list('workspace', workspace.id)).toEqual([]);
    expect(await memory.list('user')).toHaveLength(1);
  });

  it('leaves a scope that is off out of the prompt’s index', async () => {
    const { memory } = await fresh();
    await memory.write('user', { title: 'Tabs', text: 'Indent with tabs.' });
    expect(await memory.index('w1')).toEqual({ user: ['Tabs'], workspace: [] });
    await memory.setSwitches({ user: false, workspace: true, chat: false });
    expect(await memory.index('w1')).toEqual({ workspace: [] });
    expect(await memory.index()).toEqual({});
  });
});
