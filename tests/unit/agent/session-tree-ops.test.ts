import { describe, expect, it } from 'vitest';
import {
  copyPath,
  copyTree,
  leafForJump,
  planBranchDelete,
  subtreeIds,
} from '../../../src/agent/session-tree-ops';
import { activePath, branchPosition } from '../../../src/agent/session-tree';
import type { NodeRecord } from '../../../src/store/records';

const node = (id: string, parentId: string | null, startedAt: number): NodeRecord => ({
  id,
  sessionId: 's',
  parentId,
  role: startedAt % 2 ? 'user' : 'assistant',
  content: `text of ${id}`,
  status: 'complete',
  startedAt,
});

/**
 *   q1 ─ a1 ─ q2 ─ a2
 *             └─ q2b ─ a2b      (an edit of q2, newer)
 *        └─ a1b                 (a regenerated reply, newest)
 */
const tree = [
  node('q1', null, 1),
  node('a1', 'q1', 2),
  node('q2', 'a1', 3),
  node('a2', 'q2', 4),
  node('q2b', 'a1', 5),
  node('a2b', 'q2b', 6),
  node('a1b', 'q1', 7),
];

function counter() {
  let n = 0;
  return () => `new-${++n}`;
}

describe('subtree and jumps', () => {
  it('a subtree holds the node and everything under it', () => {
    expect(subtreeIds(tree, 'a1')).toEqual(new Set(['a1', 'q2', 'a2', 'q2b', 'a2b']));
    expect(subtreeIds(tree, 'nope').size).toBe(0);
  });

  it('jumping to a node shows the newest conversation under it', () => {
    expect(leafForJump(tree, 'a1')).toBe('a2b');
    expect(leafForJump(tree, 'q2')).toBe('a2');
    expect(leafForJump(tree, 'q1')).toBe('a1b');
  });

  it('stops on a cycle instead of looping', () => {
    const cyclic = [node('x', 'y', 1), node('y', 'x', 2)];
    expect(subtreeIds(cyclic, 'x')).toEqual(new Set(['x', 'y']));
  });
});

describe('deleting a branch', () => {
  it('deletes the node with its subtree and keeps a leaf outside it', () => {
    const plan = planBranchDelete(tree, 'a1b', 'q2b');
    expect(new Set(plan?.deleteIds)).toEqual(new Set(['q2b', 'a2b']));
    expect(plan?.leafId).toBe('a1b');
  });

  it('moves the active path to the sibling before when the leaf was inside', () => {
    const plan = planBranchDelete(tree, 'a2b', 'q2b');
    expect(plan?.leafId).toBe('a2');
  });

  it('moves to the sibling after when the first one is deleted', () => {
    const plan = planBranchDelete(tree, 'a2', 'q2');
    expect(plan?.leafId).toBe('a2b');
  });

  it('moves to the parent when the node had no sibling', () => {
    const plan = planBranchDelete(tree, 'a2', 'a2');
    expect(plan).toEqual({ deleteIds: ['a2'], leafId: 'q2' });
  });

  it('empties the session when its only root goes', () => {
    const plan = planBranchDelete(tree, 'a2', 'q1');
    expect(plan?.deleteIds).toHaveLength(7);
    expect(plan?.leafId).toBeNull();
  });

  it('refuses an unknown node', () => {
    expect(planBranchDelete(tree, 'a2', 'ghost')).toBeUndefined();
  });
});

describe('copies', () => {
  it('a fork copies the path root → message with new ids and a new session', () => {
    const copy = copyPath(tree, 'a2b', 'forked', counter());
    expect(copy.nodes.map((n) => n.content)).toEqual([
      'text of q1',
      'text of a1',
      'text of q2b',
      'text of a2b',
    ]);
    expect(copy.nodes.every((n) => n.sessionId === 'forked' && n.id.startsWith('new-'))).toBe(true);
    expect(activePath(copy.nodes, copy.leafId).map((n) => n.content)).toEqual(
      copy.nodes.map((n) => n.content),
    );
    expect(copy.nodes[0]?.parentId).toBeNull();
  });

  it('a duplicate copies every branch and maps the leaf', () => {
    const copy = copyTree(tree, 'a2', 'dup', counter());
    expect(copy.nodes).toHaveLength(tree.length);
    const ids = new Set(copy.nodes.map((n) => n.id));
    expect(tree.some((n) => ids.has(n.id))).toBe(false);
    expect(copy.nodes.every((n) => n.parentId === null || ids.has(n.parentId))).toBe(true);
    const leaf = copy.nodes.find((n) => n.id === copy.leafId);
    expect(leaf?.content).toBe('text of a2');
    expect(activePath(copy.nodes, copy.leafId).map((n) => n.content)).toEqual([
      'text of q1',
      'text of a1',
      'text of q2',
      'text of a2',
    ]);
  });

  it('a copied compaction names the copy of the node it keeps', () => {
    const nodes = [
      node('q', null, 1),
      node('a', 'q', 2),
      {
        ...node('c', 'a', 3),
        role: 'compaction' as const,
        compaction: { firstKeptId: 'a', automatic: true, tokensBefore: 9, tokensAfter: 3 },
      },
    ];
    const copy = copyTree(nodes, 'c', 'dup', counter());
    const a = copy.nodes.find((n) => n.content === 'text of a');
    const c = copy.nodes.find((n) => n.role === 'compaction');
    expect(c?.compaction?.firstKeptId).toBe(a?.id);
    expect(nodes[2]?.compaction?.firstKeptId).toBe('a');
  });

  it('a copy of a reply still streaming is interrupted, not streaming', () => {
    const streaming = [node('q', null, 1), { ...node('a', 'q', 2), status: 'streaming' as const }];
    const copy = copyTree(streaming, 'a', 'dup', counter());
    expect(copy.nodes[1]?.status).toBe('interrupted');
  });
});

describe('branch positions over an indexed list', () => {
  it('follow a list that grew after it was first asked about', () => {
    const nodes = [node('q', null, 1), node('a', 'q', 2)];
    expect(branchPosition(nodes, 'a')?.count).toBe(1);
    nodes.push(node('a2', 'q', 3));
    expect(branchPosition(nodes, 'a')).toEqual({
      index: 0,
      count: 2,
      previousId: undefined,
      nextId: 'a2',
    });
  });
});
