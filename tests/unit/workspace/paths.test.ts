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
    ['\u202Ertl-mark.txt', '\u202Ertl-mark.txt'],
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
