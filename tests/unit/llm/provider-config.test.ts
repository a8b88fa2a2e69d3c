import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAPABILITIES,
  estimateCost,
  resolveCapabilities,
} from '../../../src/llm/model-capabilities';
import {
  normalizeBaseURL,
  resolveModelSettings,
  type ProviderConfig,
} from '../../../src/llm/provider-config';
import { getPreset, PROVIDER_PRESETS } from '../../../src/llm/provider-presets';

describe('provider presets', () => {
  it('has the providers users ask for, with unique ids and usable base URLs', () => {
    expect(PROVIDER_PRESETS.map((p) => p.id)).toEqual([
      'openai',
      'deepseek',
      'openrouter',
      'groq',
      'mistral',
      'together',
      'ollama',
      'lmstudio',
      'vllm',
      'llamacpp',
      'custom',
    ]);
    for (const preset of PROVIDER_PRESETS) {
      if (preset.id === 'custom') continue;
      const check = normalizeBaseURL(preset.baseURL);
      expect(check).toEqual({ ok: true, url: preset.baseURL });
      expect(preset.local).toBe(preset.baseURL.startsWith('http://localhost'));
      if (preset.key === 'required') expect(preset.keyPage).toMatch(/^https:\/\//);
    }
  });

  it('defaults sendReasoningBack on only for DeepSeek', () => {
    expect(PROVIDER_PRESETS.filter((p) => p.sendReasoningBack).map((p) => p.id)).toEqual([
      'deepseek',
    ]);
  });

  it('falls back to custom for unknown ids', () => {
    expect(getPreset('nonexistent').id).toBe('custom');
    expect(getPreset(undefined).id).toBe('custom');
  });
});

describe('normalizeBaseURL', () => {
  it.each([
    ['https://api.openai.com/v1/', 'https://api.openai.com/v1'],
    ['  http://localhost:11434/v1  ', 'http://localhost:11434/v1'],
    ['https://api.example.com/v1/chat/completions', 'https://api.example.com/v1'],
    ['HTTPS://API.EXAMPLE.COM/openai/v1//', 'https://api.example.com/openai/v1'],
  ])('%j → %j', (input, url) => {
    expect(normalizeBaseURL(input)).toEqual({ ok: true, url });
  });

  it.each([
    'localhost:11434/v1',
    'ftp://x/v1',
    'https://user:pass@x.example/v1',
    'https://x.example/v1?key=abc',
    'https://',
  ])('refuses %j', (input) => {
    expect(normalizeBaseURL(input).ok).toBe(false);
  });
});

describe('resolveModelSettings', () => {
  const provider: ProviderConfig = {
    id: 'd',
    name: 'DeepSeek',
    presetId: 'deepseek',
    baseURL: 'https://api.deepseek.com/v1',
    models: [
      {
        id: 'deepseek-chat',
        capabilities: { contextWindow: 128000, toolCalling: 'native' },
        sendReasoningBack: false,
      },
    ],
  };

  it('lays the model config over the preset defaults', () => {
    expect(resolveModelSettings(provider, 'deepseek-chat')).toEqual({
      capabilities: { ...DEFAULT_CAPABILITIES, contextWindow: 128000 },
      sendReasoningBack: false,
      maxTokensParam: 'max_tokens',
      stallTimeoutMs: 90_000,
    });
    expect(resolveModelSettings(provider, 'deepseek-reasoner').sendReasoningBack).toBe(true);
    expect(resolveModelSettings({ ...provider, stallTimeoutMs: 5000 }, 'x').stallTimeoutMs).toBe(
      5000,
    );
    expect(resolveModelSettings({ ...provider, presetId: 'ollama' }, 'x').stallTimeoutMs).toBe(
      300_000,
    );
  });

  it('ignores undefined overrides', () => {
    expect(resolveCapabilities({ vision: undefined, reasoning: true })).toEqual({
      ...DEFAULT_CAPABILITIES,
      reasoning: true,
    });
  });
});

describe('estimateCost', () => {
  it('prices cached input separately', () => {
    const price = { inputPerMillion: 1, outputPerMillion: 4, cachedInputPerMillion: 0.5 };
    expect(
      estimateCost(price, {
        inputTokens: 1_000_000,
        outputTokens: 500_000,
        cachedInputTokens: 400_000,
      }),
    ).toBeCloseTo(0.6 + 0.2 + 2);
    expect(estimateCost(undefined, { inputTokens: 1, outputTokens: 1 })).toBeUndefined();
  });
});
