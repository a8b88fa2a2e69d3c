import { LlmError, type LlmErrorKind } from './llm-error';
import { crossesIntoLocalNetwork, hostLocality, isMixedContent } from './network-locality';
import { getPreset } from './provider-presets';
import { redactSecret } from './redact-secret';

/** What the failure messages may mention about the request that failed. */
export interface FailureContext {
  baseURL: string;
  /** The provider's preset, for preset-specific advice (CORS settings, key pages). */
  presetId?: string;
  /** Only used to scrub the key out of every text that ends up in the error. */
  apiKey?: string;
  /** Origin of the page Cove runs in (`location.origin`), for CORS and local-network advice. */
  pageOrigin?: string;
}

/** Facts about one failure that shape its message. */
export interface FailureFacts {
  status?: number;
  /** The provider's own explanation; redacted before use. */
  detail?: string;
  retryAfterMs?: number;
  /** For `timeout`: the stall timeout that ran out. */
  stallTimeoutMs?: number;
  /** For `connection`: the connection broke after the reply had started. */
  midStream?: boolean;
  /** For `server-error` without a status: what was wrong with the stream. */
  streamProblem?: 'malformed' | 'error_finish' | 'error_chunk';
  /** For `key-origin`: where the key is bound, and where it would go. */
  keyOrigin?: string;
  targetOrigin?: string;
  /** For `internal`: the unexpected error's message. */
  internalMessage?: string;
}

/**
 * Builds the {@link LlmError} of a kind from what is known about the failure. The error is
 * data: its params name the host, the status, the provider's words and the facts that pick
 * the advice (a local server, mixed content, a key page); the sentences are the catalog's
 * (src/app/messages/llm-messages.ts). Every text param passes through the key redaction,
 * so an echoed key never reaches the error.
 */
export function makeFailure(
  kind: LlmErrorKind,
  context: FailureContext,
  facts: FailureFacts = {},
): LlmError {
  const clean = (text: string) => redactSecret(text, context.apiKey);
  const detail = facts.detail ? clean(facts.detail) : undefined;
  const preset = getPreset(context.presetId);
  const params: Record<string, string | number | boolean> = { host: hostOf(context.baseURL) };
  const put = (key: string, value: string | number | boolean | undefined) => {
    if (value !== undefined && value !== false) params[key] = value;
  };
  put('status', facts.status);
  put('detail', detail);
  put('retryAfterMs', facts.retryAfterMs);
  put('stallTimeoutMs', facts.stallTimeoutMs);
  put('midStream', facts.midStream);
  put('streamProblem', facts.streamProblem);
  put('keyOrigin', facts.keyOrigin);
  put('targetOrigin', facts.targetOrigin);
  put('internalMessage', facts.internalMessage && clean(facts.internalMessage));
  put('keyPage', preset.keyPage);
  put('presetId', context.presetId);
  put('pageOrigin', context.pageOrigin);
  put('localPreset', preset.local);
  put('localHost', preset.local || hostLocality(context.baseURL) !== 'public');
  put('mixedContent', isMixedContent(context.pageOrigin, context.baseURL));
  put('localNetwork', crossesIntoLocalNetwork(context.pageOrigin, context.baseURL));
  return new LlmError(kind, params, {
    ...(facts.status !== undefined ? { status: facts.status } : {}),
    ...(facts.retryAfterMs !== undefined ? { retryAfterMs: facts.retryAfterMs } : {}),
    ...(detail ? { detail } : {}),
  });
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL; // the catalog says “the server” for an empty one
  }
}
