import { COMMAND_PALETTE_KEYS } from '../../app/commands/app-shortcuts';
import { matchesChord, type ChordEvent } from '../../app/commands/key-chord';

/**
 * Whether `event` is the command palette's shortcut: Cmd+Shift+P on macOS, Ctrl+Shift+P
 * elsewhere (by the key's character, as Quick open's Ctrl/Cmd+P).
 */
export function isCommandPaletteShortcut(event: ChordEvent, mac: boolean): boolean {
  return matchesChord(event, COMMAND_PALETTE_KEYS, mac);
}

/** What Quick open's box holds when the palette opens: its command prefix, as in VS Code. */
export const COMMAND_PREFIX = '>';
