/** The German of Quick open and the command palette (the keys of ./en-quick-open-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deQuickOpenUi = {
  noCommand: (filter: string) => `Kein Befehl passt zu „${filter}“.`,
  noFiles: 'Dieser Arbeitsbereich hat noch keine Dateien.',
  noFile: (filter: string) => `Keine Datei passt zu „${filter}“.`,
  openForLine: 'Öffne eine Datei, um zu einer ihrer Zeilen zu springen.',
  typeLine: (name: string, lines: string) => `Gib eine Zeilennummer von ${name} ein (1–${lines}).`,
  openForSymbol: 'Öffne eine Python-Datei, um zu einem ihrer Symbole zu springen.',
  notPython: (name: string) =>
    `@ listet die Funktionen und Klassen einer Python-Datei auf; ${name} ist keine.`,
  noSymbols: (name: string) => `${name} definiert keine Funktionen oder Klassen.`,
  noSymbol: (filter: string) => `Kein Symbol passt zu „${filter}“.`,
  palette: 'Befehlspalette',
  quickOpen: 'Schnell öffnen',
  command: 'Befehl',
  fileQuery: 'Dateiname, :Zeile oder @Symbol',
  lists: { file: 'Dateien', line: 'Dateien', symbol: 'Symbole', command: 'Befehle' },
  showing: (shown: string, total: string) =>
    `${shown} von ${total} angezeigt; tippe weiter, um einzugrenzen.`,
  commandKeys:
    '↑↓ zum Wählen, Enter zum Ausführen, Esc zum Schließen. Lösche das >, um Dateien zu suchen.',
  fileKeys:
    '↑↓ zum Wählen, Enter zum Öffnen, Esc zum Schließen. Tippe : für eine Zeile, @ für ein Symbol, > für einen Befehl.',
  goToLine: (line: string) => `Gehe zu Zeile ${line}`,
  column: (column: string) => `, Spalte ${column}`,
  ofFile: (f: Formats, name: string, lines: number) =>
    `von ${name} (${f.plural(lines, { one: '# Zeile', other: '# Zeilen' })})`,
  line: (line: string) => `Zeile ${line}`,
  pathLine: (path: string, line: string) => `${path}, Zeile ${line}`,
  goToLineOf: (line: string, path: string) => `Gehe zu Zeile ${line} von ${path}`,
  symbolLabel: (name: string, kind: string, line: string) => `${name}, ${kind}, Zeile ${line}`,
  kinds: { function: 'Funktion', class: 'Klasse', method: 'Methode' },
} satisfies UiCatalog['quickOpen'];
