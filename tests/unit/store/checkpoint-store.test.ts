import { afterEach, describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { hashContent } from '../../../src/store/blob-hash';
import type { CheckpointDraft } from '../../../src/store/checkpoint-store';
import type { CoveStore } from '../../../src/store/cove-store';
import { createDexieCheckpointStore } from '../../../src/store/dexie-checkpoint-store';
import { CoveDatabase } from '../../../src/store/dexie-database';
import { storeKinds } from '../../fakes/stores';

const HELLO_SHA256 = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';

let ids = 0;
const draft = (
  files: CheckpointDraft['files'],
  extra: Partial<CheckpointDraft> = {},
): CheckpointDraft => ({
  id: `c${++ids}`,
  sessionId: 's1',
  workspaceId: 'w1',
  nodeId: 'n1',
  kind: 'turn',
  createdAt: 1000,
  files,
  ...extra,
});

describe('hashContent', () => {
  it('is the SHA-256 hex of the bytes, the same for text and its UTF-8 bytes', async () => {
    expect(await hashContent('hello')).toBe(HELLO_SHA256);
    expect(await hashContent(new TextEncoder().encode('hello'))).toBe(HELLO_SHA256);
  });

  it('tells a lone surrogate from the replacement character it would encode to', async () => {
    expect(await hashContent('a\uD800b')).not.toBe(await hashContent('a\uFFFDb'));
  });
});

describe.each(storeKinds)('checkpoint store over the $name store', ({ open }) => {
  let store: CoveStore;
  afterEach(() => store?.close());

  it('records files as blob addresses, stores each content once and reads it back', async () => {
    store = await open();
    const bytes = new Uint8Array([0, 1, 2, 255, 104, 105]);
    const first = await store.checkpoints.record(
      draft([
        { path: 'a.txt', content: 'hello', version: 3 },
        { path: 'copy.txt', content: 'hello', version: 1 },
        { path: 'image.bin', content: bytes, version: 2 },
        { path: 'new.py', content: null, version: null },
      ]),
    );
    expect(first.seq).toBe(1);
    expect(first.files).toEqual([
      { path: 'a.txt', blobHash: HELLO_SHA256, version: 3, binary: false },
      { path: 'copy.txt', blobHash: HELLO_SHA256, version: 1, binary: false },
      { path: 'image.bin', blobHash: await hashContent(bytes), version: 2, binary: true },
      { path: 'new.py', blobHash: null, version: null, binary: false },
    ]);
    expect(await store.checkpoints.blobCount()).toBe(2);

    // A later turn over unchanged files adds no blob.
    const second = await store.checkpoints.record(
      draft([{ path: 'a.txt', content: 'hello', version: 3 }], { nodeId: 'n2' }),
    );
    expect(second.seq).toBe(2);
    expect(await store.checkpoints.blobCount()).toBe(2);

    const blobs = await store.checkpoints.blobs([HELLO_SHA256, first.files[2]!.blobHash!]);
    expect(blobs.get(HELLO_SHA256)).toBe('hello');
    expect(blobs.get(first.files[2]!.blobHash!)).toEqual(bytes);
    expect(await store.checkpoints.get(first.id)).toEqual(first);
    expect((await store.checkpoints.list('s1')).map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await store.checkpoints.ofNode('n2')).map((c) => c.id)).toEqual([second.id]);
  });

  it('merges records of one unsettled turn (first state wins) and starts anew once settled', async () => {
    store = await open();
    const first = await store.checkpoints.record(
      draft([{ path: 'a.txt', content: 'before', version: 1 }]),
    );
    const merged = await store.checkpoints.record(
      draft([
        { path: 'a.txt', content: 'agent wrote this', version: 2 },
        { path: 'b.txt', content: null, version: null },
      ]),
    );
    expect(merged.id).toBe(first.id);
    expect(merged.files.map((f) => [f.path, f.version])).toEqual([
      ['a.txt', 1],
      ['b.txt', null],
    ]);
    expect(await store.checkpoints.blobCount()).toBe(1);

    const settled = await store.checkpoints.settle(
      first.id,
      [{ path: 'a.txt', blobHash: 'h2', version: 2, binary: false }],
      2000,
    );
    expect(settled.settledAt).toBe(2000);
    expect(settled.files[0]!.after).toEqual({ blobHash: 'h2', version: 2, binary: false });
    expect(settled.files[1]!.after).toBeUndefined();

    const next = await store.checkpoints.record(
      draft([{ path: 'a.txt', content: 'x', version: 2 }]),
    );
    expect(next.id).not.toBe(first.id);
    expect(next.seq).toBe(2);
    // A rewind's checkpoint never merges into a running turn.
    const rewind = await store.checkpoints.record(
      draft([{ path: 'c.txt', content: null, version: null }], { kind: 'rewind' }),
    );
    expect(rewind.id).not.toBe(next.id);
    expect(rewind.seq).toBe(3);
  });

  it('numbers checkpoints per session', async () => {
    store = await open();
    await store.checkpoints.record(draft([], { nodeId: 'a' }));
    const other = await store.checkpoints.record(draft([], { sessionId: 's2', nodeId: 'b' }));
    expect(other.seq).toBe(1);
  });

  it('says so when a blob or a checkpoint is missing', async () => {
    store = await open();
    await expect(store.checkpoints.blobs(['0'.repeat(64)])).rejects.toMatchObject({
      code: 'missing',
    });
    await expect(store.checkpoints.settle('nope', [], 1)).rejects.toBeInstanceOf(CoveError);
  });

  it('deletes one checkpoint and keeps the blobs others may share', async () => {
    store = await open();
    const row = await store.checkpoints.record(draft([{ path: 'a', content: 'x', version: 1 }]));
    await store.checkpoints.delete(row.id);
    expect(await store.checkpoints.get(row.id)).toBeUndefined();
    expect(await store.checkpoints.blobCount()).toBe(1);
  });

  // Invariant 20: deleting a workspace or conversation removes what it owned, only that.
  it('deletes a session’s checkpoints and the blobs no other session refers to', async () => {
    store = await open();
    await store.checkpoints.record(
      draft([
        { path: 'shared.txt', content: 'shared', version: 1 },
        { path: 'own.txt', content: 'only in s1', version: 1 },
      ]),
    );
    await store.checkpoints.record(
      draft([{ path: 'more.txt', content: 'also only s1', version: 1 }], { nodeId: 'n2' }),
    );
    await store.checkpoints.record(
      draft([{ path: 'x.txt', content: 'shared', version: 4 }], { sessionId: 's2', nodeId: 'm' }),
    );
    expect(await store.checkpoints.blobCount()).toBe(3);

    expect(await store.checkpoints.deleteSession('s1')).toEqual({ checkpoints: 2, blobs: 2 });
    expect(await store.checkpoints.list('s1')).toEqual([]);
    expect(await store.checkpoints.blobCount()).toBe(1);
    const other = (await store.checkpoints.list('s2'))[0]!;
    expect((await store.checkpoints.blobs([other.files[0]!.blobHash!])).size).toBe(1);
    expect(await store.checkpoints.deleteSession('s1')).toEqual({ checkpoints: 0, blobs: 0 });
  });
});

describe('dexie checkpoint store atomicity', () => {
  let db: CoveDatabase | undefined;
  afterEach(() => db?.close());

  // Invariant 4: writes that belong together are one transaction.
  it('writes neither the checkpoint nor any blob when the transaction fails midway', async () => {
    db = new CoveDatabase(`cove-checkpoint-${Date.now()}-${Math.random()}`);
    await db.open();
    const store = createDexieCheckpointStore(db);
    // The blobs go in first; then the checkpoint row is refused.
    db.checkpoints.hook('creating', () => {
      throw new Error('disk on fire');
    });
    await expect(
      store.record(
        draft([
          { path: 'a.txt', content: 'one', version: 1 },
          { path: 'b.bin', content: new Uint8Array([9, 0, 9]), version: 1 },
        ]),
      ),
    ).rejects.toThrow('disk on fire');
    expect(await store.blobCount()).toBe(0);
    expect(await db.checkpoints.count()).toBe(0);
  });
});
