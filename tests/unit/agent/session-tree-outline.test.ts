import { describe, expect, it } from 'vitest';
import { outlineTree, type OutlineEntry } from '../../../src/agent/session-tree-outline';
import type { NodeRecord } from '../../../src/store/records';

const node = (id: string, parentId: string | null, startedAt: number, content = id) =>
  ({
    id,
    sessionId: 's',
    parentId,
    role: startedAt % 2 ? 'user' : 'assistant',
    content,
    status: 'complete',
    startedAt,
  }) as NodeRecord;

const shape = (entries: readonly OutlineEntry[]): unknown =>
  entries.map((e) => [e.id, e.count, e.active, ...(e.children.length ? [shape(e.children)] : [])]);

describe('the tree outline', () => {
  it('folds runs without branches and marks the active path', () => {
    const nodes = [
      node('q1', null, 1, 'How do I sort a list?'),
      node('a1', 'q1', 2),
      node('q2', 'a1', 3),
      node('a2', 'q2', 4),
      node('q2b', 'a1', 5, 'And reversed?'),
      node('a2b', 'q2b', 6),
    ];
    const outline = outlineTree(nodes, 'a2b');
    expect(shape(outline)).toEqual([
      [
        'q1',
        2,
        true,
        [
          ['q2', 2, false],
          ['q2b', 2, true],
        ],
      ],
    ]);
    expect(outline[0]?.label).toBe('How do I sort a list?');
    expect(outline[0]?.children[1]?.label).toBe('And reversed?');
  });

  it('handles a path of 10,000 messages without deep recursion', () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) =>
      node(`n${i}`, i ? `n${i - 1}` : null, i + 1),
    );
    const outline = outlineTree(nodes, 'n9999');
    expect(outline).toHaveLength(1);
    expect(outline[0]?.count).toBe(10_000);
  });
});
