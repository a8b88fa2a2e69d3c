/** Tokens of one LLM call, provider-neutral. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens served from the provider's prompt cache (part of `inputTokens`). */
  cachedInputTokens?: number;
  /** Output tokens spent on reasoning (part of `outputTokens`). */
  reasoningTokens?: number;
  /** What the provider says the call cost, in US dollars (OpenRouter reports it). */
  cost?: number;
}

/**
 * Reads an OpenAI-style `usage` object (also DeepSeek's cache fields and OpenRouter's cost).
 * Undefined when the input and output counts are missing.
 */
export function parseUsage(raw: unknown): Usage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const usage = raw as Record<string, unknown>;
  const input = numberOr(usage['prompt_tokens'], usage['input_tokens']);
  const output = numberOr(usage['completion_tokens'], usage['output_tokens']);
  if (input === undefined || output === undefined) return undefined;
  const result: Usage = {
    inputTokens: input,
    outputTokens: output,
    totalTokens: numberOr(usage['total_tokens']) ?? input + output,
  };
  const promptDetails = usage['prompt_tokens_details'] as Record<string, unknown> | undefined;
  const cached = numberOr(promptDetails?.['cached_tokens'], usage['prompt_cache_hit_tokens']);
  if (cached !== undefined) result.cachedInputTokens = cached;
  const completionDetails = usage['completion_tokens_details'] as
    Record<string, unknown> | undefined;
  const reasoning = numberOr(completionDetails?.['reasoning_tokens']);
  if (reasoning !== undefined) result.reasoningTokens = reasoning;
  const cost = numberOr(usage['cost']);
  if (cost !== undefined) result.cost = cost;
  return result;
}

function numberOr(...values: unknown[]): number | undefined {
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}
