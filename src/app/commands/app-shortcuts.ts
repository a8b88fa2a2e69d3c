import type { KeyChord } from './key-chord';

// The app's keyboard shortcuts, in one place: the handlers match these chords and the
// command palette shows them, so the two cannot drift. The editor's keymap
// (src/ui/editor/code-editor.ts) takes its keys from here too, in CodeMirror's notation.
// Find in files is still matched by `isProjectSearchKey`, which also reads the key's place.

/** Quick open: find a file by name. */
export const QUICK_OPEN_KEYS: KeyChord = { key: 'p', mod: true };
/** The command palette: Quick open in command mode. */
export const COMMAND_PALETTE_KEYS: KeyChord = { key: 'p', mod: true, shift: true };
/** Project search (the Search view of the left column). */
export const FIND_IN_FILES_KEYS: KeyChord = { key: 'f', mod: true, shift: true };
/** Run the open Python file, or its selected lines (in the editor). */
export const RUN_KEYS: KeyChord = { key: 'Enter', mod: true };
/** Format the open Python file with Ruff (in the editor). */
export const FORMAT_KEYS: KeyChord = { key: 'f', shift: true, alt: true };
/** Save the open file now (in the editor). */
export const SAVE_KEYS: KeyChord = { key: 's', mod: true };
