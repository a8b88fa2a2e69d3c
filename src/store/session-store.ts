import type { NodeOutline } from './node-outline';
import type { NodeRecord, SessionRecord } from './records';

/** A conversation as opening it needs it: its tree without bodies, and the active path. */
export interface OpenedSession {
  readonly session: SessionRecord | undefined;
  /** Every node of the session, without bodies, in no particular order. */
  readonly outline: readonly NodeOutline[];
  /** The nodes from a root to the session's leaf, root first, with their bodies. */
  readonly path: readonly NodeRecord[];
}

/**
 * Sessions and their message trees. Writes that belong together are one transaction:
 * appending a node also moves the session's leaf to it (invariant 4).
 */
export interface SessionStore {
  /** Sessions of a workspace, most recently updated first. */
  list(workspaceId: string): Promise<SessionRecord[]>;
  get(id: string): Promise<SessionRecord | undefined>;
  put(session: SessionRecord): Promise<void>;
  /** Changes some fields of a session; missing sessions are ignored. */
  update(id: string, patch: Partial<Omit<SessionRecord, 'id'>>): Promise<void>;
  /** Removes the session and all its nodes. */
  delete(id: string): Promise<void>;
  /** Every node of a session, in no particular order. */
  nodes(sessionId: string): Promise<NodeRecord[]>;
  /**
   * The session, its tree and the bodies of its active path only: what showing a
   * conversation needs, without reading every message of a long one.
   */
  open(sessionId: string): Promise<OpenedSession>;
  /** Stores a new node and makes it the session's leaf, in one transaction. */
  append(node: NodeRecord, updatedAt: number): Promise<void>;
  /** Rewrites part of a node (a growing reply, its final status). */
  updateNode(id: string, patch: Partial<Omit<NodeRecord, 'id' | 'sessionId'>>): Promise<void>;
  /** Nodes still marked streaming, across all sessions (for recovery after a crash). */
  streamingNodes(): Promise<NodeRecord[]>;
  /**
   * Stores a whole session with its nodes in one transaction (an import, a fork, a
   * duplicate, the undo of a delete). Throws CoveError `exists` when the session or any of
   * the nodes is already stored; then nothing is written.
   */
  insert(session: SessionRecord, nodes: readonly NodeRecord[]): Promise<void>;
  /**
   * Removes nodes of a session (a deleted branch) and moves its leaf to `leafId`, in one
   * transaction. Ids of other sessions are ignored.
   */
  removeNodes(sessionId: string, ids: readonly string[], leafId: string | null): Promise<void>;
  /**
   * Ids of the workspace's sessions whose title or any message contains `query`
   * (case-insensitive), most recently updated first. Messages are read one at a time and
   * each session stops at its first match, so no session's messages are held at once.
   */
  search(workspaceId: string, query: string): Promise<string[]>;
}
