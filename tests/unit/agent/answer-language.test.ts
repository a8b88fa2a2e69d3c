import { describe, expect, it } from 'vitest';
import { buildAgentStaticPrompt } from '../../../src/agent/agent-prompt';
import { buildChatSystemPrompt } from '../../../src/agent/chat-prompt';

describe('the system prompts (English whatever the UI language)', () => {
  it('tell the chat assistant to answer in the language the person writes in', () => {
    const prompt = buildChatSystemPrompt({
      taskType: 'default',
      date: new Date('2026-12-07T10:00:00Z'),
      maxFileChars: 1_000,
    });
    expect(prompt).toContain('Answer in the language the person writes in');
  });

  it('tell the agent the same, with code and tool arguments left as they are', () => {
    const prompt = buildAgentStaticPrompt([{ name: 'read_file' }]);
    expect(prompt).toContain('Answer in the language the user writes in');
    expect(prompt).toContain('tool arguments stay as they are');
  });
});
