import { describe, expect, it } from 'vitest';
import { splitUserMessage } from '../../../src/ui/chat/user-message-parts';

describe('user message parts', () => {
  it('keeps plain text as typed, line breaks and Markdown characters included', () => {
    expect(splitUserMessage('first line\nsecond *line* with a_b')).toEqual([
      { kind: 'text', text: 'first line\nsecond *line* with a_b' },
    ]);
  });

  it('draws fenced code as code between the text around it', () => {
    const message =
      'Running `main.py` failed with ZeroDivisionError\n\n```text\nTraceback (most recent call last):\n  File "/workspace/main.py", line 2\n```\n\nFind the cause.';
    expect(splitUserMessage(message)).toEqual([
      { kind: 'text', text: 'Running `main.py` failed with ZeroDivisionError' },
      {
        kind: 'code',
        source:
          '```text\nTraceback (most recent call last):\n  File "/workspace/main.py", line 2\n```',
      },
      { kind: 'text', text: 'Find the cause.' },
    ]);
  });

  it('closes a fence only with as many of the same character; an open fence runs to the end', () => {
    expect(splitUserMessage('````py\n```\nstill code\n````\nafter')).toEqual([
      { kind: 'code', source: '````py\n```\nstill code\n````' },
      { kind: 'text', text: 'after' },
    ]);
    expect(splitUserMessage('~~~\na\n```\nb')).toEqual([
      { kind: 'code', source: '~~~\na\n```\nb' },
    ]);
  });

  it('inline backticks and a backtick info string with a backtick are not fences', () => {
    expect(splitUserMessage('use ``` in text')).toEqual([
      { kind: 'text', text: 'use ``` in text' },
    ]);
    expect(splitUserMessage('```a`b\nx')).toEqual([{ kind: 'text', text: '```a`b\nx' }]);
  });
});
