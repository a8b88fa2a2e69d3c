import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { CoveStore } from '../../../src/store/cove-store';
import type { FileContent } from '../../../src/store/records';
import { CheckpointService, type RewindPlan } from '../../../src/workspace/checkpoints';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import type { WorkspaceFiles } from '../../../src/workspace/workspace-files';
import { storeKinds, testClock } from '../../fakes/stores';

/** What a person would compare: each path's content exactly (text or bytes), or absent. */
type State = Record<string, FileContent | null>;

const LOGO = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 255]);
const LOGO_V2 = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 9, 9, 9]);
const OUT = new Uint8Array([0, 255, 0, 128]);

const BEFORE: State = {
  'src/app.py': 'print(1)\n',
  'logo.png': LOGO,
  'notes.md': '# Notes\n',
  'src/new.py': null,
  'data/out.bin': null,
};
const AGENT: State = {
  'src/app.py': 'print(2)\n',
  'logo.png': LOGO_V2,
  'notes.md': null,
  'src/new.py': 'def new():\n    pass\n',
  'data/out.bin': OUT,
};

async function readState(files: WorkspaceFiles, paths: readonly string[]): Promise<State> {
  const state: State = {};
  for (const path of paths) state[path] = (await files.find(path))?.content ?? null;
  return state;
}

async function writeState(files: WorkspaceFiles, state: State): Promise<void> {
  for (const [path, content] of Object.entries(state)) {
    if (content !== null) await files.write(path, content);
    else if (await files.find(path)) await files.delete(path);
  }
}

const summary = (plan: RewindPlan) =>
  plan.files.map((file) => [file.path, file.action, file.changedByHand]);

