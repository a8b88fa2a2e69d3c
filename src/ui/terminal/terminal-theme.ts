import type { ITheme } from '@xterm/xterm';

/**
 * xterm's colours from Cove's theme variables (theme.css), read from the page's computed
 * style: xterm paints on its own and cannot use CSS variables, so the panel calls this
 * again when the theme switches. The ANSI colours the shell uses map to Cove's: red for
 * errors (stderr), cyan for the prompt's folder.
 */
export function terminalTheme(style: CSSStyleDeclaration): ITheme {
  const value = (name: string) => style.getPropertyValue(name).trim();
  return {
    background: value('--bg-panel'),
    foreground: value('--fg'),
    cursor: value('--accent'),
    cursorAccent: value('--bg-panel'),
    selectionBackground: value('--bg-selected'),
    red: value('--danger'),
    brightRed: value('--danger'),
    green: value('--success'),
    brightGreen: value('--success'),
    cyan: value('--accent'),
    brightCyan: value('--accent'),
    blue: value('--focus'),
    brightBlack: value('--fg-muted'),
  };
}
