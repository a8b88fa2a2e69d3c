import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import { validateProviderDraft, type ProviderDraft } from '../../../src/llm/provider-draft';

const KEY = 'sk-test-0123456789abcdef';
const BASE = 'http://127.0.0.1:4010/v1';

const draft = (extra: Partial<ProviderDraft> = {}): ProviderDraft => ({
  presetId: 'custom',
  name: 'Fake',
  baseURL: BASE,
  apiKey: '',
  headers: {},
  ...extra,
});

function failure(run: () => unknown): CoveError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoveError) return error;
    throw error;
  }
  throw new Error('expected a CoveError');
}

describe('validateProviderDraft', () => {
  it('normalizes the name, base URL and key and splits secret-looking headers off', () => {
    expect(
      validateProviderDraft(
        draft({
          name: '  My   server ',
          baseURL: `${BASE}/chat/completions/`,
          apiKey: `  Bearer ${KEY}\n`,
          headers: { ' X-Title ': ' Cove ', 'X-Api-Key': 'hdr-secret', '': '' },
        }),
        [],
        undefined,
      ),
    ).toEqual({
      name: 'My server',
      presetId: 'custom',
      baseURL: BASE,
      apiKey: KEY,
      publicHeaders: { 'X-Title': 'Cove' },
      secretHeaders: { 'X-Api-Key': 'hdr-secret' },
    });
  });

  it('refuses bad input with an error that names the field and the next step', () => {
    const cases: [Partial<ProviderDraft>, string, RegExp][] = [
      [{ name: '  ' }, 'provider-name', /needs a name/],
      [{ baseURL: '' }, 'provider-base-url', /empty/],
      [{ baseURL: 'localhost:11434' }, 'provider-base-url', /http:\/\/ or https:\/\//],
      [{ baseURL: 'https://user:pw@example.com/v1' }, 'provider-base-url', /user name/],
      [{ apiKey: 'sk-ключ' }, 'provider-api-key', /not plain ASCII/],
      [
        { presetId: 'openai', baseURL: 'https://api.openai.com/v1' },
        'provider-api-key',
        /needs an API key/,
      ],
      [{ headers: { 'Bad Name': 'x' } }, 'provider-headers', /not a valid header name/],
      [{ headers: { Authorization: `Bearer ${KEY}` } }, 'provider-headers', /API key field/],
      [{ headers: { '': 'value' } }, 'provider-headers', /no name/],
    ];
    for (const [extra, code, message] of cases) {
      const error = failure(() => validateProviderDraft(draft(extra), [], undefined));
      expect(error.code, JSON.stringify(extra)).toBe(code);
      expect(error.message).toMatch(message);
      expect(error.hint).not.toBe('');
    }
    const missingKey = failure(() =>
      validateProviderDraft(
        draft({ presetId: 'openai', baseURL: 'https://api.openai.com/v1' }),
        [],
        undefined,
      ),
    );
    expect(missingKey.hint).toContain('https://platform.openai.com/api-keys');
  });

  it('refuses a second provider with the same name, but not the provider being edited', () => {
    const others = [{ id: 'p1', name: 'Fake' }];
    const error = failure(() =>
      validateProviderDraft(draft({ name: ' fake ' }), others, undefined),
    );
    expect(error.code).toBe('provider-name');
    expect(error.message).toContain('already called');
    expect(validateProviderDraft(draft({ name: 'FAKE' }), others, 'p1').name).toBe('FAKE');
  });
});
