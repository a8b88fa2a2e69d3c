/** The English of Quick open and the command palette (see ./en-ui.ts): loaded with them. */
import type { Formats } from './formats';

export const enQuickOpenUi = {
  noCommand: (filter: string) => `No command matches “${filter}”.`,
  noFiles: 'This workspace has no files yet.',
  noFile: (filter: string) => `No file matches “${filter}”.`,
  openForLine: 'Open a file to go to one of its lines.',
  typeLine: (name: string, lines: string) => `Type a line number of ${name} (1–${lines}).`,
  openForSymbol: 'Open a Python file to go to one of its symbols.',
  notPython: (name: string) =>
    `@ lists the functions and classes of a Python file; ${name} is not one.`,
  noSymbols: (name: string) => `${name} defines no functions or classes.`,
  noSymbol: (filter: string) => `No symbol matches “${filter}”.`,
  palette: 'Command palette',
  quickOpen: 'Quick open',
  command: 'Command',
  fileQuery: 'File name, :line or @symbol',
  lists: { file: 'Files', line: 'Files', symbol: 'Symbols', command: 'Commands' },
  showing: (shown: string, total: string) => `Showing ${shown} of ${total}; type more to narrow.`,
  commandKeys: '↑↓ to choose, Enter to run, Esc to close. Delete the > to find files.',
  fileKeys:
    '↑↓ to choose, Enter to open, Esc to close. Type : for a line, @ for a symbol, > for a command.',
  goToLine: (line: string) => `Go to line ${line}`,
  column: (column: string) => `, column ${column}`,
  ofFile: (f: Formats, name: string, lines: number) =>
    `of ${name} (${f.plural(lines, { one: '# line', other: '# lines' })})`,
  line: (line: string) => `line ${line}`,
  pathLine: (path: string, line: string) => `${path}, line ${line}`,
  goToLineOf: (line: string, path: string) => `Go to line ${line} of ${path}`,
  symbolLabel: (name: string, kind: string, line: string) => `${name}, ${kind}, line ${line}`,
  kinds: { function: 'function', class: 'class', method: 'method' },
};
