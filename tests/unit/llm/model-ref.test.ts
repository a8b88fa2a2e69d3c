import { describe, expect, it } from 'vitest';
import {
  effectiveModelRef,
  hasModelRef,
  modelChoices,
  modelRef,
  parseModelRef,
} from '../../../src/llm/model-ref';
import type { ProviderConfig } from '../../../src/llm/provider-config';

const providers: ProviderConfig[] = [
  {
    id: 'p1',
    name: 'One',
    presetId: 'custom',
    baseURL: 'http://127.0.0.1:1/v1',
    models: [{ id: 'a' }, { id: 'meta/llama-3', capabilities: { contextWindow: 8192 } }],
  },
  { id: 'p2', name: 'Two', presetId: 'custom', baseURL: 'http://127.0.0.1:2/v1' },
];

describe('model references', () => {
  it('split at the first slash, so model ids may contain slashes', () => {
    expect(parseModelRef(modelRef('p1', 'meta/llama-3'))).toEqual({
      providerId: 'p1',
      modelId: 'meta/llama-3',
    });
    for (const bad of ['', 'p1', '/m', 'p1/']) expect(parseModelRef(bad), bad).toBeUndefined();
  });

  it('lists every model of every provider with resolved capabilities', () => {
    const choices = modelChoices(providers);
    expect(choices.map((choice) => choice.ref)).toEqual(['p1/a', 'p1/meta/llama-3']);
    expect(choices[1]).toMatchObject({ providerId: 'p1', providerName: 'One' });
    expect(choices[1]!.capabilities.contextWindow).toBe(8192);
    expect(hasModelRef(providers, 'p1/meta/llama-3')).toBe(true);
    expect(hasModelRef(providers, 'p2/a')).toBe(false);
  });

  it('the selected model falls back to the first one when unset or gone', () => {
    const choices = modelChoices(providers);
    expect(effectiveModelRef(choices, undefined)).toBe('p1/a');
    expect(effectiveModelRef(choices, 'p1/meta/llama-3')).toBe('p1/meta/llama-3');
    expect(effectiveModelRef(choices, 'p1/removed')).toBe('p1/a');
    expect(effectiveModelRef([], 'p1/a')).toBeUndefined();
  });
});
