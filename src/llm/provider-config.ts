import {
  resolveCapabilities,
  type ModelCapabilities,
  type ModelConfig,
} from './model-capabilities';
import { getPreset, type ProviderPresetId } from './provider-presets';

/**
 * One provider as the user configured it; what settings store and export. The key is bound
 * to `keyOrigin` (see key-binding.ts): it is sent nowhere else without the user's consent.
 */
export interface ProviderConfig {
  /** Stable id, unique among the user's providers. */
  id: string;
  name: string;
  presetId: ProviderPresetId;
  /** Normalized with {@link normalizeBaseURL}: no trailing slash, no `/chat/completions`. */
  baseURL: string;
  /** Normalized with {@link normalizeApiKey}; absent or empty for servers without keys. */
  apiKey?: string;
  /** Origin of the base URL the key was entered or confirmed for. */
  keyOrigin?: string;
  /** Extra request headers (e.g. OpenRouter's X-Title). Not the place for secrets. */
  headers?: Record<string, string>;
  /**
   * Learned: false once the server rejected `stream_options`, so requests stop sending it.
   * Undefined means "try it".
   */
  supportsStreamOptions?: boolean;
  /** Overrides the preset's stall timeout, in milliseconds. */
  stallTimeoutMs?: number;
  models?: ModelConfig[];
}

/**
 * The key as it should be sent. Pasted keys often carry spaces, line breaks, zero-width
 * characters, quotes from a .env file or a leading "Bearer "; bearer tokens never contain any
 * of these, so all are removed.
 */
export function normalizeApiKey(raw: string): string {
  let key = raw.replace(/[\s\u200B-\u200D\u2060\uFEFF]+/g, ' ').trim();
  const quoted = /^(["'`])(.*)\1$/.exec(key);
  if (quoted) key = quoted[2]!.trim();
  key = key.replace(/^bearer\s+/i, '');
  return key.replace(/\s+/g, '');
}

/**
 * Why this (normalized) key cannot go into an HTTP header, or undefined when it can. Headers
 * carry only visible ASCII; anything else makes fetch fail with an error that looks like a
 * network failure, so it is caught here instead.
 */
export function apiKeyProblem(key: string): string | undefined {
  if (/[^\x21-\x7E]/.test(key)) {
    return 'The API key contains characters that are not plain ASCII. Copy it again from the provider.';
  }
  return undefined;
}

/** The result of {@link normalizeBaseURL}. */
export type BaseURLCheck = { ok: true; url: string } | { ok: false; problem: string };

/**
 * Normalizes a base URL typed by the user: trims it, drops trailing slashes and a pasted
 * `/chat/completions` suffix. Refuses what would break requests or leak secrets: no
 * http(s) scheme, credentials, a query string or a fragment.
 */
export function normalizeBaseURL(raw: string): BaseURLCheck {
  const input = raw.trim();
  if (!/^https?:\/\//i.test(input)) {
    return { ok: false, problem: 'The base URL must start with http:// or https://.' };
  }
  let parsed: URL;
  try {
    parsed = new URL(input);
  } catch {
    return { ok: false, problem: 'The base URL is not a valid URL.' };
  }
  if (parsed.username || parsed.password) {
    return {
      ok: false,
      problem: 'Remove the user name and password from the URL; put the key in the key field.',
    };
  }
  if (parsed.search || parsed.hash) {
    return { ok: false, problem: 'Remove the part after ? or # from the base URL.' };
  }
  let path = parsed.pathname.replace(/\/+$/, '');
  path = path.replace(/\/chat\/completions$/i, '');
  return { ok: true, url: `${parsed.origin}${path}` };
}

/** Everything a request needs to know about one model of one provider. */
export interface ResolvedModelSettings {
  capabilities: ModelCapabilities;
  sendReasoningBack: boolean;
  maxTokensParam: 'max_tokens' | 'max_completion_tokens';
  stallTimeoutMs: number;
}

/**
 * Settings for `modelId` under `provider`: the model's own config over the preset's
 * defaults. A model the provider does not list gets the defaults.
 */
export function resolveModelSettings(
  provider: ProviderConfig,
  modelId: string,
): ResolvedModelSettings {
  const preset = getPreset(provider.presetId);
  const model = provider.models?.find((candidate) => candidate.id === modelId);
  return {
    capabilities: resolveCapabilities(model?.capabilities),
    sendReasoningBack: model?.sendReasoningBack ?? preset.sendReasoningBack,
    maxTokensParam: preset.maxTokensParam,
    stallTimeoutMs: provider.stallTimeoutMs ?? preset.stallTimeoutMs,
  };
}