describe.each(storeKinds)('checkpoints over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const clock = testClock();
    const catalog = new WorkspaceCatalog(store, clock);
    const workspace = await catalog.create('Project');
    const files = catalog.files(workspace.id);
    const checkpoints = new CheckpointService(files, store.checkpoints, clock);
    return { clock, files, checkpoints };
  }

  /** The workspace as BEFORE, then one settled agent turn that leaves it as AGENT. */
  async function agentTurn() {
    const context = await setup();
    const { files, checkpoints } = context;
    await writeState(files, BEFORE);
    const checkpoint = await checkpoints.record('s1', 'n1', Object.keys(BEFORE));
    await writeState(files, AGENT);
    const settled = await checkpoints.settle(checkpoint);
    return { ...context, checkpoint: settled };
  }

  it('rewinds an agent turn that created, edited and deleted files (binary too), and undoes the rewind', async () => {
    const { files, checkpoints, checkpoint } = await agentTurn();
    const plan = await checkpoints.planRewind(checkpoint);
    expect(summary(plan)).toEqual([
      ['data/out.bin', 'delete', 'no'],
      ['logo.png', 'restore', 'no'],
      ['notes.md', 'recreate', 'no'],
      ['src/app.py', 'restore', 'no'],
      ['src/new.py', 'delete', 'no'],
    ]);
    const app = plan.files.find((file) => file.path === 'src/app.py')!;
    expect(app.current?.content).toBe('print(2)\n');
    expect(app.restored).toBe('print(1)\n');

    const result = await checkpoints.rewind(plan);
    expect(result.changed.sort()).toEqual(Object.keys(BEFORE).sort());
    const rewound = await readState(files, Object.keys(BEFORE));
    expect(rewound).toEqual(BEFORE);
    expect(rewound['logo.png']).toBeInstanceOf(Uint8Array);

    const undoPlan = await checkpoints.planRewind(result.undo!);
    expect(summary(undoPlan)).toEqual([
      ['data/out.bin', 'recreate', 'no'],
      ['logo.png', 'restore', 'no'],
      ['notes.md', 'delete', 'no'],
      ['src/app.py', 'restore', 'no'],
      ['src/new.py', 'recreate', 'no'],
    ]);
    await checkpoints.rewind(undoPlan);
    expect(await readState(files, Object.keys(AGENT))).toEqual(AGENT);
  });

  it('flags a file changed by hand after the agent wrote it, including one deleted and made anew', async () => {
    const { files, checkpoints, checkpoint } = await agentTurn();
    await files.write('src/app.py', 'print(2)  # my fix\n');
    // Deleted and created again: versions start over, so only the content tells.
    await files.delete('src/new.py');
    await files.write('src/new.py', 'mine\n');
    expect((await files.read('src/new.py')).version).toBe(1);
    const plan = await checkpoints.planRewind(checkpoint);
    expect(summary(plan)).toEqual([
      ['data/out.bin', 'delete', 'no'],
      ['logo.png', 'restore', 'no'],
      ['notes.md', 'recreate', 'no'],
      ['src/app.py', 'restore', 'yes'],
      ['src/new.py', 'delete', 'yes'],
    ]);
  });

  it('does not flag a save that left the agent’s content as it was', async () => {
    const { files, checkpoints, checkpoint } = await agentTurn();
    await files.write('src/app.py', 'print(2)\n');
    const plan = await checkpoints.planRewind(checkpoint);
    expect(plan.files.find((f) => f.path === 'src/app.py')?.changedByHand).toBe('no');
  });

  it('rewinds later turns too, and flags an edit made between turns', async () => {
    const { files, checkpoints } = await setup();
    await files.write('a.txt', 'a0');
    const first = await checkpoints.record('s1', 'n1', ['a.txt']);
    await files.write('a.txt', 'a1');
    await checkpoints.settle(first);
    await files.write('a.txt', 'a1 + my edit'); // by hand, between the turns
    const second = await checkpoints.record('s1', 'n2', ['a.txt', 'b.txt']);
    await files.write('a.txt', 'a2');
    await files.write('b.txt', 'b2');
    await checkpoints.settle(second);

    const toFirst = await checkpoints.planRewind(first);
    expect(summary(toFirst)).toEqual([
      ['a.txt', 'restore', 'yes'],
      ['b.txt', 'delete', 'no'],
    ]);
    const toSecond = await checkpoints.planRewind(second);
    expect(summary(toSecond)).toEqual([
      ['a.txt', 'restore', 'no'],
      ['b.txt', 'delete', 'no'],
    ]);
    expect(toSecond.files[0]!.restored).toBe('a1 + my edit');
    await checkpoints.rewind(toFirst);
    expect(await readState(files, ['a.txt', 'b.txt'])).toEqual({ 'a.txt': 'a0', 'b.txt': null });
  });

  it('records each path just before the agent writes it, as one checkpoint per turn', async () => {
    const { files, checkpoints } = await setup();
    await files.write('a.txt', 'a0');
    const first = await checkpoints.record('s1', 'n1', ['a.txt']);
    await files.write('a.txt', 'a1');
    // The next tool call of the same turn: a.txt is recorded again, b.txt for the first time.
    const merged = await checkpoints.record('s1', 'n1', ['a.txt', 'b.txt']);
    await files.write('b.txt', 'b1');
    expect(merged.id).toBe(first.id);
    await checkpoints.settle(first);
    const plan = await checkpoints.planRewind(merged);
    expect(summary(plan)).toEqual([
      ['a.txt', 'restore', 'no'],
      ['b.txt', 'delete', 'no'],
    ]);
    expect(plan.files[0]!.restored).toBe('a0');
  });

  it('says "unknown" for a turn that never settled', async () => {
    const { files, checkpoints } = await setup();
    const checkpoint = await checkpoints.record('s1', 'n1', ['a.txt']);
    await files.write('a.txt', 'agent');
    const plan = await checkpoints.planRewind(checkpoint);
    expect(summary(plan)).toEqual([['a.txt', 'delete', 'unknown']]);
  });

  it('records a folder as the files in it, so a deleted folder comes back', async () => {
    const { files, checkpoints } = await setup();
    await files.write('pkg/a.py', 'a');
    await files.write('pkg/sub/b.bin', OUT);
    const checkpoint = await checkpoints.record('s1', 'n1', ['pkg']);
    expect(checkpoint.files.map((f) => f.path)).toEqual(['pkg/a.py', 'pkg/sub/b.bin']);
    await files.delete('pkg');
    await checkpoints.settle(checkpoint);
    await checkpoints.rewind(await checkpoints.planRewind(checkpoint));
    expect(await readState(files, ['pkg/a.py', 'pkg/sub/b.bin'])).toEqual({
      'pkg/a.py': 'a',
      'pkg/sub/b.bin': OUT,
    });
  });

  it('puts back text as text when the agent wrote the same bytes as binary', async () => {
    const { files, checkpoints } = await setup();
    await files.write('a.txt', 'x');
    const checkpoint = await checkpoints.record('s1', 'n1', ['a.txt']);
    await files.write('a.txt', new Uint8Array([120]));
    await checkpoints.settle(checkpoint);
    const plan = await checkpoints.planRewind(checkpoint);
    expect(summary(plan)).toEqual([['a.txt', 'restore', 'no']]);
    await checkpoints.rewind(plan);
    expect((await files.read('a.txt')).content).toBe('x');
  });

  it('stores identical content once across files and turns', async () => {
    const { files, checkpoints } = await setup();
    await files.write('a.txt', 'same');
    await files.write('b.txt', 'same');
    await files.write('c.bin', OUT);
    await checkpoints.settle(await checkpoints.record('s1', 'n1', ['a.txt', 'b.txt', 'c.bin']));
    expect(await store.checkpoints.blobCount()).toBe(2);
    // The next turn finds the same files unchanged: nothing new is stored.
    await checkpoints.record('s1', 'n2', ['a.txt', 'b.txt', 'c.bin']);
    expect(await store.checkpoints.blobCount()).toBe(2);
  });

  it('writes nothing when a file changed after the preview, and takes back its undo checkpoint', async () => {
    const { files, checkpoints, checkpoint } = await agentTurn();
    const plan = await checkpoints.planRewind(checkpoint);
    await files.write('src/new.py', 'typed after the preview\n');
    const error = await checkpoints.rewind(plan).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect((error as CoveError).code).toBe('conflict');
    expect(await readState(files, Object.keys(AGENT))).toEqual({
      ...AGENT,
      'src/new.py': 'typed after the preview\n',
    });
    expect((await store.checkpoints.list('s1')).map((c) => c.kind)).toEqual(['turn']);
  });

  it('changes nothing and records no undo when everything is as it was', async () => {
    const { files, checkpoints } = await setup();
    await files.write('a.txt', 'x');
    const checkpoint = await checkpoints.settle(await checkpoints.record('s1', 'n1', ['a.txt']));
    const result = await checkpoints.rewind(await checkpoints.planRewind(checkpoint));
    expect(result).toEqual({ changed: [], undo: null });
  });
});

