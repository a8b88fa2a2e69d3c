import { describe, expect, it, vi } from 'vitest';
import { createStorageService } from '../../../src/app/storage-service';
import { createMemoryStore } from '../../../src/store/memory-store';

async function setup() {
  const store = createMemoryStore();
  await store.workspaces.put({ id: 'w1', name: 'Homework', createdAt: 1, updatedAt: 1 });
  for (const [id, title] of [
    ['s1', 'Dates'],
    ['s2', 'Plots'],
  ]) {
    await store.sessions.insert(
      {
        id: id!,
        workspaceId: 'w1',
        title: title!,
        mode: 'chat',
        leafId: null,
        createdAt: 1,
        updatedAt: 1,
        starred: false,
      },
      [
        {
          id: `${id}-n`,
          sessionId: id!,
          parentId: null,
          role: 'user',
          content: title!.repeat(10),
          status: 'complete',
          startedAt: 1,
        },
      ],
    );
  }
  return { store, storage: createStorageService(store) };
}

/** Generous: vi.waitFor's 1 s default is too short on a loaded machine. */
const WAIT = { timeout: 10_000 };

const titles = (storage: ReturnType<typeof createStorageService>) =>
  storage.usage()?.workspaces[0]?.sessions.map((session) => session.title);

describe('storage service: usage', () => {
  it('reads usage while watched and again after a conversation is deleted', async () => {
    const { store, storage } = await setup();
    expect(storage.usage()).toBeUndefined();
    const errors: unknown[] = [];
    const stop = storage.watchUsage((error) => errors.push(error));
    await vi.waitFor(() => expect(titles(storage)).toEqual(['Dates', 'Plots']), WAIT);
    await store.sessions.delete('s1');
    await vi.waitFor(() => expect(titles(storage)).toEqual(['Plots']), WAIT);
    stop();
    // Unwatched, changes cost nothing: the last figures stay as they were.
    const read = vi.spyOn(store.usage, 'usage');
    await store.sessions.delete('s2');
    expect(read).not.toHaveBeenCalled();
    expect(titles(storage)).toEqual(['Plots']);
    expect(errors).toEqual([]);
  });

  it('reports a failed read to the watcher', async () => {
    const { store, storage } = await setup();
    vi.spyOn(store.usage, 'usage').mockRejectedValue(new Error('disk on fire'));
    const errors: unknown[] = [];
    const stop = storage.watchUsage((error) => errors.push(error));
    await vi.waitFor(() => expect(errors).toHaveLength(1), WAIT);
    stop();
  });
});
