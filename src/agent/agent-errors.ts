import { CoveError } from '../base/errors';

/**
 * The codes of the errors the session engine and the agent layer raise. Stored replies and
 * run ends carry them, and the UI words them, so a renamed code breaks the build.
 */
export type AgentErrorCode =
  /** Even compacted, the conversation does not fit the model's window with its frame. */
  | 'context-too-small'
  /** The summary a compaction asked for failed or was empty; nothing was changed. */
  | 'compaction-failed'
  /** Stop ended a compaction before its summary arrived; nothing was changed. */
  | 'compaction-stopped'
  /** A conversation title that is only spaces. */
  | 'bad-name'
  /** Cove itself failed while answering (a bug or a failed write). */
  | 'internal';

/** An agent-layer error: what happened, what to do, and its code. */
export function agentError(
  code: AgentErrorCode,
  message: string,
  hint: string,
): CoveError<AgentErrorCode> {
  return new CoveError(code, message, hint);
}
