import { createSignal } from 'solid-js';
import type { ChatOptions, ModelChoice, ProviderService } from '../../src/app/provider-service';
import { resolveCapabilities, type ProviderConfig } from '../../src/llm';

/** A provider service with one provider and model, for tests of what uses it. */
export function fakeProviderService(options: Partial<ChatOptions> = {}): ProviderService & {
  confirmed: string[];
} {
  const provider: ProviderConfig = {
    id: 'p1',
    name: 'Fake',
    presetId: 'custom',
    baseURL: 'http://127.0.0.1:9/v1',
    models: [{ id: 'm1', capabilities: { contextWindow: 32_000, maxOutputTokens: 1000 } }],
  };
  const [providers] = createSignal([provider]);
  const choice: ModelChoice = {
    ref: 'p1/m1',
    providerId: 'p1',
    providerName: 'Fake',
    model: provider.models![0]!,
    capabilities: resolveCapabilities(provider.models![0]!.capabilities),
  };
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
    models: () => [choice],
    selectedModel: () => 'p1/m1',
    chatOptions,
    load: async () => undefined,
    add: unused,
    update: unused,
    remove: unused,
    testConnection: unused,
    refreshModels: unused,
    saveModel: unused,
    removeModel: unused,
    selectModel: async () => undefined,
    setChatOptions: async (next) => void setChatOptions(next),
    confirmKeyOrigin: async (id) => void confirmed.push(id),
    markStreamOptionsUnsupported: async () => undefined,
    keyLost: () => false,
    exportJSON: async () => '{}',
    importJSON: unused,
    fileHasKeys: () => false,
  };
}
