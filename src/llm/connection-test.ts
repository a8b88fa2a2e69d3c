import type { LlmError } from './llm-error';
import { listModels, type ListedModel, type ProviderRequestDeps } from './model-listing';
import type { ProviderConfig } from './provider-config';

/** The result of {@link testConnection}. */
export type ConnectionTestResult =
  { ok: true; modelCount: number; models: ListedModel[] } | { ok: false; error: LlmError };

/**
 * Checks that Cove can talk to a provider with its current settings: base URL, key, CORS.
 * Lists the models (the cheapest authenticated request every server has) and reports their
 * number, or the classified error with its next step. Never throws.
 */
export async function testConnection(
  provider: ProviderConfig,
  deps: ProviderRequestDeps,
): Promise<ConnectionTestResult> {
  const result = await listModels(provider, deps);
  if (!result.ok) return result;
  return { ok: true, modelCount: result.models.length, models: result.models };
}
