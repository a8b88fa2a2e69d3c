import { QUICK_OPEN_KEYS } from '../../app/commands/app-shortcuts';
import { matchesChord, type ChordEvent } from '../../app/commands/key-chord';

/** The keys of a keyboard event that matter to a shortcut. */
export type ShortcutKeys = ChordEvent;

/**
 * Whether `event` is Quick open's shortcut: Cmd+P on macOS, Ctrl+P elsewhere, with no other
 * modifier (Ctrl+Shift+P is the command palette's, Ctrl+Alt+P stays free). Read by the
 * key's character, not its place on the keyboard, so it is the P of the person's layout. On
 * macOS Ctrl+P stays the text fields' "previous line".
 */
export function isQuickOpenShortcut(event: ShortcutKeys, mac: boolean): boolean {
  return matchesChord(event, QUICK_OPEN_KEYS, mac);
}

/** Whether this browser runs on an Apple system, whose shortcuts use Cmd for Ctrl. */
export function isApplePlatform(nav: Pick<Navigator, 'platform' | 'userAgent'>): boolean {
  return /Mac|iPhone|iPad|iPod/.test(nav.platform || nav.userAgent);
}
