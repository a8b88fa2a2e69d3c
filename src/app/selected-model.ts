import type { ProviderConfig } from '../llm/provider-config';
import { parseModelRef, type ProviderService } from './provider-service';

/** The model the person selected in the model picker, with its provider; undefined when none. */
export function selectedModelOf(
  providers: Pick<ProviderService, 'selectedModel' | 'providers'>,
): { provider: ProviderConfig; modelId: string } | undefined {
  const ref = providers.selectedModel();
  const parsed = ref ? parseModelRef(ref) : undefined;
  const provider = parsed && providers.providers().find((p) => p.id === parsed.providerId);
  return provider && parsed ? { provider, modelId: parsed.modelId } : undefined;
}
