/** The German of a Python run's result (the keys of ./en-run-result-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deRunResultUi = {
  finished: (duration: string) => `Fertig in ${duration}.`,
  syntaxError: 'Nicht ausgeführt: Der Code hat einen Syntaxfehler.',
  failedWith: (duration: string, type: string) => `Nach ${duration} mit ${type} fehlgeschlagen.`,
  exited: (code: string, duration: string) => `Nach ${duration} mit Code ${code} beendet.`,
  failed: 'Fehlgeschlagen.',
  timeout: (duration: string) => `Gestoppt: Das Zeitlimit wurde überschritten (${duration}).`,
  killed: (duration: string) => `Nach ${duration} gestoppt.`,
  crashed:
    'Python ist abgestürzt und wurde neu gestartet; deine Dateien sind sicher. Starte erneut.',
  outputCut: (f: Formats, dropped: number) =>
    `Die Ausgabe wurde bei 1 MB abgeschnitten (${f.plural(dropped, { one: '# weiteres Byte', other: '# weitere Bytes' })} nicht angezeigt).`,
  fileLine: (file: string, line: string) => `${file}, Zeile ${line}`,
  column: (column: string) => `, Spalte ${column}`,
  traceback: 'Aufrufliste',
  inFunction: 'in',
  figure: (n: string) => `Abbildung ${n}`,
  wrote: (files: string) => `Geschrieben: ${files}. `,
  deleted: (files: string) => `Gelöscht: ${files}.`,
  debug: 'Mit KI debuggen',
  busy: 'Python ist mit einem anderen Lauf beschäftigt; stoppe ihn oder warte.',
  codeOutput: 'Ausgabe dieses Codes',
  running: 'Läuft …',
  couldNotRun: 'Der Code konnte nicht ausgeführt werden.',
} satisfies UiCatalog['runResult'];
