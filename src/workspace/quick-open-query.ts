/**
 * What a Quick open query asks for:
 * - `file`: files whose path matches `filter` (fuzzy); with `line`, opened at that line
 *   (`main.py:42`, `main.py:42:7`);
 * - `line`: a line of the active file (`:42`, `:42:7`); `line` is undefined while the person
 *   has typed only `:` or something that is not a number yet;
 * - `symbol`: the active file's symbols whose name matches `filter` (`@greet`);
 * - `command`: the app's commands whose title matches `filter` (`>new file`): the command
 *   palette, as in VS Code, where Ctrl/Cmd+Shift+P opens Quick open on `>`.
 *
 * Lines and columns are 1-based.
 */
export type QuickOpenQuery =
  | { kind: 'file'; filter: string; line?: number; column?: number }
  | { kind: 'line'; line?: number; column?: number }
  | { kind: 'symbol'; filter: string }
  | { kind: 'command'; filter: string };

const LINE_SUFFIX = /:(\d*)(?::(\d*))?$/;

/** Reads what was typed into Quick open; leading and trailing spaces do not count. */
export function parseQuickOpenQuery(input: string): QuickOpenQuery {
  const text = input.trim();
  if (text.startsWith('>')) return { kind: 'command', filter: text.slice(1).trim() };
  if (text.startsWith('@')) return { kind: 'symbol', filter: text.slice(1).trim() };
  const suffix = LINE_SUFFIX.exec(text);
  if (text.startsWith(':')) {
    // ":" alone, or ":abc": a line is on its way but not a number yet.
    if (!suffix || suffix.index !== 0) return { kind: 'line' };
    return { kind: 'line', ...position(suffix) };
  }
  if (!suffix) return { kind: 'file', filter: text };
  return { kind: 'file', filter: text.slice(0, suffix.index).trim(), ...position(suffix) };
}

function position(suffix: RegExpExecArray): { line?: number; column?: number } {
  const line = toPositive(suffix[1]);
  const column = line === undefined ? undefined : toPositive(suffix[2]);
  return {
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}

function toPositive(digits: string | undefined): number | undefined {
  if (!digits) return undefined;
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
