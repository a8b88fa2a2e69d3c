/**
 * Ctrl+` (on every platform, as in VS Code): shows the terminal and gives it the keyboard,
 * or hides the bottom panel when the terminal already has it. `code` is checked too, so
 * the key works on layouts where ` is a dead key or sits elsewhere.
 */
export function isTerminalShortcut(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  return (
    event.ctrlKey &&
    !event.altKey &&
    !event.metaKey &&
    !event.shiftKey &&
    (event.key === '`' || event.code === 'Backquote')
  );
}

/** The shortcut as menus and titles show it. */
export const TERMINAL_SHORTCUT_LABEL = 'Ctrl+`';
