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
  /** For `server_error` without a status: what was wrong with the stream. */
  streamProblem?: 'malformed' | 'error_finish' | 'error_chunk';
  /** For `key_origin`: where the key is bound, and where it would go. */
  keyOrigin?: string;
  targetOrigin?: string;
  /** For `internal`: the unexpected error's message. */
  internalMessage?: string;
}

/**
 * Builds the user-facing {@link LlmError} of a kind: what happened (with the status and the
 * provider's words where they help) and the next step. Every text passes through the key
 * redaction, so an echoed key never reaches the error.
 */
export function makeFailure(
  kind: LlmErrorKind,
  context: FailureContext,
  facts: FailureFacts = {},
): LlmError {
  const clean = (text: string) => redactSecret(text, context.apiKey);
  const detail = facts.detail ? clean(facts.detail) : undefined;
  const { message, hint } = describe(kind, context, { ...facts, detail });
  return new LlmError({
    kind,
    message: clean(message),
    hint: clean(hint),
    ...(facts.status !== undefined ? { status: facts.status } : {}),
    ...(facts.retryAfterMs !== undefined ? { retryAfterMs: facts.retryAfterMs } : {}),
    ...(detail ? { detail } : {}),
  });
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL || 'the server';
  }
}

function withStatus(text: string, status: number | undefined): string {
  return status === undefined ? text : `${text} (HTTP ${status})`;
}

function saying(detail: string | undefined): string {
  return detail ? `: ${detail}` : '.';
}

function seconds(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

function describe(
  kind: LlmErrorKind,
  context: FailureContext,
  facts: FailureFacts,
): { message: string; hint: string } {
  const host = hostOf(context.baseURL);
  const preset = getPreset(context.presetId);
  switch (kind) {
    case 'auth':
      if (facts.status === 403) {
        return {
          message: withStatus(`${host} refused access`, 403) + saying(facts.detail),
          hint: 'Check that this key may use this model, and that your account and region have access to it.',
        };
      }
      if (facts.status === undefined) {
        return {
          message: facts.detail ?? `No API key is set for ${host}.`,
          hint: preset.keyPage
            ? `Paste your key in Settings → Providers (get one at ${preset.keyPage}).`
            : 'Paste your key in Settings → Providers.',
        };
      }
      return {
        message: withStatus(`${host} rejected the API key`, facts.status) + saying(facts.detail),
        hint: preset.keyPage
          ? `Check the key in Settings → Providers, or create a new one at ${preset.keyPage}.`
          : 'Check the key in Settings → Providers; for a local server, check the key it was started with.',
      };
    case 'rate_limit':
      return {
        message:
          withStatus(`${host} is rate-limiting requests`, facts.status) + saying(facts.detail),
        hint:
          facts.retryAfterMs !== undefined
            ? `Retry in ${seconds(facts.retryAfterMs)}.`
            : 'Wait a little and retry; a higher usage tier or another model raises the limit.',
      };
    case 'quota':
      return {
        message:
          withStatus(`Your account at ${host} has no credit or quota left`, facts.status) +
          saying(facts.detail),
        hint: "Add credit or raise the spending limit on the provider's billing page, or switch to another provider.",
      };
    case 'context_overflow':
      return {
        message:
          withStatus("The conversation is longer than the model's context window", facts.status) +
          saying(facts.detail),
        hint: 'Compact the conversation, start a new session, or pick a model with a larger context window.',
      };
    case 'bad_request':
      if (facts.status === 404) {
        return {
          message: withStatus(`${host} has no such endpoint or model`, 404) + saying(facts.detail),
          hint: 'Check the base URL (it usually ends in /v1) and the model name.',
        };
      }
      return {
        message: withStatus(`${host} refused the request`, facts.status) + saying(facts.detail),
        hint: "Check the model name and the model's settings: turn off tools or images if the model does not support them.",
      };
    case 'server_error':
      if (facts.streamProblem === 'malformed') {
        return {
          message: `${host} sent a reply Cove could not read (malformed stream data).`,
          hint: 'Retry; if it keeps happening, the server is not fully OpenAI-compatible.',
        };
      }
      if (facts.status === undefined) {
        return {
          message: `${host} reported an error during the reply` + saying(facts.detail),
          hint: "Retry in a moment; if it persists, try another model or check the provider's status page.",
        };
      }
      return {
        message: withStatus(`${host} had an internal error`, facts.status) + saying(facts.detail),
        hint: "Retry in a moment; if it persists, check the provider's status page.",
      };
    case 'overloaded':
      return {
        message: withStatus(`${host} is overloaded`, facts.status) + saying(facts.detail),
        hint: 'Retry in a moment, or switch to another model or provider.',
      };
    case 'timeout':
      if (facts.stallTimeoutMs !== undefined) {
        return {
          message: `No data arrived from ${host} for ${seconds(facts.stallTimeoutMs)}.`,
          hint: preset.local
            ? 'Retry; a local model may need longer for a long prompt: raise the stall timeout in the provider settings.'
            : 'Retry; if the model is slow to start, raise the stall timeout in the provider settings.',
        };
      }
      return {
        message: withStatus(`${host} timed out`, facts.status) + saying(facts.detail),
        hint: 'Retry in a moment.',
      };
    case 'connection':
      if (facts.midStream) {
        return {
          message: `The connection to ${host} broke before the reply was complete.`,
          hint: 'Retry; check your network connection if it happens again.',
        };
      }
      return {
        message: `Cannot reach ${host}.`,
        hint: connectionHint(context, host, preset.local),
      };
    case 'cors':
      return {
        message: `${host} answered, but its CORS settings do not allow requests from this page.`,
        hint: [
          preset.corsHint(context.pageOrigin ?? 'this page’s origin'),
          localNetworkHint(context),
        ]
          .filter(Boolean)
          .join(' '),
      };
    case 'aborted':
      return { message: 'Stopped.', hint: 'Send again or regenerate to continue.' };
    case 'key_origin':
      return {
        message:
          `The API key was saved for ${facts.keyOrigin ?? 'another address'}, but the provider now ` +
          `points at ${facts.targetOrigin ?? host}, so Cove did not send it.`,
        hint: `Confirm in Settings → Providers that the key may be sent to ${facts.targetOrigin ?? host}, or enter a new key.`,
      };
    case 'internal':
      return {
        message: `Something went wrong inside Cove while talking to ${host}: ${facts.internalMessage ?? 'unknown error'}.`,
        hint: 'Retry; if it happens again, please report it.',
      };
  }
}

function connectionHint(context: FailureContext, host: string, localPreset: boolean): string {
  const parts: string[] = [];
  if (isMixedContent(context.pageOrigin, context.baseURL)) {
    parts.push(
      `This page is served over https, so the browser blocks plain http:// to ${host}: serve the API over https, or use localhost.`,
    );
  } else if (localPreset || hostLocality(context.baseURL) !== 'public') {
    parts.push(
      `Check that the server at ${host} is running and that the base URL (host and port) is right.`,
    );
  } else {
    parts.push('Check your internet connection and the base URL.');
  }
  const lna = localNetworkHint(context);
  if (lna) parts.push(lna);
  return parts.join(' ');
}

function localNetworkHint(context: FailureContext): string {
  if (!crossesIntoLocalNetwork(context.pageOrigin, context.baseURL)) return '';
  return 'Chrome asks for permission before a public page may reach your local network: allow "Local network access" for this site (site settings, lock icon in the address bar).';
}
