import { describe, expect, it } from 'vitest';
import {
  isApplePlatform,
  isQuickOpenShortcut,
  type ShortcutKeys,
} from '../../../../src/ui/quick-open/quick-open-shortcut';

const keys = (key: string, held: Partial<ShortcutKeys> = {}): ShortcutKeys => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...held,
});

describe('isQuickOpenShortcut', () => {
  it('is Ctrl+P outside macOS and Cmd+P on it', () => {
    expect(isQuickOpenShortcut(keys('p', { ctrlKey: true }), false)).toBe(true);
    expect(isQuickOpenShortcut(keys('P', { ctrlKey: true }), false)).toBe(true);
    expect(isQuickOpenShortcut(keys('p', { metaKey: true }), true)).toBe(true);
    expect(isQuickOpenShortcut(keys('p', { metaKey: true }), false)).toBe(false);
    // macOS text fields use Ctrl+P for "previous line".
    expect(isQuickOpenShortcut(keys('p', { ctrlKey: true }), true)).toBe(false);
  });

  it('leaves other keys and other modifiers alone', () => {
    expect(isQuickOpenShortcut(keys('p'), false)).toBe(false);
    expect(isQuickOpenShortcut(keys('o', { ctrlKey: true }), false)).toBe(false);
    expect(isQuickOpenShortcut(keys('P', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isQuickOpenShortcut(keys('p', { ctrlKey: true, altKey: true }), false)).toBe(false);
  });
});

describe('isApplePlatform', () => {
  it('tells macOS and iOS from the rest', () => {
    expect(isApplePlatform({ platform: 'MacIntel', userAgent: '' })).toBe(true);
    expect(isApplePlatform({ platform: 'iPad', userAgent: '' })).toBe(true);
    expect(isApplePlatform({ platform: 'Linux x86_64', userAgent: 'X11; Linux' })).toBe(false);
    expect(isApplePlatform({ platform: 'Win32', userAgent: 'Windows NT' })).toBe(false);
  });
});
