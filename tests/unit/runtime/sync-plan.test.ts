import { describe, expect, it } from 'vitest';
import type { FileMeta } from '../../../src/store/records';
import {
  chooseContentRead,
  conflictCopyPath,
  planSyncIn,
  planWriteBack,
} from '../../../src/runtime/sync-plan';
import type { WorkspaceChanges } from '../../../src/runtime/python-protocol';
import { MAX_FILE_BYTES } from '../../../src/workspace/limits';

const text = (s: string) => new TextEncoder().encode(s);

function meta(path: string, version = 1, kind: 'file' | 'folder' = 'file', size = 10): FileMeta {
  return { workspaceId: 'w', path, kind, size, mtime: 1, version, binary: false };
}

const byPath = (...entries: FileMeta[]) => new Map(entries.map((e) => [e.path, e]));

describe('planSyncIn', () => {
  it('sends everything, parents first, on a reset', () => {
    const plan = planSyncIn(
      [meta('b/c.py'), meta('a.py'), meta('b', 1, 'folder')],
      new Map(),
      true,
    );
    expect(plan).toEqual({
      reset: true,
      puts: [meta('a.py'), meta('b', 1, 'folder'), meta('b/c.py')],
      deletes: [],
    });
  });

  it('sends only new and changed versions and deletes what is gone, children first', () => {
    const synced = new Map([
      ['same.py', 3],
      ['changed.py', 1],
      ['old', 1],
      ['old/x.py', 1],
      ['stale.py', -1],
    ]);
    const plan = planSyncIn(
      [meta('same.py', 3), meta('changed.py', 2), meta('new.py', 1), meta('stale.py', 4)],
      synced,
      false,
    );
    expect(plan.puts.map((p) => p.path)).toEqual(['changed.py', 'new.py', 'stale.py']);
    expect(plan.deletes).toEqual(['old/x.py', 'old']);
  });
});

describe('chooseContentRead', () => {
  it('reads a few files one by one and many at once', () => {
    const few = Array.from({ length: 10 }, (_, i) => meta(`f${i}.py`));
    const many = Array.from({ length: 1000 }, (_, i) => meta(`f${i}.py`));
    expect(chooseContentRead(few, many)).toBe('each');
    expect(chooseContentRead(many, many)).toBe('bulk');
  });

  it('avoids a bulk read that would drag large unchanged files along', () => {
    const small = Array.from({ length: 100 }, (_, i) => meta(`f${i}.py`));
    const listing = [...small, meta('data.bin', 1, 'file', 50 * 1024 * 1024)];
    expect(chooseContentRead(small, listing)).toBe('each');
  });
});

