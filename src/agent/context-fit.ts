/**
 * The conversation a request carries, fitted to the model's window before it is sent: the
 * whole active path after its last compaction, compacted first when it nearly fills the
 * window or does not fit beside the request's frame (system prompt, tool definitions) and
 * the reply's room. What still does not fit is refused with a reason, never cut: a turn left
 * out of the request is a turn the person believes the model read.
 */
import { describeError, type CoveError } from '../base/errors';
import type { ChatMessage } from '../llm/chat-message';
import type { NodeRecord, StoredError } from '../store/records';
import { toStoredError } from '../store/stored-error';
import { agentError, type AgentErrorCode } from './agent-errors';
import { autoCompactLimit, keptTokens, prepareCompaction } from './compaction-run';
import {
  contextBudget,
  contextTooSmall,
  fitsBudget,
  historyTokens,
  type RequestFrame,
} from './context-budget';
import { pathToMessages } from './context-builder';
import { estimateContext, piecesOfPath } from './context-estimate';
import { modelLimits, type EngineCore } from './engine-core';
import type { ReplyModel } from './session-engine-types';
import { activePath } from './session-tree';

/** Longest summary a compaction asks for, in tokens. */
const SUMMARY_TOKENS = 2_000;

export interface CompactAtInput {
  sessionId: string;
  /** The active path to compact, root first; the compaction node is appended at its end. */
  path: readonly NodeRecord[];
  model: ReplyModel;
  /** Compact even when the context is under the automatic limit. */
  force: boolean;
  automatic: boolean;
  focus?: string;
  /** Nodes at the end kept verbatim whatever their size (1 keeps the question). */
  minKept: number;
  keepLastQuestion?: boolean;
  /** Tokens of the request's frame (system prompt, tool definitions). */
  frameTokens: number;
  /** Room for the conversation, when the frame leaves less than the usual share. */
  historyRoom?: number;
  signal: AbortSignal;
}

/**
 * Compacts `input.path` when it is over the limit (or `force`), holding the session's lock
 * already; appends and returns the compaction node. Throws when the summary failed or was
 * stopped (nothing is written then).
 */
export async function compactAt(
  core: EngineCore,
  input: CompactAtInput,
): Promise<NodeRecord | undefined> {
  const settings = core.deps.settings();
  const { capabilities, maxOutputTokens } = modelLimits(input.model, settings.maxTokens);
  const limit = autoCompactLimit(capabilities, maxOutputTokens);
  // The kept tail and the summary share the room the frame leaves.
  const room = input.historyRoom;
  const node = await prepareCompaction(
    { client: core.deps.client, clock: core.deps.clock, newId: core.newId },
    {
      sessionId: input.sessionId,
      path: input.path,
      model: { ...input.model, capabilities, maxOutputTokens },
      automatic: input.automatic,
      force: input.force,
      minKept: input.minKept,
      ...(input.keepLastQuestion ? { keepLastQuestion: true } : {}),
      overheadTokens: input.frameTokens,
      ...(room !== undefined
        ? {
            keepTokens: Math.max(1, Math.min(keptTokens(limit), Math.floor(room / 2))),
            summaryTokens: Math.max(64, Math.min(SUMMARY_TOKENS, Math.floor(room / 3))),
          }
        : {}),
      ...(input.focus ? { focus: input.focus } : {}),
      signal: input.signal,
    },
  );
  if (node) await core.append(node);
  return node;
}

export interface FitRequest {
  sessionId: string;
  /** The node the request answers from: its question, or the leaf a run goes on from. */
  fromId: string;
  model: ReplyModel;
  frame: RequestFrame;
  /** The model sees pictures (else they are replaced by a note). */
  vision: boolean;
  /** Nodes at the end kept verbatim when compacting (1 keeps the question). */
  minKept: number;
  keepLastQuestion?: boolean;
  /** The provider said the last request overflowed: compact whatever the estimate says. */
  force?: boolean;
  signal: AbortSignal;
  /** The session's nodes when the caller has just read them (saves reading them again). */
  nodes?: readonly NodeRecord[];
  /** The active path up to `fromId` when the caller has just walked it (saves a second walk). */
  path?: readonly NodeRecord[];
}

/** Why a request was not sent, as a reply stores it and a run's end tells it. */
export interface RefusalError extends StoredError {
  code: AgentErrorCode;
}

export type FitResult =
  | { status: 'fits'; fromId: string; history: ChatMessage[] }
  | { status: 'refused'; fromId: string; error: RefusalError }
  | { status: 'stopped'; fromId: string };

const stored = (error: CoveError<AgentErrorCode>): RefusalError => ({
  ...toStoredError(error),
  code: error.code,
});

/**
 * The conversation for a request from `request.fromId`, compacted first when needed (see
 * the module comment); `fromId` of the result is the node to answer under (the compaction
 * node when one was appended).
 */
export async function fitContext(core: EngineCore, request: FitRequest): Promise<FitResult> {
  const { sessionId, signal } = request;
  const settings = core.deps.settings();
  const { capabilities, maxOutputTokens } = modelLimits(request.model, settings.maxTokens);
  const budget = contextBudget(capabilities, request.frame, settings.maxTokens);
  void core.emit({ type: 'context_fitted', sessionId, budget });
  const options = { vision: request.vision };
  let fromId = request.fromId;
  let path =
    request.path ??
    activePath(request.nodes ?? (await core.deps.sessions.nodes(sessionId)), fromId);
  let history = pathToMessages(path, options);
  let fits = fitsBudget(history, budget);
  const limit = autoCompactLimit(capabilities, maxOutputTokens);
  const nearlyFull = estimateContext(piecesOfPath(path), budget.frame).tokens > limit;
  if ((request.force || !fits || nearlyFull) && budget.history > 0) {
    core.setActivity(sessionId, 'compacting');
    try {
      const node = await compactAt(core, {
        sessionId,
        path,
        model: request.model,
        force: Boolean(request.force) || !fits,
        automatic: true,
        minKept: request.minKept,
        ...(request.keepLastQuestion ? { keepLastQuestion: true } : {}),
        frameTokens: budget.frame,
        historyRoom: budget.history,
        signal,
      });
      if (node) {
        fromId = node.id;
        path = [...path, node];
        history = pathToMessages(path, options);
        fits = fitsBudget(history, budget);
      }
    } catch (failure) {
      if (signal.aborted) return { status: 'stopped', fromId };
      if (!fits) {
        return {
          status: 'refused',
          fromId,
          error: stored(
            agentError('compaction-failed', { reason: 'no-fit', detail: describeError(failure) }),
          ),
        };
      }
      // It still fits whole: send it as it is, and say in the log why it was not shortened.
      core.problem(failure, 'The automatic compaction failed; the conversation was sent whole');
    } finally {
      core.setActivity(sessionId, 'answering');
    }
  }
  if (signal.aborted) return { status: 'stopped', fromId };
  if (!fits) {
    return {
      status: 'refused',
      fromId,
      error: stored(contextTooSmall(budget, historyTokens(history))),
    };
  }
  return { status: 'fits', fromId, history };
}
