import { keySendDecision } from './key-binding';
import { LlmError } from './llm-error';
import { makeFailure, type FailureContext } from './llm-failures';
import { apiKeyProblem, normalizeBaseURL, type ProviderConfig } from './provider-config';
import { getPreset } from './provider-presets';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7E]*$/;

/**
 * Checks a provider before anything is sent, so that configuration mistakes get their own
 * message instead of surfacing as a network failure: a bad base URL or extra header, a
 * missing or unsendable key, a key bound to another origin (`key-origin`). Returns the
 * error, or undefined when requests may go.
 */
export function checkProviderReady(
  provider: ProviderConfig,
  context: FailureContext,
): LlmError | undefined {
  const base = normalizeBaseURL(provider.baseURL);
  if (!base.ok) return new LlmError('bad-request', { reason: 'config', problem: base.problem });
  for (const [name, value] of Object.entries(provider.headers ?? {})) {
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value)) {
      return new LlmError('bad-request', { reason: 'bad-header', header: name });
    }
  }
  const preset = getPreset(provider.presetId);
  if (!provider.apiKey) {
    return preset.key === 'required' ? makeFailure('auth', context) : undefined;
  }
  const keyProblem = apiKeyProblem(provider.apiKey);
  if (keyProblem) return makeFailure('auth', context, { detail: keyProblem });
  const decision = keySendDecision(provider);
  if (decision.status === 'needs_confirmation') {
    return makeFailure('key-origin', context, {
      ...(decision.keyOrigin ? { keyOrigin: decision.keyOrigin } : {}),
      targetOrigin: decision.targetOrigin,
    });
  }
  if (decision.status === 'invalid_url') return new LlmError('bad-request', { reason: 'bad-url' });
  return undefined;
}
