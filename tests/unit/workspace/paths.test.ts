import { describe, expect, it } from 'vitest';
import { CoveError } from '../../../src/base/errors';
import {
  ancestorsOf,
  childPath,
  extensionOf,
  isWithin,
  normalizeName,
  normalizePath,
  parentOf,
  printablePath,
} from '../../../src/workspace/paths';

function rejection(input: string): CoveError {
  try {
    normalizePath(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CoveError);
    return error as CoveError;
  }
  throw new Error(`"${input}" was accepted`);
}

describe('normalizePath', () => {
  it.each([
    ['main.py', 'main.py'],
    ['src/app/main.py', 'src/app/main.py'],
    ['./src/main.py', 'src/main.py'],
    ['src/./main.py', 'src/main.py'],
    ['docs/', 'docs'],
    ['emoji 🐍.py', 'emoji 🐍.py'],
    ['trailing.dots...', 'trailing.dots...'],
    // Right-to-left letters are names like any other; only the invisible controls are not.
    ['مرحبا.py', 'مرحبا.py'],
    ['תיקייה/שלום.txt', 'תיקייה/שלום.txt'],
    // Names that look like markup are text; the UI shows them as text.
    ['<img src=x onerror=alert(1)>.py', '<img src=x onerror=alert(1)>.py'],
    ['&lt;b&gt;.md', '&lt;b&gt;.md'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it('folds composed and decomposed accents to one name', () => {
    expect(normalizePath('cafe\u0301.py')).toBe(normalizePath('caf\u00e9.py'));
  });

  it.each([
    ['../secret', 'outside the workspace'],
    ['a/../../b', 'outside the workspace'],
    ['..', 'outside the workspace'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows', 'backslash'],
    ['C:/Windows', 'absolute'],
    ['~/x', 'absolute'],
    ['a\u0000b', 'NUL'],
    ['a\nb', 'control character'],
    ['a//b', 'empty folder name'],
    ['a\\b', 'backslash'],
    ['x'.repeat(256), 'longer than 255'],
    [`${'a/'.repeat(2100)}b`, 'longer than 4096'],
    ['src/   ', 'made only of spaces'],
    ['lib/   ', 'made only of spaces'],
    ['   /main.py', 'made only of spaces'],
    ['a/\u00a0\u3000/b.py', 'made only of spaces'],
    ['src/ main.py', 'starts or ends with a space'],
    ['notes.txt ', 'starts or ends with a space'],
    [' lib/x.py', 'starts or ends with a space'],
    ['docs /x.py', 'starts or ends with a space'],
  ])('rejects %j, naming the problem', (input, problem) => {
    const error = rejection(input);
    expect(error.code).toBe('bad-path');
    expect(error.message).toContain(problem);
    expect(error.hint.length).toBeGreaterThan(5);
  });

  it.each(['', '   ', '.', './'])('asks for a name when given %j', (input) => {
    expect(rejection(input).message).toBe('A name is needed.');
  });

  it('keeps spaces inside a name', () => {
    expect(normalizePath('my notes/first draft.md')).toBe('my notes/first draft.md');
  });

  it('accepts a name of exactly 255 characters', () => {
    expect(normalizePath('y'.repeat(255))).toHaveLength(255);
  });

  it('shows control characters visibly in the message', () => {
    expect(rejection('bad\u0000name').message).toContain('bad\\0name');
  });

  it.each([
    ['\u202Egnp.py', 'U+202E'],
    ['src/\u202Atxt.py', 'U+202A'],
    ['a\u202Bb', 'U+202B'],
    ['a\u202Cb', 'U+202C'],
    ['a\u202Db', 'U+202D'],
    ['a\u2066b', 'U+2066'],
    ['a\u2067b', 'U+2067'],
    ['a\u2068b', 'U+2068'],
    ['dir\u2069/b', 'U+2069'],
    ['a\u200Eb', 'U+200E'],
    ['a\u200Fb', 'U+200F'],
    ['a\u061Cb', 'U+061C'],
  ])('refuses the bidirectional control in %j (%s), shown as an escape', (input, code) => {
    const error = rejection(input);
    expect(error.code).toBe('bad-path');
    expect(error.message).toContain(`invisible bidirectional control (${code})`);
    expect(error.message).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    expect(error.message).toContain(`\\u${code.slice(2)}`);
    expect(error.hint).toBe(
      'Remove it: type the name again without right-to-left marks or overrides.',
    );
  });
});

describe('printablePath', () => {
  it('writes control and bidirectional characters as escapes, the rest as it is', () => {
    expect(printablePath('\u202Egnp.py')).toBe('\\u202Egnp.py');
    expect(printablePath('a\u2066b\u2069\u001b.txt')).toBe('a\\u2066b\\u2069\\x1b.txt');
    expect(printablePath('مرحبا 🐍.py')).toBe('مرحبا 🐍.py');
  });
});

describe('childPath', () => {
  it('puts a name, with or without subfolders, inside a folder', () => {
    expect(childPath('src', 'main.py')).toBe('src/main.py');
    expect(childPath('src', 'pkg/mod.py')).toBe('src/pkg/mod.py');
    expect(childPath('', 'main.py')).toBe('main.py');
  });

  it.each(['', '   ', './'])('asks for a name when given %j inside a folder', (name) => {
    expect(() => childPath('src', name)).toThrow('A name is needed.');
  });

  it('refuses blank and space-padded names inside a folder', () => {
    expect(() => childPath('src', 'pkg/   ')).toThrow('made only of spaces');
    expect(() => childPath('src', 'a.py ')).toThrow('starts or ends with a space');
  });
});

describe('path helpers', () => {
  it('normalizeName refuses separators', () => {
    expect(() => normalizeName('a/b')).toThrow(/contains "\/"/);
    expect(normalizeName('ok.txt')).toBe('ok.txt');
  });

  it('splits and relates paths', () => {
    expect(parentOf('a/b/c.py')).toBe('a/b');
    expect(parentOf('c.py')).toBe('');
    expect(ancestorsOf('a/b/c.py')).toEqual(['a', 'a/b']);
    expect(isWithin('a/b/c', 'a/b')).toBe(true);
    expect(isWithin('a/bc', 'a/b')).toBe(false);
    expect(isWithin('anything', '')).toBe(true);
    expect(extensionOf('src/Main.PY')).toBe('py');
    expect(extensionOf('.gitignore')).toBe('');
  });
});
