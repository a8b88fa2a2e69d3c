/**
 * The English of the provider, model and chat settings errors (src/llm/settings-errors.ts).
 * A `problem` (and `problemHint`) param is English from a check shared with other layers
 * (normalizeBaseURL, apiKeyProblem, the header check, the provider import) and is shown as
 * it is.
 */
import type { ProviderSettingsErrorCode } from '../../llm/settings-errors';
import { text, type ErrorParams, type Wording } from './wording';

const WHOLE_TOKENS = 'Leave it empty to use the default.';

function usualBaseURL(p: ErrorParams): string {
  const baseURL = text(p, 'presetBaseURL');
  return baseURL
    ? `For ${text(p, 'presetLabel') ?? 'this provider'} it is usually ${baseURL}.`
    : 'Use the address of the OpenAI-compatible API; it usually ends in /v1.';
}

/** The catalog's entries for {@link ProviderSettingsErrorCode}. */
export const settingsMessages = {
  'provider-name': (p) =>
    p['reason'] === 'taken'
      ? {
          message: `Another provider is already called “${text(p, 'name') ?? ''}”.`,
          hint: 'Choose another name, so model pickers can tell the two apart.',
        }
      : {
          message: 'The provider needs a name.',
          hint: 'Type a name that tells it apart, e.g. the service or the machine it runs on.',
        },
  'provider-base-url': (p) => ({
    message: text(p, 'problem') ?? 'The base URL is empty.',
    hint: usualBaseURL(p),
  }),
  'provider-api-key': (p) => {
    const problem = text(p, 'problem');
    if (problem)
      return { message: problem, hint: 'Paste it straight from the provider’s key page.' };
    const keyPage = text(p, 'keyPage');
    return {
      message: `${text(p, 'presetLabel') ?? 'This provider'} needs an API key.`,
      hint: keyPage
        ? `Paste your key; you can create one at ${keyPage}.`
        : 'Paste the key the provider gave you.',
    };
  },
  'provider-headers': (p) =>
    p['reason'] === 'duplicate'
      ? {
          message: `The header “${text(p, 'header') ?? ''}” is given twice.`,
          hint: 'Keep one row per header name.',
        }
      : {
          message: text(p, 'problem') ?? 'An extra header cannot be sent.',
          hint: text(p, 'problemHint') ?? 'Correct the header or remove the row.',
        },
  'model-id': (p) =>
    p['reason'] === 'taken'
      ? {
          message: `${text(p, 'provider') ?? 'This provider'} already has a model “${text(p, 'model') ?? ''}”.`,
          hint: 'Edit that one instead, or type another id.',
        }
      : {
          message: 'The model needs an id.',
          hint: 'Type the id the server knows it by, e.g. gpt-4o-mini or qwen3:8b.',
        },
  'model-context-window': () => ({
    message: 'The context window must be a whole number of tokens above 0.',
    hint: WHOLE_TOKENS,
  }),
  'model-max-output': (p) =>
    p['reason'] === 'over-window'
      ? {
          message: 'The maximum output is larger than the context window.',
          hint: 'Output tokens count toward the window; make it smaller than the window.',
        }
      : {
          message: 'The maximum output must be a whole number of tokens above 0.',
          hint: WHOLE_TOKENS,
        },
  'model-price': () => ({
    message:
      'Prices need both an input and an output price, in dollars per million tokens, 0 or more.',
    hint: 'Fill in both, or leave both empty when you do not know the price.',
  }),
  'model-tool-calling': () => ({
    message: 'Tool calling must be native, text or none.',
    hint: 'Pick one of the three.',
  }),
  'chat-max-tokens': () => ({
    message: 'Max tokens must be a whole number above 0.',
    hint: 'Leave it empty to let the model decide how long a reply may be.',
  }),
  'chat-temperature': () => ({
    message: 'The temperature must be between 0 and 2.',
    hint: 'Lower is more focused, higher more varied; leave it empty for the provider’s default.',
  }),
  'provider-import': (p) => ({
    message: text(p, 'problem') ?? 'This file cannot be imported.',
    hint: 'Choose a file exported from Cove’s provider settings.',
  }),
  'provider-missing': () => ({
    message: 'This provider no longer exists.',
    hint: 'It may have been removed in another tab; add it again if you need it.',
  }),
  'model-missing': () => ({
    message: 'That model is not configured.',
    hint: 'Pick one of the listed models, or refresh the provider’s models in Settings → Providers.',
  }),
} satisfies Record<ProviderSettingsErrorCode, Wording>;
