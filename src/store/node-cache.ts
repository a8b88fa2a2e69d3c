import { copyRow } from './row-copy';
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
 * A read that a write overtook (it may have started before the write) is handed to its
 * callers but not kept.
 */
export class NodeCache {
  private readonly sessions = new Map<string, NodeRecord[]>();
  /** Reads from the database under way, by session; `stale` once a write overtook one. */
  private readonly reading = new Map<string, Read>();

  /**
   * The nodes of `sessionId`: kept ones, or those of a read under way that no write has
   * overtaken, or else what `load` reads (kept unless a write overtakes it).
   */
  async read(sessionId: string, load: () => Promise<NodeRecord[]>): Promise<NodeRecord[]> {
    const kept = this.get(sessionId);
    if (kept) return kept;
    const joined = this.pending(sessionId);
    if (joined) return [...(await joined)];
    const read: Read = { rows: load(), stale: false };
    this.reading.set(sessionId, read);
    try {
      const rows = await read.rows;
      if (!read.stale) this.set(sessionId, rows);
      return [...rows];
    } finally {
      if (this.reading.get(sessionId) === read) this.reading.delete(sessionId);
    }
  }

  /** The rows a read under way will give, unless a write has overtaken it. */
  pending(sessionId: string): Promise<readonly NodeRecord[]> | undefined {
    const read = this.reading.get(sessionId);
    return read && !read.stale ? read.rows : undefined;
  }

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
    this.overtake(node.sessionId);
    this.sessions.get(node.sessionId)?.push(copyRow(node));
  }

  /** A node was changed; its cached row is replaced by the changed copy. */
  changed(id: string, patch: Partial<NodeRecord>): void {
    for (const rows of this.sessions.values()) {
      const at = rows.findIndex((row) => row.id === id);
      if (at >= 0) {
        rows[at] = { ...rows[at]!, ...copyRow(patch) };
        return;
      }
    }
    // A node of a session not kept: it may be one being read.
    this.overtake();
  }

  drop(sessionId: string): void {
    this.overtake(sessionId);
    this.sessions.delete(sessionId);
  }

  clear(): void {
    this.overtake();
    this.sessions.clear();
  }

  /** Marks the reads under way of `sessionId` (or of every session) as overtaken by a write. */
  private overtake(sessionId?: string): void {
    for (const [id, read] of this.reading)
      if (sessionId === undefined || id === sessionId) read.stale = true;
  }
}

interface Read {
  readonly rows: Promise<NodeRecord[]>;
  stale: boolean;
}
