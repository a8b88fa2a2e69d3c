/**
 * How a model takes tools: through the API's `tools` field, through Cove's text protocol
 * (for models the server gives no native tool calling), or not at all.
 */
export type ToolCallingMode = 'native' | 'text' | 'none';

/** Prices in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /** Price of input tokens served from the provider's prompt cache, when it differs. */
  cachedInputPerMillion?: number;
}

/** What a model can do, as the context budget, the prompt and the UI need it. */
export interface ModelCapabilities {
  /** Tokens of input plus output the model accepts in one request. */
  contextWindow: number;
  /** Most tokens the model writes in one reply. */
  maxOutputTokens: number;
  /** Accepts images in user messages. */
  vision: boolean;
  /** Produces reasoning (hidden or streamed) before its answer. */
  reasoning: boolean;
  toolCalling: ToolCallingMode;
  price?: ModelPrice;
}

/**
 * Assumed for a model nobody described: a small window so the context budget compacts early
 * rather than overflowing, native tools because most OpenAI-compatible servers have them.
 */
export const DEFAULT_CAPABILITIES: Readonly<ModelCapabilities> = {
  contextWindow: 8192,
  maxOutputTokens: 4096,
  vision: false,
  reasoning: false,
  toolCalling: 'native',
};

/** A model as the user configured it under a provider. */
export interface ModelConfig {
  /** The id the server knows the model by (`gpt-4o-mini`, `qwen3:8b`). */
  id: string;
  /** A display name; the id when absent. */
  label?: string;
  /** Overrides of {@link DEFAULT_CAPABILITIES}; missing fields take the default. */
  capabilities?: Partial<ModelCapabilities>;
  /** Send earlier reasoning back as `reasoning_content`; the preset decides when absent. */
  sendReasoningBack?: boolean;
}

/** Capabilities with every field filled: the defaults overlaid by what is known. */
export function resolveCapabilities(
  ...known: (Partial<ModelCapabilities> | undefined)[]
): ModelCapabilities {
  const result: ModelCapabilities = { ...DEFAULT_CAPABILITIES };
  for (const part of known) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) {
      if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return result;
}

/**
 * Cost in US dollars of a call with these token counts, or undefined when the price is not
 * known. Cached input tokens are a subset of `inputTokens`.
 */
export function estimateCost(
  price: ModelPrice | undefined,
  tokens: { inputTokens: number; outputTokens: number; cachedInputTokens?: number },
): number | undefined {
  if (!price) return undefined;
  const cached = Math.min(tokens.cachedInputTokens ?? 0, tokens.inputTokens);
  const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion;
  return (
    ((tokens.inputTokens - cached) * price.inputPerMillion +
      cached * cachedPrice +
      tokens.outputTokens * price.outputPerMillion) /
    1_000_000
  );
}
