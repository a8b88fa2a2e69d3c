import { createSignal } from 'solid-js';
import type { ChatOptions, ModelChoice, ProviderService } from '../../src/app/provider-service';
import { resolveCapabilities, type ProviderConfig } from '../../src/llm';

/** A provider service with one provider and two models, for tests of what uses it. */
export function fakeProviderService(options: Partial<ChatOptions> = {}): ProviderService & {
  confirmed: string[];
} {
  const provider: ProviderConfig = {
    id: 'p1',
    name: 'Fake',
    presetId: 'custom',
    baseURL: 'http://127.0.0.1:9/v1',
    models: [
      { id: 'm1', capabilities: { contextWindow: 32_000, maxOutputTokens: 1000 } },
      { id: 'm2', capabilities: { contextWindow: 64_000, maxOutputTokens: 2000 } },
    ],
  };
  const [providers] = createSignal([provider]);
  const choices: ModelChoice[] = provider.models!.map((model) => ({
    ref: `p1/${model.id}`,
    providerId: 'p1',
    providerName: 'Fake',
    model,
    capabilities: resolveCapabilities(model.capabilities),
  }));
  const [selectedModel, setSelectedModel] = createSignal('p1/m1');
  const [chatOptions, setChatOptions] = createSignal<ChatOptions>({
    fileContext: true,
    customSystemPrompt: '',
    ...options,
  });
  const confirmed: string[] = [];
  const unused = () => Promise.reject(new Error('not used in this test'));
  return {
    confirmed,
    providers,
    models: () => choices,
    selectedModel,
    chatOptions,
    load: async () => undefined,
    add: unused,
    update: unused,
    remove: unused,
    testConnection: unused,
    refreshModels: unused,
    saveModel: unused,
    removeModel: unused,
    selectModel: async (ref) => void setSelectedModel(ref),
    setChatOptions: async (next) => void setChatOptions(next),
    confirmKeyOrigin: async (id) => void confirmed.push(id),
    setFoundProviders: () => undefined,
    markStreamOptionsUnsupported: async () => undefined,
    keyLost: () => false,
    exportJSON: async () => '{}',
    importJSON: unused,
    fileHasKeys: () => false,
  };
}
