import { describe, expect, it } from 'vitest';
import {
  activePath,
  branchPosition,
  childrenOf,
  newestLeaf,
  replyParent,
  siblingsOf,
  switchBranch,
  type TreeNode,
} from '../../../src/agent/session-tree';

const node = (id: string, parentId: string | null, startedAt: number): TreeNode => ({
  id,
  parentId,
  startedAt,
});

/**
 * q1 → a1 → q2 → a2        (the first conversation)
 *    ↘ a1b                 (a1 regenerated at t=50)
 *    ↘ a1c → q3 → a3       (regenerated again at t=60, then followed up)
 * q1b → a1d                (the first question edited at t=70)
 */
const tree = [
  node('q1', null, 1),
  node('a1', 'q1', 2),
  node('q2', 'a1', 3),
  node('a2', 'q2', 4),
  node('a1b', 'q1', 50),
  node('a1c', 'q1', 60),
  node('q3', 'a1c', 61),
  node('a3', 'q3', 62),
  node('q1b', null, 70),
  node('a1d', 'q1b', 71),
];
const ids = (nodes: TreeNode[]) => nodes.map((n) => n.id);

describe('session tree', () => {
  it('the active path runs from the root to the leaf', () => {
    expect(ids(activePath(tree, 'a2'))).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(ids(activePath(tree, 'a3'))).toEqual(['q1', 'a1c', 'q3', 'a3']);
    expect(activePath(tree, null)).toEqual([]);
    expect(activePath(tree, 'missing')).toEqual([]);
  });

  it('the active path stops at a cycle or a missing parent', () => {
    const cyclic = [node('x', 'y', 1), node('y', 'x', 2)];
    expect(ids(activePath(cyclic, 'x'))).toEqual(['y', 'x']);
    expect(ids(activePath([node('z', 'gone', 1)], 'z'))).toEqual(['z']);
  });

  it('siblings are the nodes with the same parent, oldest first; roots are siblings too', () => {
    expect(ids(siblingsOf(tree, 'a1c'))).toEqual(['a1', 'a1b', 'a1c']);
    expect(ids(siblingsOf(tree, 'q1'))).toEqual(['q1', 'q1b']);
    expect(ids(siblingsOf(tree, 'a2'))).toEqual(['a2']);
    expect(siblingsOf(tree, 'missing')).toEqual([]);
    expect(ids(childrenOf(tree, null))).toEqual(['q1', 'q1b']);
    // Order comes from the time, not from the order given.
    expect(ids(siblingsOf([...tree].reverse(), 'a1'))).toEqual(['a1', 'a1b', 'a1c']);
  });

  it('a branch position says "n / count" and names the neighbours', () => {
    expect(branchPosition(tree, 'a1b')).toEqual({
      index: 1,
      count: 3,
      previousId: 'a1',
      nextId: 'a1c',
    });
    expect(branchPosition(tree, 'a2')).toEqual({
      index: 0,
      count: 1,
      previousId: undefined,
      nextId: undefined,
    });
    expect(branchPosition(tree, 'missing')).toBeUndefined();
  });

  it('the newest leaf under a node is where that branch last stood', () => {
    expect(newestLeaf(tree, 'a1')?.id).toBe('a2');
    expect(newestLeaf(tree, 'a1b')?.id).toBe('a1b');
    expect(newestLeaf(tree, 'q1')?.id).toBe('a3');
    expect(newestLeaf(tree, 'q1b')?.id).toBe('a1d');
    expect(newestLeaf(tree, 'missing')).toBeUndefined();
  });

  it('of leaves started at the same moment, the deeper one wins (a reply over its sibling)', () => {
    const sameTime = [node('q', null, 5), node('a', 'q', 5), node('q2', 'a', 5), node('b', 'q', 5)];
    expect(newestLeaf(sameTime, 'q')?.id).toBe('q2');
  });

  it('the newest leaf survives a cycle', () => {
    const cyclic = [node('r', null, 1), node('x', 'y', 2), node('y', 'x', 3), node('k', 'r', 4)];
    expect(newestLeaf(cyclic, 'r')?.id).toBe('k');
    expect(['x', 'y']).toContain(newestLeaf(cyclic, 'x')?.id);
  });

  it('switching moves to the neighbour and to the newest leaf of its branch', () => {
    // From the regenerated reply back to the first one: the later question and answer return.
    expect(switchBranch(tree, 'a1b', 'previous')).toEqual({ siblingId: 'a1', leafId: 'a2' });
    expect(switchBranch(tree, 'a1b', 'next')).toEqual({ siblingId: 'a1c', leafId: 'a3' });
    expect(switchBranch(tree, 'q1', 'next')).toEqual({ siblingId: 'q1b', leafId: 'a1d' });
    expect(switchBranch(tree, 'a1', 'previous')).toBeUndefined();
    expect(switchBranch(tree, 'a1c', 'next')).toBeUndefined();
    expect(switchBranch(tree, 'missing', 'next')).toBeUndefined();
  });
});

describe('where a new message goes', () => {
  const at = (id: string, parentId: string | null, role: string, startedAt: number) => ({
    id,
    parentId,
    role,
    startedAt,
  });
  const nodes = [
    at('q', null, 'user', 1),
    at('a', 'q', 'assistant', 2),
    at('t1', 'a', 'tool', 3),
    at('t2', 't1', 'tool', 4),
  ];

  it('after the tool results a shown reply hides in its chips', () => {
    expect(replyParent(nodes, 'a', 't2')).toBe('t2');
  });

  it('under the message shown when the person looks at an earlier point', () => {
    expect(replyParent(nodes, 'q', 't2')).toBe('q');
    expect(replyParent(nodes, 'a', null)).toBe('a');
    expect(replyParent(nodes, undefined, 't2')).toBeUndefined();
  });
});
