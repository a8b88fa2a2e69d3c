import { zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { CoveStore } from '../../../src/store/cove-store';
import type { FileChange } from '../../../src/store/file-store';
import { WorkspaceCatalog } from '../../../src/workspace/workspace-catalog';
import { importZipInto, type ZipImportProgress } from '../../../src/workspace/zip-import';
import { storeKinds, testClock } from '../../fakes/stores';

const text = (s: string) => new TextEncoder().encode(s);

/** An archive of `count` small files in folders of 100. */
function manyFiles(count: number): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Array.from({ length: count }, (_, i) => [
        `pkg${Math.floor(i / 100)}/m${i}.py`,
        text(`x = ${i}\n`),
      ]),
    ),
  );
}

describe.each(storeKinds)('zip import over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  async function setup() {
    store = await open();
    const catalog = new WorkspaceCatalog(store, testClock());
    const workspace = await catalog.create('Project');
    const files = catalog.files(workspace.id);
    await files.write('keep.py', 'kept\n');
    return { files, workspace };
  }

  const paths = async (files: Awaited<ReturnType<typeof setup>>['files']) =>
    (await files.list()).map((entry) => entry.path);

  it('imports 1,000 files in one batch, reading then writing, and says how far it is', async () => {
    const { files, workspace } = await setup();
    const seen: ZipImportProgress[] = [];
    const published: unknown[] = [];
    store.changes.subscribe(({ change }) => published.push(change));
    const result = await importZipInto(
      files,
      { bytes: manyFiles(1000), into: 'vendor' },
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(result.written).toHaveLength(1000);
    expect(result.skipped).toEqual([]);
    expect((await files.read('vendor/pkg7/m789.py')).content).toBe('x = 789\n');
    // 1,000 files, 10 folders and the folder imported into.
    expect(await paths(files)).toHaveLength(1 + 1000 + 10 + 1);
    expect(seen[0]!.phase).toBe('reading');
    expect(seen.at(-1)).toEqual({ phase: 'writing', done: 1011, total: 1011 });
    const phases = seen.map((p) => p.phase);
    expect(phases.indexOf('writing')).toBeGreaterThan(phases.lastIndexOf('reading'));
    // One batch: the tree refreshes once, not once per file.
    const fileChanges = published.filter((c) => (c as { type: string }).type === 'files');
    expect(fileChanges).toHaveLength(1);
    expect(fileChanges[0]).toMatchObject({ workspaceId: workspace.id });
  });

  // Invariant 4: writes that belong together are one transaction.
  it('writes nothing when cancelled while writing, and rejects with the reason', async () => {
    const { files } = await setup();
    const cancel = new AbortController();
    const reason = new CoveError('cancelled', 'Cancelled.', '');
    const importing = importZipInto(
      files,
      { bytes: manyFiles(1000) },
      {
        signal: cancel.signal,
        onProgress: (progress) => {
          if (progress.phase === 'writing') cancel.abort(reason);
        },
      },
    );
    await expect(importing).rejects.toBe(reason);
    expect(await paths(files)).toEqual(['keep.py']);
  });

  it('writes nothing when cancelled before the write, while it waits', async () => {
    const { files } = await setup();
    const cancel = new AbortController();
    const importing = importZipInto(
      files,
      { bytes: manyFiles(10) },
      {
        signal: cancel.signal,
        beforeWrite: async () => cancel.abort(new Error('stop')),
      },
    );
    await expect(importing).rejects.toThrow('stop');
    expect(await paths(files)).toEqual(['keep.py']);
  });

  it('refuses a damaged archive before writing anything', async () => {
    const { files } = await setup();
    const zip = manyFiles(50);
    const importing = importZipInto(files, { bytes: zip.subarray(0, zip.byteLength - 30) });
    await expect(importing).rejects.toMatchObject({ code: 'zip-damaged' });
    expect(await paths(files)).toEqual(['keep.py']);
  });

  it('skips names that already exist and hostile ones, listing why', async () => {
    const { files } = await setup();
    const zip = zipSync({ 'keep.py': text('other'), '../evil.py': text('x'), 'new.py': text('n') });
    const result = await importZipInto(files, { bytes: zip });
    expect(result.written).toEqual(['new.py']);
    expect(result.skipped.map((s) => [s.path, s.reason])).toEqual(
      expect.arrayContaining([
        ['../evil.py', expect.stringContaining('outside the workspace')],
        ['keep.py', 'already exists'],
      ]),
    );
    expect(result.skipped).toHaveLength(2);
    expect((await files.read('keep.py')).content).toBe('kept\n');
  });
});

describe.each(storeKinds)('large batches over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  const puts = (count: number, prefix = 'f'): FileChange[] =>
    Array.from({ length: count }, (_, i) => ({
      type: 'put' as const,
      path: `${prefix}${i}.txt`,
      kind: 'file' as const,
      content: `${i}`,
      expect: 'absent' as const,
    }));

  it('checks every expectation of a batch of hundreds against what is stored', async () => {
    store = await open();
    await store.files.apply('w', [puts(1)[0]!], 1);
    const error = await store.files.apply('w', puts(500), 2).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'exists' });
    expect((await store.files.list('w')).map((row) => row.path)).toEqual(['f0.txt']);
  });

  it('reports progress up to the whole batch and ignores other workspaces', async () => {
    store = await open();
    await store.files.apply('other', puts(100), 1);
    const progress: [number, number][] = [];
    const rows = await store.files.apply('w', puts(450), 2, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(rows).toHaveLength(450);
    expect(progress.at(-1)).toEqual([450, 450]);
    expect(progress.every(([done], i) => i === 0 || done > progress[i - 1]![0])).toBe(true);
    expect(await store.files.list('w')).toHaveLength(450);
  });
});
