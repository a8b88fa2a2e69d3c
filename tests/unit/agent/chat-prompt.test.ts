import { describe, expect, it } from 'vitest';
import { buildChatSystemPrompt, cutWithMarker, namedSymbols } from '../../../src/agent/chat-prompt';
import { detectTaskType } from '../../../src/agent/task-type';

const date = new Date('2026-12-02T10:00:00Z');

describe('task type', () => {
  it.each([
    ['Why does this raise a KeyError? Here is the traceback', 'debug'],
    ['fix the bug in parse()', 'debug'],
    ['Can you make this loop faster?', 'optimize'],
    ['explain what this function does', 'explain'],
    ['How does the cache work here?', 'explain'],
    ['Write a function that reverses a list', 'default'],
  ])('%j is %s', (message, type) => {
    expect(detectTaskType(message)).toBe(type);
  });
});

describe('system prompt', () => {
  it('carries the open file, the selection, the task and the date', () => {
    const prompt = buildChatSystemPrompt({
      file: {
        path: 'src/app.py',
        content: 'def a():\n    return 1\n',
        selection: { fromLine: 2, toLine: 2, text: '    return 1' },
      },
      taskType: 'debug',
      date,
      maxFileChars: 10_000,
    });
    expect(prompt).toContain('The open file is src/app.py (3 lines)');
    expect(prompt).toContain('def a():');
    expect(prompt).toContain('The person selected lines 2–2');
    expect(prompt).toContain('The person is debugging');
    expect(prompt).toContain('Today is 2026-12-02');
  });

  it('sends only the named function when one was found', () => {
    const prompt = buildChatSystemPrompt({
      file: { path: 'm.py', content: 'SECRET_OTHER_CODE\n'.repeat(50) },
      symbol: {
        name: 'greet',
        kind: 'function',
        startLine: 3,
        endLine: 4,
        source: 'def greet():\n    pass',
      },
      taskType: 'explain',
      date,
      maxFileChars: 10_000,
    });
    expect(prompt).toContain('the function `greet` (lines 3–4)');
    expect(prompt).not.toContain('SECRET_OTHER_CODE');
  });

  it('says where the error of a traceback is, and that the file is not the open one', () => {
    const prompt = buildChatSystemPrompt({
      file: { path: 'pkg/util.py', content: 'OTHER\n'.repeat(5), open: false },
      symbol: {
        name: 'inner',
        kind: 'function',
        startLine: 1,
        endLine: 2,
        source: 'def inner():\n    return 1 / 0',
        errorLine: 2,
      },
      taskType: 'debug',
      date,
      maxFileChars: 10_000,
    });
    expect(prompt).toContain(
      'The file is pkg/util.py. The error in the traceback is raised at line 2, in the function `inner` (lines 1–2)',
    );
    expect(prompt).not.toContain('The open file');
    expect(prompt).not.toContain('OTHER');
  });

  it('a custom system prompt replaces the base instructions', () => {
    const prompt = buildChatSystemPrompt({
      customSystemPrompt: 'Answer in French.',
      taskType: 'default',
      date,
      maxFileChars: 100,
    });
    expect(prompt.startsWith('Answer in French.')).toBe(true);
    expect(prompt).not.toContain("You are Cove's assistant");
  });

  it('fences a file that itself contains fences', () => {
    const prompt = buildChatSystemPrompt({
      file: { path: 'README.md', content: '```py\nx\n```' },
      taskType: 'default',
      date,
      maxFileChars: 1000,
    });
    expect(prompt).toContain('````md\n```py\nx\n```\n````');
  });

  it('cuts a long file with a marker saying how much was left out', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const cut = cutWithMarker(text, 2000);
    expect(cut.length).toBeLessThan(2200);
    expect(cut).toMatch(/\[… \d+ lines cut: the file is too long to send whole …\]/);
    expect(cut.startsWith('line 0\n')).toBe(true);
    expect(cut.endsWith('line 999')).toBe(true);
    expect(cutWithMarker('short', 2000)).toBe('short');
  });
});

describe('named symbols', () => {
  it('finds backticked names, calls and "function X"', () => {
    expect(namedSymbols('Explain `fibonacci` and the class Parser, then greet()')).toEqual([
      'fibonacci',
      'Parser',
      'greet',
    ]);
    expect(namedSymbols('What does this do?')).toEqual([]);
  });
});
