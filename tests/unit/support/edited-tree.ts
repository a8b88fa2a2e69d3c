import type { NodeRecord } from '../../../src/store/records';

/** A message of session `s`: a question when its id starts with q, else a reply. */
export const treeNode = (id: string, parentId: string | null, startedAt: number): NodeRecord => ({
  id,
  sessionId: 's',
  parentId,
  role: id.startsWith('q') ? 'user' : 'assistant',
  content: `text of ${id}`,
  status: 'complete',
  startedAt,
});

/**
 * q1 → a1 → q2 → a2, and an edited first question q1b → a1b (the leaf): a tree with two
 * branches at the root, as an edit of the first question leaves it.
 */
export const EDITED_TREE: readonly NodeRecord[] = [
  treeNode('q1', null, 1),
  treeNode('a1', 'q1', 2),
  treeNode('q2', 'a1', 3),
  treeNode('a2', 'q2', 4),
  treeNode('q1b', null, 5),
  treeNode('a1b', 'q1b', 6),
];
