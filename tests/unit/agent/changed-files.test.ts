import { describe, expect, it } from 'vitest';
import { addChange, changesOfLastRun } from '../../../src/agent/changed-files';
import type { NodeRecord } from '../../../src/store/records';

const node = (id: string, role: NodeRecord['role'], extra: Partial<NodeRecord> = {}) =>
  ({
    id,
    sessionId: 's',
    parentId: null,
    role,
    content: '',
    status: 'complete',
    startedAt: 1,
    ...extra,
  }) as NodeRecord;

describe('the files a run changed', () => {
  it('marks what a call removed as deleted, whichever tool removed it; written again, it is not', () => {
    let list = addChange([], { changedFiles: ['a.py', 'b.py'], deleted: ['b.py'] });
    expect(list.map((f) => [f.path, f.deleted])).toEqual([
      ['a.py', false],
      ['b.py', true],
    ]);
    list = addChange(list, {
      changedFiles: ['b.py'],
      diff: '--- /dev/null\n+++ b/b.py\n@@ -0,0 +1 @@\n+x\n',
    });
    expect(list.find((f) => f.path === 'b.py')).toMatchObject({ deleted: false });
  });

  it('are read back from the stored tool results of the last run after a reload', () => {
    const path = [
      node('q0', 'user'),
      node('t0', 'tool', { toolEffects: { changedFiles: ['old.py'] } }),
      node('q1', 'user'),
      node('t1', 'tool', { toolEffects: { changedFiles: ['x.txt', 'y.txt'], deleted: ['x.txt'] } }),
      // A row written before deletions were recorded: changed, not known to be gone.
      node('t2', 'tool', { toolEffects: { changedFiles: ['z.txt'] } }),
    ];
    expect(changesOfLastRun(path).map((f) => [f.path, f.deleted])).toEqual([
      ['x.txt', true],
      ['y.txt', false],
      ['z.txt', false],
    ]);
  });
});