describe('checkpoint round trip (property)', () => {
  const paths = ['a.txt', 'b.bin', 'dir/c.md', 'dir/sub/d', 'e'];
  const content: fc.Arbitrary<FileContent | null> = fc.oneof(
    fc.constant(null),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.uint8Array({ maxLength: 40 }),
    // Text and the same bytes share a blob: the kind must still come back.
    fc.constantFrom<FileContent>('', new Uint8Array(), 'x', new Uint8Array([120])),
  );
  const state = fc.record(
    Object.fromEntries(paths.map((p) => [p, content])),
  ) as fc.Arbitrary<State>;

  it.each(storeKinds)(
    'record, change and rewind restore byte-identical files; undo restores the change ($name)',
    async ({ name, open }) => {
      await fc.assert(
        fc.asyncProperty(state, state, async (before, after) => {
          const store = await open();
          try {
            const clock = testClock();
            const catalog = new WorkspaceCatalog(store, clock);
            const files = catalog.files((await catalog.create('P')).id);
            const checkpoints = new CheckpointService(files, store.checkpoints, clock);
            await writeState(files, before);
            const checkpoint = await checkpoints.record('s', 'n', paths);
            await writeState(files, after);
            await checkpoints.settle(checkpoint);
            const { undo } = await checkpoints.rewind(await checkpoints.planRewind(checkpoint));
            expect(await readState(files, paths)).toEqual(before);
            if (undo) await checkpoints.rewind(await checkpoints.planRewind(undo));
            expect(await readState(files, paths)).toEqual(after);
          } finally {
            store.close();
          }
        }),
        { numRuns: name === 'memory' ? 100 : 25 },
      );
    },
  );
});
