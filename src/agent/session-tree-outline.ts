/**
 * The whole session tree as a person can take it in at once: runs of messages without a
 * branch are folded into one entry, so a tree of thousands of messages with a hundred
 * branch points has a few hundred entries. Pure, linear in the number of nodes.
 */
import type { NodeRecord } from '../store/records';
import { childrenIndex } from './session-tree-ops';
import { activePath } from './session-tree';

/** A run of messages from a branch start to the next branch point (or the end). */
export interface OutlineEntry {
  /** The first node of the run: jumping here shows the newest conversation under it. */
  readonly id: string;
  /** The last node of the run. */
  readonly lastId: string;
  /** Messages in the run. */
  readonly count: number;
  /** The first words of the run's first question (or of its first message). */
  readonly label: string;
  readonly startedAt: number;
  /** True when the active conversation runs through this entry. */
  readonly active: boolean;
  /** The branches that start after this run, oldest first. */
  readonly children: readonly OutlineEntry[];
}

/** Longest label of an entry, in characters. */
const LABEL_LENGTH = 80;

function labelOf(run: readonly NodeRecord[]): string {
  const first =
    run.find((n) => n.role === 'user' && n.content.trim()) ?? run.find((n) => n.content.trim());
  const text = (first?.content ?? '').replace(/\s+/g, ' ').trim();
  const who = first?.role === 'user' ? '' : first ? `${first.role}: ` : '';
  return text ? `${who}${text.slice(0, LABEL_LENGTH)}` : '(empty)';
}

/** The outline of a session's tree whose leaf is `leafId`; roots oldest first. */
export function outlineTree(nodes: readonly NodeRecord[], leafId: string | null): OutlineEntry[] {
  const children = childrenIndex(nodes);
  for (const list of children.values()) list.sort((a, b) => a.startedAt - b.startedAt);
  const onPath = new Set(activePath(nodes, leafId).map((n) => n.id));
  const seen = new Set<string>();

  // Iterative, so a path of thousands of messages cannot overflow the stack: each run is
  // collected first, and its children are built when they are popped.
  type Pending = { start: NodeRecord; into: OutlineEntry[] };
  const roots: OutlineEntry[] = [];
  const stack: Pending[] = [...(children.get(null) ?? [])]
    .reverse()
    .map((start) => ({ start, into: roots }));
  while (stack.length) {
    const { start, into } = stack.pop()!;
    if (seen.has(start.id)) continue;
    const run: NodeRecord[] = [];
    let current: NodeRecord | undefined = start;
    let kids: NodeRecord[] = [];
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      run.push(current);
      kids = (children.get(current.id) ?? []).filter((k) => !seen.has(k.id));
      current = kids.length === 1 ? kids[0] : undefined;
      if (kids.length === 1) kids = [];
    }
    const entryChildren: OutlineEntry[] = [];
    into.push({
      id: start.id,
      lastId: run.at(-1)!.id,
      count: run.length,
      label: labelOf(run),
      startedAt: start.startedAt,
      active: onPath.has(start.id),
      children: entryChildren,
    });
    for (const kid of [...kids].reverse()) stack.push({ start: kid, into: entryChildren });
  }
  return roots;
}
