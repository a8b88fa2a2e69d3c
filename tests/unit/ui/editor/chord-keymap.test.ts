import { describe, expect, it } from 'vitest';
import { FORMAT_KEYS, RUN_KEYS, SAVE_KEYS } from '../../../../src/app/commands/app-shortcuts';
import { codeMirrorKey } from '../../../../src/ui/editor/chord-keymap';

describe('codeMirrorKey', () => {
  it('writes the editor’s chords as CodeMirror’s keymap reads them', () => {
    expect(codeMirrorKey(SAVE_KEYS)).toBe('Mod-s');
    expect(codeMirrorKey(RUN_KEYS)).toBe('Mod-Enter');
    expect(codeMirrorKey(FORMAT_KEYS)).toBe('Shift-Alt-f');
    expect(codeMirrorKey({ key: 'P', mod: true, shift: true })).toBe('Mod-Shift-p');
  });
});
