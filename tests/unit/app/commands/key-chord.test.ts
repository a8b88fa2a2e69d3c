import { describe, expect, it } from 'vitest';
import {
  ariaKeyShortcuts,
  chordKeys,
  chordLabel,
  matchesChord,
  type ChordEvent,
  type KeyChord,
} from '../../../../src/app/commands/key-chord';
import {
  COMMAND_PALETTE_KEYS,
  FORMAT_KEYS,
  QUICK_OPEN_KEYS,
  RUN_KEYS,
} from '../../../../src/app/commands/app-shortcuts';

const press = (key: string, held: Partial<ChordEvent> = {}): ChordEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...held,
});

describe('matchesChord', () => {
  it('reads mod as Ctrl outside Apple systems and as Cmd on them', () => {
    expect(matchesChord(press('p', { ctrlKey: true }), QUICK_OPEN_KEYS, false)).toBe(true);
    expect(matchesChord(press('p', { metaKey: true }), QUICK_OPEN_KEYS, true)).toBe(true);
    expect(matchesChord(press('p', { metaKey: true }), QUICK_OPEN_KEYS, false)).toBe(false);
    // Ctrl+P is the text fields' "previous line" on macOS.
    expect(matchesChord(press('p', { ctrlKey: true }), QUICK_OPEN_KEYS, true)).toBe(false);
  });

  it('wants exactly the chord’s modifiers, the key in either case', () => {
    const palette = press('P', { ctrlKey: true, shiftKey: true });
    expect(matchesChord(palette, COMMAND_PALETTE_KEYS, false)).toBe(true);
    expect(matchesChord(palette, QUICK_OPEN_KEYS, false)).toBe(false);
    expect(matchesChord(press('p', { ctrlKey: true }), COMMAND_PALETTE_KEYS, false)).toBe(false);
    expect(
      matchesChord(
        press('P', { ctrlKey: true, shiftKey: true, altKey: true }),
        COMMAND_PALETTE_KEYS,
        false,
      ),
    ).toBe(false);
    expect(matchesChord(press('F', { shiftKey: true, altKey: true }), FORMAT_KEYS, true)).toBe(
      true,
    );
    expect(matchesChord(press('Enter', { metaKey: true }), RUN_KEYS, true)).toBe(true);
    expect(matchesChord(press('o', { ctrlKey: true }), QUICK_OPEN_KEYS, false)).toBe(false);
  });
});

describe('shortcut labels', () => {
  const palette: KeyChord = { key: 'p', mod: true, shift: true };

  it('names the keys as held, Cmd and Option on Apple systems, Ctrl and Alt elsewhere', () => {
    expect(chordKeys(palette, false)).toEqual(['Ctrl', 'Shift', 'P']);
    expect(chordKeys(palette, true)).toEqual(['Cmd', 'Shift', 'P']);
    expect(chordKeys(FORMAT_KEYS, true)).toEqual(['Shift', 'Option', 'F']);
    expect(chordKeys(FORMAT_KEYS, false)).toEqual(['Shift', 'Alt', 'F']);
    expect(chordLabel(RUN_KEYS, false)).toBe('Ctrl+Enter');
    expect(chordLabel(palette, true)).toBe('Cmd+Shift+P');
  });

  it('writes aria-keyshortcuts with the KeyboardEvent modifier names', () => {
    expect(ariaKeyShortcuts(palette, false)).toBe('Control+Shift+P');
    expect(ariaKeyShortcuts(palette, true)).toBe('Meta+Shift+P');
    expect(ariaKeyShortcuts(FORMAT_KEYS, true)).toBe('Shift+Alt+F');
  });
});
