import type { LlmError } from './llm-error';
import type { AssembledToolCall } from './tool-call-assembly';
import type { Usage } from './usage';

/** Why the server says generation ended, normalized over providers' spellings. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'other';

/**
 * Why this reply ended, as the agent loop and the stored node see it: the finish reason of a
 * complete reply, or `error` / `aborted` for one that failed or was stopped.
 */
export type StopReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'aborted';

/** Maps a provider's finish reason to a {@link FinishReason}. */
export function normalizeFinishReason(raw: string): FinishReason {
  switch (raw.toLowerCase()) {
    case 'stop':
    case 'end_turn':
    case 'eos':
    case 'eos_token':
    case 'stop_sequence':
      return 'stop';
    case 'length':
    case 'max_tokens':
    case 'model_length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
    case 'tool_use':
      return 'tool_calls';
    case 'content_filter':
    case 'safety':
      return 'content_filter';
    case 'error':
      return 'error';
    default:
      return 'other';
  }
}

/**
 * The stop reason of a complete reply. Tool calls win over a plain `stop`, because several
 * servers (older Ollama, llama.cpp) report `stop` after a tool call; `length` and
 * `content_filter` stay, so the agent knows the calls may be cut short.
 */
export function stopReasonOf(finishReason: FinishReason, toolCallCount: number): StopReason {
  if (finishReason === 'length' || finishReason === 'content_filter') return finishReason;
  if (toolCallCount > 0) return 'tool_calls';
  // 'tool_calls' without any call, or an unknown reason: the reply is plain text.
  return finishReason === 'error' ? 'error' : 'stop';
}

/** When things happened during one LLM call, in clock milliseconds. */
export interface ReplyTiming {
  /** When the call started (before the first attempt). */
  startedAt: number;
  /** When the first text, reasoning or tool-call delta arrived, if any did. */
  firstTokenAt?: number;
  finishedAt: number;
}

/**
 * One assistant message as the call produced it: complete on `done`, partial on `error`.
 * `toolCalls` can go back into a ChatMessage as they are.
 */
export interface AssistantReply {
  role: 'assistant';
  content: string;
  reasoning: string;
  toolCalls: AssembledToolCall[];
  stopReason: StopReason;
  /** The server's finish reason, when it sent one. */
  finishReason?: FinishReason;
  /** The finish reason as the server spelled it. */
  rawFinishReason?: string;
  usage?: Usage;
  /** The model that answered, as the server names it (routers may pick another). */
  model?: string;
  /** Set when `stopReason` is `error` or `aborted`. */
  error?: LlmError;
  timing: ReplyTiming;
  /** Requests made for this reply, retries included. */
  attempts: number;
}
