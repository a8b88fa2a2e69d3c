import { describe, expect, it } from 'vitest';
import { isTerminalShortcut } from '../../../../src/ui/terminal/terminal-shortcut';

const keys = (key: string, code: string, held: Partial<Record<string, boolean>> = {}) => ({
  key,
  code,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...held,
});

describe('isTerminalShortcut', () => {
  it('is Ctrl+` on every platform, by key or by key position', () => {
    expect(isTerminalShortcut(keys('`', 'Backquote', { ctrlKey: true }))).toBe(true);
    // A layout where the key at that position types something else (or is dead).
    expect(isTerminalShortcut(keys('Dead', 'Backquote', { ctrlKey: true }))).toBe(true);
  });

  it('leaves the key alone without Ctrl or with other modifiers', () => {
    expect(isTerminalShortcut(keys('`', 'Backquote'))).toBe(false);
    expect(isTerminalShortcut(keys('`', 'Backquote', { metaKey: true }))).toBe(false);
    expect(isTerminalShortcut(keys('~', 'Backquote', { ctrlKey: true, shiftKey: true }))).toBe(
      false,
    );
    expect(isTerminalShortcut(keys('p', 'KeyP', { ctrlKey: true }))).toBe(false);
  });
});
