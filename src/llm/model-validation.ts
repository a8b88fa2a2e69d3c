import { type ModelFieldErrorCode, settingsError } from './settings-errors';
import type { ModelCapabilities, ModelConfig } from './model-capabilities';

/** The largest context window or output limit a person may type, in tokens. */
const MAX_TOKENS = 100_000_000;

/**
 * A model configuration as a person edited it, with its values checked and cleaned: the id
 * and label trimmed (a label equal to the id is dropped), empty capabilities left out.
 * Throws CoveError with a code naming the field: `model-id`, `model-context-window`,
 * `model-max-output`, `model-tool-calling` or `model-price`.
 */
export function validateModelConfig(model: ModelConfig): ModelConfig {
  const id = model.id.trim();
  if (!id) {
    throw settingsError(
      'model-id',
      'The model needs an id.',
      'Type the id the server knows it by, e.g. gpt-4o-mini or qwen3:8b.',
    );
  }
  const clean: ModelConfig = { id };
  const label = model.label?.trim();
  if (label && label !== id) clean.label = label;
  if (model.sendReasoningBack !== undefined) clean.sendReasoningBack = model.sendReasoningBack;
  const caps = model.capabilities ?? {};
  const out: Partial<ModelCapabilities> = {};
  const whole = (value: number | undefined, code: ModelFieldErrorCode, what: string) => {
    if (value === undefined) return undefined;
    if (!Number.isInteger(value) || value <= 0 || value > MAX_TOKENS) {
      throw settingsError(
        code,
        `The ${what} must be a whole number of tokens above 0.`,
        'Leave it empty to use the default.',
      );
    }
    return value;
  };
  const contextWindow = whole(caps.contextWindow, 'model-context-window', 'context window');
  if (contextWindow) out.contextWindow = contextWindow;
  const maxOutput = whole(caps.maxOutputTokens, 'model-max-output', 'maximum output');
  if (maxOutput) out.maxOutputTokens = maxOutput;
  if (contextWindow && maxOutput && maxOutput > contextWindow) {
    throw settingsError(
      'model-max-output',
      'The maximum output is larger than the context window.',
      'Output tokens count toward the window; make it smaller than the window.',
    );
  }
  if (caps.vision !== undefined) out.vision = caps.vision;
  if (caps.reasoning !== undefined) out.reasoning = caps.reasoning;
  if (caps.toolCalling !== undefined) {
    if (!['native', 'text', 'none'].includes(caps.toolCalling)) {
      throw settingsError(
        'model-tool-calling',
        'Tool calling must be native, text or none.',
        'Pick one of the three.',
      );
    }
    out.toolCalling = caps.toolCalling;
  }
  if (caps.price) {
    const { inputPerMillion, outputPerMillion, cachedInputPerMillion } = caps.price;
    const price = (value: number | undefined) =>
      value === undefined || (Number.isFinite(value) && value >= 0);
    if (
      !price(inputPerMillion) ||
      !price(outputPerMillion) ||
      !price(cachedInputPerMillion) ||
      inputPerMillion === undefined ||
      outputPerMillion === undefined
    ) {
      throw settingsError(
        'model-price',
        'Prices need both an input and an output price, in dollars per million tokens, 0 or more.',
        'Fill in both, or leave both empty when you do not know the price.',
      );
    }
    out.price = {
      inputPerMillion,
      outputPerMillion,
      ...(cachedInputPerMillion !== undefined ? { cachedInputPerMillion } : {}),
    };
  }
  if (Object.keys(out).length) clean.capabilities = out;
  return clean;
}