describe('planWriteBack', () => {
  const changes = (written: WorkspaceChanges['written'], deleted: string[] = []) => ({
    written,
    deleted,
  });

  it('applies creations, modifications and deletions with the versions that were synced', () => {
    const plan = planWriteBack({
      changes: changes(
        [
          { path: 'out', kind: 'folder' },
          { path: 'out/r.txt', kind: 'file', bytes: text('result') },
          { path: 'main.py', kind: 'file', bytes: text('print(2)') },
        ],
        ['old.txt'],
      ),
      synced: new Map([
        ['main.py', 4],
        ['old.txt', 2],
      ]),
      current: byPath(meta('main.py', 4), meta('old.txt', 2)),
    });
    expect(plan.changes).toEqual([
      { type: 'put', path: 'out', kind: 'folder', content: '', expect: 'absent' },
      { type: 'put', path: 'out/r.txt', kind: 'file', content: 'result', expect: 'absent' },
      { type: 'put', path: 'main.py', kind: 'file', content: 'print(2)', expect: 4 },
      { type: 'delete', path: 'old.txt', expect: 2 },
    ]);
    expect(plan.tracked).toEqual(['out', 'out/r.txt', 'main.py']);
    expect(plan.deleted).toEqual(['old.txt']);
    expect(plan.conflicts).toEqual([]);
  });

  it('keeps binaries binary and text as text', () => {
    const binary = new Uint8Array([0, 1, 2, 255]);
    const invalidUtf8 = new Uint8Array([0x61, 0xff]);
    const plan = planWriteBack({
      changes: changes([
        { path: 'a.bin', kind: 'file', bytes: binary },
        { path: 'b.txt', kind: 'file', bytes: invalidUtf8 },
        { path: 'c.txt', kind: 'file', bytes: text('héllo') },
      ]),
      synced: new Map(),
      current: new Map(),
    });
    const contents = plan.changes.map((c) => (c.type === 'put' ? c.content : null));
    expect(contents[0]).toEqual(binary);
    expect(contents[0]).toBeInstanceOf(Uint8Array);
    expect(contents[1]).toEqual(invalidUtf8);
    expect(contents[2]).toBe('héllo');
  });

  it('keeps your edit made during the run and saves the run’s version beside it', () => {
    const plan = planWriteBack({
      changes: changes([{ path: 'notes/report.txt', kind: 'file', bytes: text('from run') }]),
      synced: new Map([['notes/report.txt', 1]]),
      current: byPath(
        meta('notes', 1, 'folder'),
        meta('notes/report.txt', 2),
        meta('notes/report (from Python).txt', 1),
      ),
    });
    expect(plan.changes).toEqual([
      {
        type: 'put',
        path: 'notes/report (from Python 2).txt',
        kind: 'file',
        content: 'from run',
        expect: 'absent',
      },
    ]);
    expect(plan.conflicts).toEqual([
      {
        path: 'notes/report.txt',
        kind: 'edited-during-run',
        copy: 'notes/report (from Python 2).txt',
      },
    ]);
    expect(plan.stale).toEqual(['notes/report.txt']);
    expect(plan.tracked).toEqual([]);
  });

  it('treats a file you created during the run like an edit', () => {
    const plan = planWriteBack({
      changes: changes([{ path: 'out.txt', kind: 'file', bytes: text('run') }]),
      synced: new Map(),
      current: byPath(meta('out.txt', 1)),
    });
    expect(plan.conflicts[0]).toMatchObject({
      kind: 'edited-during-run',
      copy: 'out (from Python).txt',
    });
  });

  it('restores a file the run wrote and you deleted meanwhile', () => {
    const plan = planWriteBack({
      changes: changes([{ path: 'a.txt', kind: 'file', bytes: text('run') }]),
      synced: new Map([['a.txt', 3]]),
      current: new Map(),
    });
    expect(plan.changes).toEqual([
      { type: 'put', path: 'a.txt', kind: 'file', content: 'run', expect: 'absent' },
    ]);
    expect(plan.conflicts).toEqual([{ path: 'a.txt', kind: 'deleted-during-run' }]);
  });

  it('keeps a file the run deleted when you edited it meanwhile', () => {
    const plan = planWriteBack({
      changes: changes([], ['a.txt', 'b.txt']),
      synced: new Map([
        ['a.txt', 1],
        ['b.txt', 1],
      ]),
      current: byPath(meta('a.txt', 2), meta('b.txt', 1)),
    });
    expect(plan.changes).toEqual([{ type: 'delete', path: 'b.txt', expect: 1 }]);
    expect(plan.conflicts).toEqual([{ path: 'a.txt', kind: 'kept-edited' }]);
    expect(plan.stale).toEqual(['a.txt']);
  });

  it('deletes a folder only when nothing of yours was added to it', () => {
    const synced = new Map([
      ['d', 1],
      ['d/x', 1],
      ['e', 1],
      ['e/y', 1],
    ]);
    const plan = planWriteBack({
      changes: changes([], ['d/x', 'd', 'e/y', 'e']),
      synced,
      current: byPath(
        meta('d', 1, 'folder'),
        meta('d/x', 1),
        meta('e', 1, 'folder'),
        meta('e/y', 1),
        meta('e/mine.txt', 1),
      ),
    });
    expect(plan.deleted).toEqual(['d/x', 'd', 'e/y']);
    expect(plan.stale).toEqual(['e']);
  });

  it('skips what the workspace cannot hold, with reasons', () => {
    const plan = planWriteBack({
      changes: changes([
        { path: 'big.bin', kind: 'file', bytes: new Uint8Array(MAX_FILE_BYTES + 1) },
        { path: 'bad\\name.txt', kind: 'file', bytes: text('x') },
        { path: 'f/inner.txt', kind: 'file', bytes: text('x') },
      ]),
      synced: new Map([['f', 1]]),
      current: byPath(meta('f', 2)),
    });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped.map((s) => s.path)).toEqual(['big.bin', 'bad\\name.txt', 'f/inner.txt']);
    expect(plan.skipped[0]!.reason).toMatch(/over the 10.0 MB limit/);
    expect(plan.skipped[1]!.reason).toMatch(/backslash/);
    expect(plan.skipped[2]!.reason).toMatch(/is a file/);
  });

  it('skips a name the workspace would store under another spelling, saying so', () => {
    const plan = planWriteBack({
      changes: changes([{ path: './a.txt', kind: 'file', bytes: text('x') }]),
      synced: new Map(),
      current: byPath(),
    });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([
      {
        path: './a.txt',
        reason: 'cannot be kept in the workspace: "./a.txt" is not a normal name.',
      },
    ]);
  });

  it('reports a name with a bidirectional control, written so that it cannot reorder the report', () => {
    const plan = planWriteBack({
      changes: changes([{ path: '\u202Egnp.py', kind: 'file', bytes: text('x') }]),
      synced: new Map(),
      current: byPath(),
    });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toHaveLength(1);
    expect(plan.skipped[0]!.path).toBe('\\u202Egnp.py');
    expect(plan.skipped[0]!.reason).toContain('invisible bidirectional control (U+202E)');
  });
});

describe('conflictCopyPath', () => {
  it.each([
    ['report.txt', 'report (from Python).txt'],
    ['dir/archive.tar.gz', 'dir/archive.tar (from Python).gz'],
    ['Makefile', 'Makefile (from Python)'],
    ['.env', '.env (from Python)'],
  ])('%s → %s', (path, copy) => {
    expect(conflictCopyPath(path, () => false)).toBe(copy);
  });

  it('counts up past names that are taken', () => {
    const taken = new Set(['a (from Python).py', 'a (from Python 2).py']);
    expect(conflictCopyPath('a.py', (p) => taken.has(p))).toBe('a (from Python 3).py');
  });
});
