/**
 * The context budget of one request: how the model's window divides between the reply,
 * the frame every request carries (system prompt, tool definitions) and the conversation.
 * The engine checks the conversation against it before each request; what does not fit is
 * compacted, and what cannot be made to fit is refused with this module's error, never cut
 * silently (docs/RELIABILITY.md, invariant 17: nothing is silently left out of what the
 * model sees).
 */
import type { CoveError } from '../base/errors';
import type { ChatMessage, ToolSpec } from '../llm/chat-message';
import type { ModelCapabilities } from '../llm/model-capabilities';
import { agentError, type AgentErrorCode } from './agent-errors';
import { estimateTokens } from './token-estimate';

/** Message framing, role markers and rounding, per request. */
const FRAMING_TOKENS = 256;
/** Per message: the role and the separators around it. */
const MESSAGE_FRAMING_TOKENS = 4;
/** A picture as a vision model counts it (a high-detail tile of OpenAI's pricing). */
export const IMAGE_TOKENS = 765;

/** What a request carries whatever the conversation. */
export interface RequestFrame {
  /** The whole system prompt as sent. */
  system: string;
  /** The tool definitions as sent (the API's `tools` field); none when not offered. */
  tools?: readonly ToolSpec[];
}

/** How one request's window is shared, in tokens. */
export interface ContextBudget {
  window: number;
  /** Kept free for the reply. */
  reply: number;
  /** The system prompt and the tool definitions. */
  frame: number;
  /** How many tool definitions the frame holds (for the refusal's advice). */
  toolCount: number;
  /** What is left for the conversation; zero or less when the frame alone fills it. */
  history: number;
}

/** Estimated tokens of one message as a request carries it. */
export function messageTokens(message: ChatMessage): number {
  let tokens = MESSAGE_FRAMING_TOKENS;
  if (typeof message.content === 'string') tokens += estimateTokens(message.content);
  else {
    for (const part of message.content) {
      tokens += part.type === 'text' ? estimateTokens(part.text) : IMAGE_TOKENS;
    }
  }
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      tokens += estimateTokens(call.name + call.arguments);
    }
  }
  return tokens;
}

/** Estimated tokens of a conversation. */
export function historyTokens(history: readonly ChatMessage[]): number {
  return history.reduce((sum, message) => sum + messageTokens(message), 0);
}

/** Estimated tokens of the frame: the system prompt and the tool definitions as JSON. */
export function frameTokens(frame: RequestFrame): number {
  const tools = frame.tools?.length ? estimateTokens(JSON.stringify(frame.tools)) : 0;
  return estimateTokens(frame.system) + tools + FRAMING_TOKENS;
}

/**
 * The room kept for the reply: the person's output limit when set (never above the
 * model's), else the model's limit up to a quarter of the window, since a provider that
 * gets no `max_tokens` only needs room for what the reply really says.
 */
export function replyTokens(capabilities: ModelCapabilities, maxTokensSetting?: number): number {
  if (maxTokensSetting !== undefined) {
    return Math.min(maxTokensSetting, capabilities.maxOutputTokens);
  }
  return Math.min(capabilities.maxOutputTokens, Math.floor(capabilities.contextWindow / 4));
}

export function contextBudget(
  capabilities: ModelCapabilities,
  frame: RequestFrame,
  maxTokensSetting?: number,
): ContextBudget {
  const reply = replyTokens(capabilities, maxTokensSetting);
  const frameSize = frameTokens(frame);
  return {
    window: capabilities.contextWindow,
    reply,
    frame: frameSize,
    toolCount: frame.tools?.length ?? 0,
    history: capabilities.contextWindow - reply - frameSize,
  };
}

/** True when `history` fits the budget's room for the conversation. */
export function fitsBudget(history: readonly ChatMessage[], budget: ContextBudget): boolean {
  return historyTokens(history) <= budget.history;
}

/**
 * Why a request was not sent: even after compacting, the conversation it must carry
 * (`needed` tokens: the summary, the question and what the run produced since) does not
 * fit the room the budget leaves. Says what takes the window and what to change.
 */
export function contextTooSmall(budget: ContextBudget, needed: number): CoveError<AgentErrorCode> {
  // Too little room even for a short conversation: the frame is what to shrink. Otherwise
  // the latest message and what followed it are what does not fit.
  const noRoom = budget.history < needed && budget.history <= budget.window / 8;
  return agentError('context-too-small', {
    variant: noRoom ? 'no-room' : 'tail',
    needed,
    history: budget.history,
    frame: budget.frame,
    window: budget.window,
    reply: budget.reply,
    toolCount: budget.toolCount,
  });
}
