import {
  resolveCapabilities,
  type ModelCapabilities,
  type ModelConfig,
} from './model-capabilities';
import type { ProviderConfig } from './provider-config';

/**
 * Model references: how sessions, messages and settings name a model, "providerId/modelId".
 * Provider ids never contain a slash; model ids may ("meta-llama/llama-3-8b"), so the
 * reference splits at the first slash.
 */

/** The reference of a model of a provider. */
export function modelRef(providerId: string, modelId: string): string {
  return `${providerId}/${modelId}`;
}

/** Splits a model reference into its provider and model ids; undefined when it is not one. */
export function parseModelRef(ref: string): { providerId: string; modelId: string } | undefined {
  const slash = ref.indexOf('/');
  if (slash <= 0 || slash === ref.length - 1) return undefined;
  return { providerId: ref.slice(0, slash), modelId: ref.slice(slash + 1) };
}

/** A model the person can pick, with the provider it belongs to. */
export interface ModelChoice {
  /** "providerId/modelId": how sessions and settings refer to a model. */
  ref: string;
  providerId: string;
  providerName: string;
  model: ModelConfig;
  capabilities: ModelCapabilities;
}

/** Every model of every provider, in provider order then each provider's model order. */
export function modelChoices(providers: readonly ProviderConfig[]): ModelChoice[] {
  return providers.flatMap((provider) =>
    (provider.models ?? []).map((model) => ({
      ref: modelRef(provider.id, model.id),
      providerId: provider.id,
      providerName: provider.name,
      model,
      capabilities: resolveCapabilities(model.capabilities),
    })),
  );
}

/** True when `ref` names a model one of the providers has. */
export function hasModelRef(
  providers: readonly Pick<ProviderConfig, 'id' | 'models'>[],
  ref: string,
): boolean {
  return providers.some((provider) =>
    (provider.models ?? []).some((model) => modelRef(provider.id, model.id) === ref),
  );
}

/**
 * The model new messages use: `stored` while it names a configured model, else the first
 * model there is (undefined when there is none).
 */
export function effectiveModelRef(
  choices: readonly ModelChoice[],
  stored: string | undefined,
): string | undefined {
  if (stored && choices.some((choice) => choice.ref === stored)) return stored;
  return choices[0]?.ref;
}
