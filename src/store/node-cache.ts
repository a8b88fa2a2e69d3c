import type { NodeRecord } from './records';

/** Sessions whose nodes are kept at most (the most recently read ones). */
const MAX_SESSIONS = 4;

/**
 * The nodes of the few sessions read last, as this tab last read or wrote them, so that a
 * branch switch, a regenerate or the next question does not read every node of a long
 * session from IndexedDB again (10,000 nodes take longer to read than the rest of a branch
 * switch). Rows are replaced, never changed in place: an array handed out stays as it was.
 *
 * Correct only while every write of nodes in this tab goes through the store that owns it,
 * and the store drops a session when another tab changes it (its change feed says so).
 */
export class NodeCache {
  private readonly sessions = new Map<string, NodeRecord[]>();

  /** A copy of the cached list (the rows themselves are shared), or undefined. */
  get(sessionId: string): NodeRecord[] | undefined {
    const rows = this.sessions.get(sessionId);
    if (!rows) return undefined;
    // Most recently used last, so the oldest is the first to go.
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, rows);
    return [...rows];
  }

  set(sessionId: string, rows: readonly NodeRecord[]): void {
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, [...rows]);
    while (this.sessions.size > MAX_SESSIONS) {
      this.sessions.delete(this.sessions.keys().next().value!);
    }
  }

  /** A node was added; cached only when its session's list is. */
  added(node: NodeRecord): void {
    this.sessions.get(node.sessionId)?.push(structuredClone(node));
  }

  /** A node was changed; its cached row is replaced by the changed copy. */
  changed(id: string, patch: Partial<NodeRecord>): void {
    for (const rows of this.sessions.values()) {
      const at = rows.findIndex((row) => row.id === id);
      if (at >= 0) {
        rows[at] = { ...rows[at]!, ...structuredClone(patch) };
        return;
      }
    }
  }

  drop(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  clear(): void {
    this.sessions.clear();
  }
}
