import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import type { ModelConfig } from '../../../src/llm/model-capabilities';
import { validateModelConfig } from '../../../src/llm/model-validation';

describe('validateModelConfig', () => {
  it('refuses bad values with a model- code', () => {
    const bad: ModelConfig[] = [
      { id: ' ' },
      { id: 'm', capabilities: { contextWindow: -1 } },
      { id: 'm', capabilities: { contextWindow: 1000, maxOutputTokens: 2000 } },
      { id: 'm', capabilities: { price: { inputPerMillion: 1, outputPerMillion: Number.NaN } } },
    ];
    for (const model of bad) {
      let code = '';
      try {
        validateModelConfig(model);
      } catch (error) {
        if (error instanceof CoveError) code = error.code;
      }
      expect(code, JSON.stringify(model)).toMatch(/^model-/);
    }
  });

  it('trims the id and label and drops a label equal to the id', () => {
    expect(validateModelConfig({ id: ' m ', label: ' m ', capabilities: {} })).toEqual({ id: 'm' });
    expect(
      validateModelConfig({
        id: 'm',
        label: ' Mine ',
        capabilities: { contextWindow: 8000, price: { inputPerMillion: 0, outputPerMillion: 1 } },
      }),
    ).toEqual({
      id: 'm',
      label: 'Mine',
      capabilities: { contextWindow: 8000, price: { inputPerMillion: 0, outputPerMillion: 1 } },
    });
  });
});
