/** The German of ./en-workbench-ui.ts. */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deWorkbenchUi = {
  editor: {
    openFiles: 'Geöffnete Dateien',
    unsaved: 'ungespeicherte Änderungen',
    unsavedTitle: 'Ungespeicherte Änderungen',
    close: (name: string) => `${name} schließen`,
    closeWithPath: (name: string, path: string) => `${name} schließen (${path})`,
    editor: 'Editor',
    conflict:
      'Diese Datei wurde anderswo geändert, während du ungespeicherte Änderungen hattest. Welche Fassung möchtest du behalten?',
    useTheirs: 'Neue Fassung übernehmen',
    keepMine: 'Meine Änderungen behalten',
    deleted:
      'Diese Datei wurde anderswo gelöscht. Speichere, um sie neu anzulegen, oder schließe den Tab.',
    saveAgain: 'Erneut speichern',
    readOnly: 'Schreibgeschützt',
    download: 'Herunterladen',
    binaryIs: (f: Formats, bytes: number) =>
      ` ist eine Binärdatei, ${f.plural(bytes, { one: '# Byte', other: '# Bytes' })}.`,
    binaryKept: 'Cove bewahrt Binärdateien unverändert auf und öffnet sie nicht als Text.',
    noFile: 'Keine Datei geöffnet.',
    noFileHint: 'Wähle links eine Datei oder lege mit „Neue Datei“ eine an.',
    formatTitle: 'Mit Ruff formatieren (Umschalt+Alt+F)',
    format: 'Formatieren',
    saving: 'Wird gespeichert …',
    saved: 'Gespeichert',
    couldNotLoad: (reason: string) =>
      `Der Editor konnte nicht geladen werden (${reason}). Lade die Seite neu.`,
    couldNotFormat: (path: string) => `${path} konnte nicht formatiert werden`,
  },
  fileTree: {
    empty: 'Noch keine Dateien. Lege eine an oder ziehe Dateien hierher.',
    label: 'Dateien',
    actionsFor: (name: string) => `Aktionen für ${name}`,
    binary: (f: Formats, bytes: number) =>
      `Binärdatei, ${f.plural(bytes, { one: '# Byte', other: '# Bytes' })}`,
  },
  dialogs: {
    cancel: 'Abbrechen',
  },
  zipImport: {
    label: 'Zip-Import',
    progress: 'Fortschritt des Zip-Imports',
    opening: 'Zip-Datei wird geöffnet …',
    unpacking: (done: string, total: string) => `${done} von ${total} Einträgen entpackt …`,
    importing: (done: string, total: string) =>
      `${done} von ${total} Dateien und Ordnern importiert …`,
    cancel: 'Abbrechen',
    cancelling: 'Wird abgebrochen …',
  },
} satisfies Pick<UiCatalog, 'editor' | 'fileTree' | 'dialogs' | 'zipImport'>;
