import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import {
  DEFAULT_CHAT_OPTIONS,
  readChatOptions,
  validateChatOptions,
  type ChatOptions,
} from '../../../src/llm/chat-options';

function codeOf(options: ChatOptions): string {
  try {
    validateChatOptions(options);
  } catch (error) {
    if (error instanceof CoveError) return error.code;
    throw error;
  }
  throw new Error('expected a CoveError');
}

describe('chat options', () => {
  it('has defaults, keeps valid values and refuses bad ones', () => {
    expect(readChatOptions(undefined)).toEqual({ fileContext: true, customSystemPrompt: '' });
    expect(DEFAULT_CHAT_OPTIONS).toEqual({ fileContext: true, customSystemPrompt: '' });
    const valid = {
      fileContext: false,
      customSystemPrompt: 'Be brief.',
      maxTokens: 2048,
      temperature: 0.3,
    };
    expect(validateChatOptions(valid)).toEqual(valid);
    expect(readChatOptions(valid)).toEqual(valid);
    expect(codeOf({ ...valid, temperature: 3 })).toBe('chat-temperature');
    expect(codeOf({ ...valid, maxTokens: 1.5 })).toBe('chat-max-tokens');
  });

  it('reads malformed stored options as the defaults, field by field', () => {
    expect(readChatOptions({ fileContext: 'yes', maxTokens: '10', temperature: 0.5 })).toEqual({
      fileContext: true,
      customSystemPrompt: '',
      temperature: 0.5,
    });
  });
});
