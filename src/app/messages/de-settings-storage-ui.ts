/** The German of Settings → Storage and the passphrase dialog. */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deStorageSettingsUi = {
  usage: {
    files: (f: Formats, n: number) =>
      f.plural(n, { one: '# Datei oder Ordner', other: '# Dateien und Ordner' }),
    conversations: (f: Formats, n: number) =>
      f.plural(n, { one: '# Unterhaltung', other: '# Unterhaltungen' }),
    runs: (f: Formats, n: number) => f.plural(n, { one: '# Ablauf', other: '# Abläufe' }),
    checkpoints: (f: Formats, n: number) =>
      f.plural(n, { one: '# Prüfpunkt', other: '# Prüfpunkte' }),
    versions: (f: Formats, n: number) =>
      f.plural(n, { one: '# gespeicherte Dateiversion', other: '# gespeicherte Dateiversionen' }),
    messages: (f: Formats, n: number) =>
      f.plural(n, { one: '# Nachricht', other: '# Nachrichten' }),
    amount: (what: string, size: string) => `${what} (${size})`,
    checkpointsOver: (checkpoints: string, versions: string, size: string) =>
      `${checkpoints} über ${versions} (${size})`,
    empty: 'Leer',
    countFailed: 'Cove konnte nicht zählen, was es speichert',
    openFailed: 'Der Arbeitsbereich konnte nicht geöffnet werden',
    deleteQuestion: (title: string) => `„${title}“ löschen?`,
    deleteText:
      'Die Unterhaltung und alle ihre Nachrichten, samt aller Verzweigungen, werden gelöscht. Der folgende Hinweis bietet „Rückgängig“, das sie vollständig zurückholt.',
    deleteConversation: 'Unterhaltung löschen',
    workspaces: 'Arbeitsbereiche',
    workspacesHelp:
      'Die Größen zählen die Dateien und den Text, den Cove für jeden aufbewahrt, größte zuerst; die Gesamtgröße des Browsers oben zählt auch seine eigene Verwaltung mit.',
    counting: 'Wird gezählt …',
    open: 'geöffnet',
    openWorkspace: (name: string) => `Arbeitsbereich ${name} öffnen`,
    openButton: 'Öffnen',
    unreferenced: (versions: string, size: string) =>
      `Von keinem Prüfpunkt verwendet: ${versions} (${size}).`,
    conversationsIn: (workspace: string) => `Unterhaltungen in „${workspace}“`,
    noConversations: 'Keine Unterhaltungen in diesem Arbeitsbereich.',
    openConversation: (title: string) => `Unterhaltung ${title} öffnen`,
    deleteConversationOf: (title: string) => `Unterhaltung ${title} löschen`,
    delete: 'Löschen',
  },
  setAside: {
    deleteAllQuestion: (f: Formats, n: number) =>
      f.plural(n, {
        one: 'Die # beiseitegelegte Zeile löschen?',
        other: 'Alle # beiseitegelegten Zeilen löschen?',
      }),
    deleteOneQuestion: (row: string) => `Die beiseitegelegte Zeile von ${row} löschen?`,
    deleteText:
      'Cove hat aufbewahrt, was es nicht lesen konnte, damit du es ansehen oder von Hand retten kannst. Gelöscht ist es endgültig weg; exportiere es vorher, falls du es brauchen könntest.',
    deleteAll: 'Alle löschen',
    deleteRow: 'Zeile löschen',
    deleteFailed: 'Die beiseitegelegte Zeile konnte nicht gelöscht werden',
    heading: 'Beiseitegelegt',
    empty: 'Nichts wurde beiseitegelegt: Jede Zeile, die Cove bisher gelesen hat, war in Ordnung.',
    intro:
      'Cove hat diese Zeilen beim Lesen beschädigt vorgefunden. Es hat sie ausgelassen, damit der Rest sich öffnen ließ, und sie hier genau so aufbewahrt, wie sie gespeichert waren.',
    list: 'Beiseitegelegte Zeilen',
    when: (time: string) => `Beiseitegelegt am ${time}`,
    exportRow: (row: string) => `${row} exportieren`,
    export: 'Exportieren',
    deleteRowOf: (row: string) => `${row} löschen`,
    delete: 'Löschen',
    exportAll: 'Alle beiseitegelegten Zeilen exportieren',
    deleteAllButton: 'Alle beiseitegelegten Zeilen löschen …',
  },
  passphrase: {
    sealing:
      'Die Schlüssel werden mit der Passphrase verschlüsselt (absichtlich langsam: So wird auch das Raten langsam) …',
    opening:
      'Die Schlüssel werden mit der Passphrase geöffnet (absichtlich langsam: So wird auch das Raten langsam) …',
    tooShort: (min: string) => `Die Passphrase braucht mindestens ${min} Zeichen.`,
    differ: 'Die beiden Passphrasen unterscheiden sich; gib zweimal dieselbe ein.',
    empty: 'Gib die Passphrase ein.',
    passphrase: 'Passphrase',
    repeat: 'Passphrase wiederholen',
    cancel: 'Abbrechen',
  },
} satisfies UiCatalog['storageSettings'];
