import { CoveError, type ErrorParams } from '../base/errors';

/**
 * The codes of the errors the session engine and the agent layer raise, stored replies and
 * run ends included. An array, so the catalog's test can walk them (src/app/messages/): a
 * code added here without wording fails that test and the catalog's type.
 */
export const AGENT_ERROR_CODES = [
  /** Even compacted, the conversation does not fit the model's window with its frame. */
  'context-too-small',
  /** The summary a compaction asked for failed or was empty; nothing was changed. */
  'compaction-failed',
  /** Stop ended a compaction before its summary arrived; nothing was changed. */
  'compaction-stopped',
  /** A conversation title that is only spaces. */
  'bad-title',
  /** A session export that cannot be imported; `variant` names why (session-import.ts). */
  'bad-import',
  /** Settings → Agent: a tool-result cap or step limit out of range. */
  'agent-result-cap',
  'agent-max-steps',
  /** Cove itself failed while answering (a bug or a failed write). Shared with the llm. */
  'internal',
  /** A run's end: the model's window overflowed and compacting did not cure it. */
  'context-overflow',
  /** A run's end: the model request failed for good; its llm error says why. */
  'llm',
  /** A tool call's stored result: it failed, its arguments were invalid, or it was rejected. */
  'tool-error',
  'tool-invalid',
  'rejected',
  /** A file the composer would not attach; `limit` names the limit (attachment-limits.ts). */
  'attachment-refused',
] as const;

/** One of {@link AGENT_ERROR_CODES}. */
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

/** An agent-layer error: its code and the parameters of its wording (see the catalog). */
export function agentError(
  code: AgentErrorCode,
  params: ErrorParams = {},
  options?: { cause?: unknown },
): CoveError<AgentErrorCode> {
  return new CoveError(code, params, options);
}
