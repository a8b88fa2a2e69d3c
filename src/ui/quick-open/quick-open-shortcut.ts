/** The keys of a keyboard event that matter to a shortcut. */
export type ShortcutKeys = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'
>;

/**
 * Whether `event` is Quick open's shortcut: Cmd+P on macOS, Ctrl+P elsewhere, with no other
 * modifier (Ctrl+Shift+P and Ctrl+Alt+P stay free). Read by the key's character, not its
 * place on the keyboard, so it is the P of the person's layout. On macOS Ctrl+P stays the
 * text fields' "previous line".
 */
export function isQuickOpenShortcut(event: ShortcutKeys, mac: boolean): boolean {
  if (event.altKey || event.shiftKey || event.key.toLowerCase() !== 'p') return false;
  return mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** Whether this browser runs on an Apple system, whose shortcuts use Cmd for Ctrl. */
export function isApplePlatform(nav: Pick<Navigator, 'platform' | 'userAgent'>): boolean {
  return /Mac|iPhone|iPad|iPod/.test(nav.platform || nav.userAgent);
}
