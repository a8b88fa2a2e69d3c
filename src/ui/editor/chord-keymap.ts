import type { KeyChord } from '../../app/commands/key-chord';

/**
 * `chord` in CodeMirror's keymap notation ("Mod-Enter", "Shift-Alt-f"), so the editor's
 * keys are the very chords the command palette shows.
 */
export function codeMirrorKey(chord: KeyChord): string {
  return [
    ...(chord.mod ? ['Mod'] : []),
    ...(chord.shift ? ['Shift'] : []),
    ...(chord.alt ? ['Alt'] : []),
    chord.key.length === 1 ? chord.key.toLowerCase() : chord.key,
  ].join('-');
}
