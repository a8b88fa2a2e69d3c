import { describe, expect, it } from 'vitest';
import { outlineRecord, reconcileOutline } from '../../../src/store/node-outline';

const entry = (id: string, parentId: string | null = null) =>
  ({ id, parentId, role: 'user', startedAt: 1 }) as const;

describe('a stored outline checked against the keys of the stored nodes', () => {
  it('that matches is used as it is and not written again', () => {
    const row = outlineRecord('s', [entry('a'), entry('b', 'a')]);
    const plan = reconcileOutline(row, 's', ['b', 'a']);
    expect(plan).toEqual({ known: [entry('a'), entry('b', 'a')], missing: [], stale: false });
  });

  it('names the nodes stored since and drops the ones removed', () => {
    const row = outlineRecord('s', [entry('a'), entry('gone', 'a')]);
    const plan = reconcileOutline(row, 's', ['a', 'new']);
    expect(plan).toEqual({ known: [entry('a')], missing: ['new'], stale: true });
  });

  it('missing, of another session or not of its shape: every node is missing', () => {
    for (const row of [
      undefined,
      null,
      'a',
      outlineRecord('other', [entry('a')]),
      { sessionId: 's', ids: ['a'], parentIds: [], roles: ['user'], startedAt: [1] },
    ]) {
      expect(reconcileOutline(row, 's', ['a'])).toEqual({
        known: [],
        missing: ['a'],
        stale: true,
      });
    }
  });

  it('a damaged or repeated entry is read again from its node', () => {
    const row = {
      sessionId: 's',
      ids: ['a', 'b', 'b', 'c', 'd'],
      parentIds: [null, 'a', 'a', 3, 'a'],
      roles: ['user', 'assistant', 'assistant', 'user', 'narrator'],
      startedAt: [1, 2, 2, 3, Number.NaN],
    };
    const plan = reconcileOutline(row, 's', ['a', 'b', 'c', 'd']);
    expect(plan.known.map((n) => n.id)).toEqual(['a', 'b']);
    expect(plan.missing).toEqual(['c', 'd']);
    expect(plan.stale).toBe(true);
  });

  it('an empty session with an empty outline is as stored', () => {
    expect(reconcileOutline(outlineRecord('s', []), 's', []).stale).toBe(false);
    expect(reconcileOutline(undefined, 's', []).stale).toBe(true);
  });
});
