import { CoveError, type ErrorParams } from '../base/errors';

/**
 * The codes of the errors thrown when a provider, a model or the chat options are checked.
 * The settings forms map each field code to the field it marks (with `satisfies`), so a code
 * renamed here is a compile error there, never a message shown at the wrong place.
 */

/** The provider form's fields. */
export type ProviderFieldErrorCode =
  'provider-name' | 'provider-base-url' | 'provider-api-key' | 'provider-headers';

/** The model editor's fields. */
export type ModelFieldErrorCode =
  'model-id' | 'model-context-window' | 'model-max-output' | 'model-price' | 'model-tool-calling';

/** Settings → Chat's fields. */
export type ChatOptionsErrorCode = 'chat-max-tokens' | 'chat-temperature';

/** Every code of src/llm's settings errors, for the catalog's test to walk. */
export const PROVIDER_SETTINGS_ERROR_CODES = [
  'provider-name',
  'provider-base-url',
  'provider-api-key',
  'provider-headers',
  'model-id',
  'model-context-window',
  'model-max-output',
  'model-price',
  'model-tool-calling',
  'chat-max-tokens',
  'chat-temperature',
  /** An imported provider file that cannot be used. */
  'provider-import',
  /** The provider (or model) named no longer exists (deleted in another tab). */
  'provider-missing',
  'model-missing',
] as const satisfies readonly (
  | ProviderFieldErrorCode
  | ModelFieldErrorCode
  | ChatOptionsErrorCode
  | `${'provider' | 'model'}-${'import' | 'missing'}`
)[];

/** One of {@link PROVIDER_SETTINGS_ERROR_CODES}. */
export type ProviderSettingsErrorCode = (typeof PROVIDER_SETTINGS_ERROR_CODES)[number];

/**
 * A settings error: the code of the field it is about and the parameters of its wording
 * (src/app/messages/settings-messages.ts). A `problem` or `problemHint` param is English
 * from a check this layer shares with others (normalizeBaseURL, apiKeyProblem, the header
 * check, the import's reasons) and is shown as it is.
 */
export function settingsError(
  code: ProviderSettingsErrorCode,
  params: ErrorParams = {},
): CoveError<ProviderSettingsErrorCode> {
  return new CoveError(code, params);
}

/** True when `error` is a settings error with one of `codes`. */
export function isSettingsError<C extends ProviderSettingsErrorCode>(
  error: unknown,
  ...codes: C[]
): error is CoveError<C> {
  return error instanceof CoveError && (codes as string[]).includes(error.code);
}
