import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

function serviceOver(store: ReturnType<typeof createMemoryStore>) {
  const catalog = new WorkspaceCatalog(store, new ManualClock(1_000));
  return createWorkspaceService(catalog, store.settings, store.changes);
}

describe('workspace service start', () => {
  it('names main.py to show on the very first visit only', async () => {
    const store = createMemoryStore();
    const first = serviceOver(store);
    expect(await first.start()).toEqual({ firstFile: 'main.py' });
    expect(first.current()?.name).toBe('Welcome');
    expect(first.entries().map((entry) => entry.path)).toContain('main.py');

    // The next visit (a reload) opens what the person left, not main.py again.
    expect(await serviceOver(store).start()).toEqual({});
  });

  it('names no file when workspaces already exist', async () => {
    const store = createMemoryStore();
    await new WorkspaceCatalog(store, new ManualClock(1_000)).create('Mine');
    const service = serviceOver(store);
    expect(await service.start()).toEqual({});
    expect(service.current()?.name).toBe('Mine');
  });
});
