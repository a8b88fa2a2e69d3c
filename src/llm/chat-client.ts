import type { ChatMessage, ToolSpec } from './chat-message';
import type { LlmEvent } from './llm-events';
import type { ProviderConfig } from './provider-config';

/** One streamed chat completion, as the agent loop and the chat UI ask for it. */
export interface ChatRequest {
  provider: ProviderConfig;
  model: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'none' | 'required';
  /** Output limit in tokens; sent under the preset's parameter name. */
  maxOutputTokens?: number;
  temperature?: number;
  /** Overrides the model's setting (resolveModelSettings) for this request. */
  sendReasoningBack?: boolean;
  /** Overrides the model's vision capability for this request. */
  vision?: boolean;
  /** Overrides the provider's stall timeout, in milliseconds. */
  stallTimeoutMs?: number;
  /**
   * Provider-specific body fields (`reasoning_effort`, `thinking`, OpenRouter's `provider`).
   * They cannot replace the fields Cove sets (model, messages, stream, tools…).
   */
  extraBody?: Record<string, unknown>;
  /** Stops the call, including a retry wait; the stream then ends with `aborted`. */
  signal?: AbortSignal;
}

/**
 * The LLM as the rest of Cove sees it. Contract of `stream`: it never throws and never
 * rejects; it yields the events of one call (see LlmEvent) and always ends with exactly one
 * `done` or `error` event. Breaking out of the iteration aborts the request.
 * Implementations: makeOpenAIChatClient (HTTP) and makeScriptedChatClient (in memory).
 */
export interface ChatClient {
  stream(request: ChatRequest): AsyncIterable<LlmEvent>;
}
