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
    throw settingsError('model-id');
  }
  const clean: ModelConfig = { id };
  const label = model.label?.trim();
  if (label && label !== id) clean.label = label;
  if (model.sendReasoningBack !== undefined) clean.sendReasoningBack = model.sendReasoningBack;
  const caps = model.capabilities ?? {};
  const out: Partial<ModelCapabilities> = {};
  const whole = (value: number | undefined, code: ModelFieldErrorCode) => {
    if (value === undefined) return undefined;
    if (!Number.isInteger(value) || value <= 0 || value > MAX_TOKENS) {
      throw settingsError(code, { reason: 'not-whole' });
    }
    return value;
  };
  const contextWindow = whole(caps.contextWindow, 'model-context-window');
  if (contextWindow) out.contextWindow = contextWindow;
  const maxOutput = whole(caps.maxOutputTokens, 'model-max-output');
  if (maxOutput) out.maxOutputTokens = maxOutput;
  if (contextWindow && maxOutput && maxOutput > contextWindow) {
    throw settingsError('model-max-output', { reason: 'over-window' });
  }
  if (caps.vision !== undefined) out.vision = caps.vision;
  if (caps.reasoning !== undefined) out.reasoning = caps.reasoning;
  if (caps.toolCalling !== undefined) {
    if (!['native', 'text', 'none'].includes(caps.toolCalling)) {
      throw settingsError('model-tool-calling');
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
      throw settingsError('model-price');
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
