import { settingsError } from './settings-errors';

/** Options of the chat mode, kept in settings: what each request asks of the model. */
export interface ChatOptions {
  /** Send the open file (and selection) with each message. */
  fileContext: boolean;
  /** Output limit per reply; undefined uses the model's. */
  maxTokens?: number;
  /** 0 to 2; undefined uses the provider's default. */
  temperature?: number;
  /** Replaces Cove's base instructions when non-empty. */
  customSystemPrompt: string;
}

/** Chat options before the person changed anything. */
export const DEFAULT_CHAT_OPTIONS: Readonly<ChatOptions> = {
  fileContext: true,
  customSystemPrompt: '',
};

/** The largest output limit a person may set, in tokens. */
const MAX_TOKENS_LIMIT = 10_000_000;

/**
 * Checked chat options. Throws CoveError('chat-max-tokens') for an output limit that is not
 * a whole number from 1 to 10 million, CoveError('chat-temperature') for a temperature
 * outside 0–2.
 */
export function validateChatOptions(options: ChatOptions): ChatOptions {
  const clean: ChatOptions = {
    fileContext: Boolean(options.fileContext),
    customSystemPrompt: options.customSystemPrompt ?? '',
  };
  if (options.maxTokens !== undefined) {
    if (
      !Number.isInteger(options.maxTokens) ||
      options.maxTokens <= 0 ||
      options.maxTokens > MAX_TOKENS_LIMIT
    ) {
      throw settingsError('chat-max-tokens');
    }
    clean.maxTokens = options.maxTokens;
  }
  if (options.temperature !== undefined) {
    if (
      !Number.isFinite(options.temperature) ||
      options.temperature < 0 ||
      options.temperature > 2
    ) {
      throw settingsError('chat-temperature');
    }
    clean.temperature = options.temperature;
  }
  return clean;
}

/** Chat options as settings hold them; missing or malformed fields get the defaults. */
export function readChatOptions(raw: unknown): ChatOptions {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const options: ChatOptions = {
    fileContext:
      typeof record['fileContext'] === 'boolean'
        ? record['fileContext']
        : DEFAULT_CHAT_OPTIONS.fileContext,
    customSystemPrompt:
      typeof record['customSystemPrompt'] === 'string' ? record['customSystemPrompt'] : '',
  };
  if (typeof record['maxTokens'] === 'number') options.maxTokens = record['maxTokens'];
  if (typeof record['temperature'] === 'number') options.temperature = record['temperature'];
  return options;
}
