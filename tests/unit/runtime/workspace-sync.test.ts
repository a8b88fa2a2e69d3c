import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { CoveStore } from '../../../src/store/cove-store';
import type { RunWorkspace } from '../../../src/runtime/python-runtime';
import { MemoryWorkerFs } from '../../../src/runtime/worker-fs';
import { WorkspaceMirror } from '../../../src/runtime/workspace-mirror';
import { WorkerFileSync } from '../../../src/runtime/workspace-sync';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../fakes/stores';

const text = (s: string) => new TextEncoder().encode(s);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe.each(storeKinds)('workspace ↔ worker sync over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const clock = testClock();
    const catalog = new WorkspaceCatalog(store, clock);
    const workspace = await catalog.create('Project');
    const files = catalog.files(workspace.id);
    const fs = new MemoryWorkerFs(() => clock.now());
    const mirror = new WorkspaceMirror(fs, '/workspace');
    const sync = new WorkerFileSync();
    const sent: { puts: string[]; deletes: string[]; reset: boolean }[] = [];
    const syncIn = (target: RunWorkspace = files) =>
      sync.syncIn(target, async (delta) => {
        sent.push({
          puts: delta.puts.map((p) => p.path),
          deletes: delta.deletes,
          reset: delta.reset,
        });
        mirror.apply(structuredClone(delta));
      });
    return { catalog, clock, files, fs, mirror, sync, sent, syncIn };
  }

  it('sends everything first, then only what changed', async () => {
    const { files, fs, sent, syncIn, clock } = await setup();
    await files.write('main.py', 'print(1)\n');
    await files.write('data/in.bin', new Uint8Array([0, 1, 2]));
    await syncIn();
    expect(sent[0]).toEqual({ reset: true, puts: ['data', 'data/in.bin', 'main.py'], deletes: [] });
    expect(decode(fs.readFile('/workspace/main.py'))).toBe('print(1)\n');
    expect(fs.readFile('/workspace/data/in.bin')).toEqual(new Uint8Array([0, 1, 2]));

    // Nothing changed: nothing is sent.
    await syncIn();
    expect(sent).toHaveLength(1);

    clock.advance(10);
    await files.write('main.py', 'print(2)\n');
    await files.delete('data');
    await syncIn();
    expect(sent[1]).toEqual({ reset: false, puts: ['main.py'], deletes: ['data/in.bin', 'data'] });
    expect(fs.list('/workspace')).toEqual(['main.py']);
  });

  it('brings a run’s creations, edits and deletions back in one batch, binaries as bytes', async () => {
    const { files, fs, mirror, sync, syncIn, clock } = await setup();
    await files.write('main.py', 'print(1)\n');
    await files.write('old.txt', 'bye');
    await syncIn();
    clock.advance(5);
    fs.writeFile('/workspace/main.py', text('print(2)\n'));
    fs.mkdir('/workspace/out');
    fs.writeFile('/workspace/out/plot.png', new Uint8Array([0x89, 0x50, 0, 0xff]));
    fs.remove('/workspace/old.txt');
    const changed = await sync.writeBack(files, mirror.collect());
    expect(changed).toEqual({
      written: ['main.py', 'out', 'out/plot.png'],
      deleted: ['old.txt'],
      conflicts: [],
      skipped: [],
    });
    expect((await files.read('main.py')).content).toBe('print(2)\n');
    expect((await files.read('out/plot.png')).content).toEqual(
      new Uint8Array([0x89, 0x50, 0, 0xff]),
    );
    expect(await files.find('old.txt')).toBeUndefined();
    // The worker already holds what was applied: nothing to resend.
    const before = new Map(sync.versions);
    await syncIn();
    expect(new Map(sync.versions)).toEqual(before);
  });

  it('keeps an edit made during the run, saves the run’s copy, and resyncs the worker', async () => {
    const { files, fs, mirror, sync, syncIn, clock } = await setup();
    await files.write('notes.txt', 'v1');
    await syncIn();
    clock.advance(5);
    fs.writeFile('/workspace/notes.txt', text('from python'));
    await files.write('notes.txt', 'typed by you');
    const changed = await sync.writeBack(files, mirror.collect());
    expect(changed.conflicts).toEqual([
      { path: 'notes.txt', kind: 'edited-during-run', copy: 'notes (from Python).txt' },
    ]);
    expect((await files.read('notes.txt')).content).toBe('typed by you');
    expect((await files.read('notes (from Python).txt')).content).toBe('from python');
    await syncIn();
    expect(decode(fs.readFile('/workspace/notes.txt'))).toBe('typed by you');
    expect(decode(fs.readFile('/workspace/notes (from Python).txt'))).toBe('from python');
  });

  it('resyncs everything for another workspace', async () => {
    const { catalog, files, fs, sent, syncIn } = await setup();
    await files.write('a.py', 'a');
    await syncIn();
    const other = catalog.files((await catalog.create('Other')).id);
    await other.write('b.py', 'b');
    await syncIn(other);
    expect(sent[1]).toMatchObject({ reset: true, puts: ['b.py'] });
    expect(fs.list('/workspace')).toEqual(['b.py']);
  });

  it('writes nothing when the store refuses, and lets the store win on the next sync', async () => {
    const { files, fs, mirror, sync, syncIn, clock } = await setup();
    await files.write('a.txt', 'stored');
    await syncIn();
    clock.advance(5);
    fs.writeFile('/workspace/a.txt', text('from run'));
    fs.writeFile('/workspace/new.txt', text('new'));
    const full: RunWorkspace = {
      workspaceId: files.workspaceId,
      list: () => files.list(),
      listWithContent: () => files.listWithContent(),
      find: (path) => files.find(path),
      apply: async () => {
        throw new CoveError('storage-full', 'Storage is full.', 'Free space.');
      },
    };
    const changed = await sync.writeBack(full, mirror.collect());
    expect(changed.error).toMatch(/Storage is full/);
    expect((await files.read('a.txt')).content).toBe('stored');
    await syncIn();
    expect(decode(fs.readFile('/workspace/a.txt'))).toBe('stored');
    expect(fs.stat('/workspace/new.txt')).toBeUndefined();
  });

  it('retries when a change races the write-back', async () => {
    const { files, fs, mirror, sync, syncIn, clock } = await setup();
    await files.write('a.txt', 'v1');
    await syncIn();
    clock.advance(5);
    fs.writeFile('/workspace/out.txt', text('run'));
    let first = true;
    const racing: RunWorkspace = {
      workspaceId: files.workspaceId,
      list: () => files.list(),
      listWithContent: () => files.listWithContent(),
      find: (path) => files.find(path),
      apply: async (changes) => {
        if (first) {
          first = false;
          await files.write('out.txt', 'you were faster');
        }
        return files.apply(changes);
      },
    };
    const changed = await sync.writeBack(racing, mirror.collect());
    expect(changed.conflicts).toEqual([
      { path: 'out.txt', kind: 'edited-during-run', copy: 'out (from Python).txt' },
    ]);
    expect((await files.read('out.txt')).content).toBe('you were faster');
  });

  it('syncs 1,000 small files in and 100 back', async () => {
    const { files, fs, mirror, sync, syncIn, clock } = await setup();
    await files.importFiles(
      Array.from({ length: 1000 }, (_, i) => ({
        path: `pkg${i % 10}/file${i}.py`,
        bytes: text(`x = ${i}\n`),
      })),
    );
    const t0 = performance.now();
    await syncIn();
    clock.advance(5);
    for (let i = 0; i < 100; i++)
      fs.writeFile(`/workspace/pkg${i % 10}/file${i}.py`, text(`x = -${i}\n`));
    const changed = await sync.writeBack(files, mirror.collect());
    const ms = performance.now() - t0;
    expect(changed.written).toHaveLength(100);
    expect((await files.read('pkg3/file3.py')).content).toBe('x = -3\n');
    // Generous bound for slow CI machines; the browser figure is in the report.
    expect(ms).toBeLessThan(5000);
  });
});
