/** True on macOS and iOS, where shortcuts use Cmd instead of Ctrl. */
export const onApplePlatform = (): boolean =>
  /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** How the shortcut is written for the person: "Cmd+Shift+F" on Apple systems, else "Ctrl+Shift+F". */
export const projectSearchShortcut = (): string =>
  onApplePlatform() ? 'Cmd+Shift+F' : 'Ctrl+Shift+F';

/**
 * True for the project search shortcut: Cmd+Shift+F on Apple systems, Ctrl+Shift+F
 * elsewhere. `code` as well as `key`, so a keyboard layout that types another letter on
 * that key (or Shift giving "F") still counts.
 */
export function isProjectSearchKey(event: KeyboardEvent, apple = onApplePlatform()): boolean {
  const modifier = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return (
    modifier &&
    event.shiftKey &&
    !event.altKey &&
    (event.key.toLowerCase() === 'f' || event.code === 'KeyF')
  );
}
