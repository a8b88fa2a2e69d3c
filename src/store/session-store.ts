import type { NodeRecord, SessionRecord } from './records';

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
  /** Stores a new node and makes it the session's leaf, in one transaction. */
  append(node: NodeRecord, updatedAt: number): Promise<void>;
  /** Rewrites part of a node (a growing reply, its final status). */
  updateNode(id: string, patch: Partial<Omit<NodeRecord, 'id' | 'sessionId'>>): Promise<void>;
  /** Nodes still marked streaming, across all sessions (for recovery after a crash). */
  streamingNodes(): Promise<NodeRecord[]>;
}
