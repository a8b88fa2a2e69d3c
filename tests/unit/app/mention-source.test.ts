import { describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../support/wait-until';
import { ManualClock } from '../../../src/base/clock';
import { candidateLabel, type MentionCandidate } from '../../../src/app/mention-candidates';
import { createMentionSource } from '../../../src/app/mention-source';
import { createNoticeService } from '../../../src/app/notice-service';
import { createWorkspaceService } from '../../../src/app/workspace-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';

async function setup(create = createMentionSource) {
  const clock = new ManualClock(1_000);
  const store = createMemoryStore();
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  await workspaces.create('Mentions');
  const files = workspaces.files()!;
  await files.write('app.py', 'def run():\n    return 1\n');
  await files.write('logo.png', new Uint8Array([137, 80, 78, 71, 0, 1, 2]));
  await waitUntil(() => expect(workspaces.entries().length).toBe(2));
  const notices = createNoticeService(clock);
  return { workspaces, files, notices, source: create(workspaces, notices) };
}

const find = (list: MentionCandidate[], label: string) =>
  list.find((candidate) => candidateLabel(candidate) === label)!;

describe('mention source', () => {
  it('offers files and the symbols they define, and reads a file as it is now', async () => {
    const { workspaces, files, source } = await setup();
    const candidates = await source.candidates();
    expect(candidates.map(candidateLabel)).toEqual(['app.py', 'logo.png', 'run']);
    const file = find(candidates, 'app.py');
    expect(await source.resolve(file)).toMatchObject({
      attachment: { name: 'app.py', text: expect.stringContaining('return 1') },
    });
    const version = workspaces.entries().find((e) => e.path === 'app.py')!.version;
    await files.write('app.py', '\n\ndef run():\n    return 2\n');
    await waitUntil(() =>
      expect(workspaces.entries().find((e) => e.path === 'app.py')!.version).toBeGreaterThan(
        version,
      ),
    );
    expect(await source.resolve(file)).toMatchObject({
      attachment: { text: expect.stringContaining('return 2') },
    });
    // The symbol moved two lines down: it is still found, by name.
    const symbol = find(candidates, 'run');
    expect(await source.resolve(symbol)).toMatchObject({
      attachment: { name: 'app.py:3 run', text: expect.stringContaining('app.py:3\ndef run():') },
    });
    // The listing changed: the file is parsed again.
    expect(find(await source.candidates(), 'run')).toMatchObject({ line: 3 });
  });

  it('refuses a binary file and a file gone, saying why', async () => {
    const { files, source } = await setup();
    const candidates = await source.candidates();
    expect(await source.resolve(find(candidates, 'logo.png'))).toEqual({
      problem: 'logo.png is a binary file (7 bytes); only text can be attached.',
    });
    await files.delete('app.py');
    expect(await source.resolve(find(candidates, 'app.py'))).toEqual({
      problem: 'app.py is no longer in the workspace.',
    });
  });

  it('says when a symbol is no longer defined', async () => {
    const { files, source } = await setup();
    const symbol = find(await source.candidates(), 'run');
    await files.write('app.py', 'def walk():\n    return 1\n');
    expect(await source.resolve(symbol)).toEqual({
      problem: 'run is no longer defined at app.py:1.',
    });
  });

  it('offers files without symbols when the parser cannot load, and says so', async () => {
    vi.resetModules();
    vi.doMock('../../../src/agent/python-symbols', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      const lazy = await import('../../../src/app/mention-source');
      const { notices, source } = await setup(lazy.createMentionSource);
      expect((await source.candidates()).map(candidateLabel)).toEqual(['app.py', 'logo.png']);
      expect(notices.notices()).toEqual([
        expect.objectContaining({
          kind: 'error',
          text: expect.stringMatching(/^Python symbols could not load; check the connection/),
        }),
      ]);
    } finally {
      vi.doUnmock('../../../src/agent/python-symbols');
      vi.resetModules();
    }
  });
});
