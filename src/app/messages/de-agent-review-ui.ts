/** The German of ./en-agent-review-ui.ts. */
import type { ConversationLazyAreas } from './conversation-lazy-areas';
import type { Formats } from './formats';

export const deAgentReviewUi = {
  approval: {
    title: (tool: string) => `${tool} freigeben?`,
    wouldFail: (problem: string) => `So würde dieser Aufruf fehlschlagen: ${problem}`,
    approve: 'Freigeben',
    approveSession: (tool: string) => `${tool} für diese Sitzung freigeben`,
    reject: 'Ablehnen …',
    stopTitle: 'Nicht ausführen und den Lauf stoppen (wie „Stopp“ unter dem Nachrichtenfeld)',
    rejectAndStop: 'Ablehnen und stoppen',
    feedback: 'Rückmeldung an den Agenten',
    feedbackPlaceholder:
      'Was stattdessen zu tun ist (optional). Der Agent liest das als Ergebnis des Aufrufs.',
    rejectWithFeedback: 'Mit Rückmeldung ablehnen',
    cancel: 'Abbrechen',
    code: 'Auszuführender Code',
    command: 'Auszuführender Befehl',
    commitMessage: 'Commit-Nachricht',
    nothingToCommit: 'Es würde nichts committet.',
    stagedDiff: 'Vorgemerkte Änderungen (Diff)',
    address: 'Abzurufende Adresse',
    arguments: 'Argumente',
    unifiedDiff: 'Unified Diff',
  },
  changedFiles: {
    label: 'Vom Agenten geänderte Dateien',
    count: (f: Formats, files: number) =>
      f.plural(files, { one: '# Datei geändert', other: '# Dateien geändert' }),
    changesTo: (path: string) => `Änderungen an ${path}`,
    created: 'neu',
    deleted: 'gelöscht',
    openLabel: (path: string) => `${path} öffnen`,
    open: 'Öffnen',
    diffOf: (path: string) => `Diff von ${path}`,
    nothingLeft: 'Nichts mehr zu prüfen.',
    keepAllLabel: (path: string) => `Alle Änderungen an ${path} behalten`,
    keepAll: 'Alle behalten',
    undoAllLabel: (path: string) => `Alle Änderungen an ${path} rückgängig machen`,
    undoAll: 'Alle rückgängig',
  },
  agentCommit: {
    fromModel: 'Vom Modell vorgeschlagen. Passe sie nach Belieben an.',
    fromRun:
      'Aus deiner Anfrage und den Dateien erstellt (kein Modell hat geantwortet). Passe sie nach Belieben an.',
    committed: (oid: string, subject: string) => `Committet ${oid}: ${subject}`,
    label: 'Die Änderungen des Agenten committen',
    open: 'Die Änderungen des Agenten committen …',
    message: 'Commit-Nachricht',
    placeholder: 'Nachricht wird geschrieben …',
    proposing: 'Eine Nachricht für die Änderungen wird geschrieben …',
    cancel: 'Abbrechen',
    commit: (f: Formats, files: number) =>
      f.plural(files, { one: '# Datei committen', other: '# Dateien committen' }),
  },
  memoryReceipt: {
    changedSince: (title: string) =>
      `„${title}“ hat sich geändert, seit es hier gespeichert wurde; bearbeite es unter Einstellungen → Gedächtnis.`,
    userScope: 'dein Gedächtnis',
    workspaceScope: 'Gedächtnis dieses Arbeitsbereichs',
    label: (title: string) => `Im Gedächtnis gespeichert: ${title}`,
    undone: (title: string) =>
      `Rückgängig gemacht: Diese Änderung an „${title}“ wurde zurückgenommen.`,
    saved: 'Im Gedächtnis gespeichert:',
    view: 'Ansehen',
    undo: 'Rückgängig',
    couldNotUndo: 'Rückgängig machen nicht möglich',
    flagged: (source: string) =>
      `Markiert: gespeichert, nachdem ${source} fremden Text in diesen Lauf gebracht hat. Prüfe, dass es enthält, was du behalten willst, und keine Anweisungen aus einer Datei oder Seite.`,
    note: (title: string) => `Notiz: ${title}`,
    gone: 'Diese Notiz ist nicht mehr im Gedächtnis.',
  },
  rewind: {
    restore: 'Wiederherstellen',
    delete: 'Löschen',
    recreate: 'Neu anlegen',
    restoreNote: 'bekommt ihren früheren Inhalt zurück',
    deleteNote: 'gab es damals noch nicht',
    recreateNote: 'wurde seitdem gelöscht',
    title: 'Zu dieser Nachricht zurückspulen',
    nothing: 'Die Dateien sind bereits so wie bei dieser Nachricht; keine wird sich ändern.',
    files: (f: Formats, files: number) =>
      f.plural(files, {
        one: 'Diese Datei wird auf den Stand bei dieser Nachricht zurückgesetzt:',
        other: 'Diese # Dateien werden auf den Stand bei dieser Nachricht zurückgesetzt:',
      }),
    list: 'Zurückzusetzende Dateien',
    byHandMark: ', von Hand geändert',
    unsavedMark: ', ungespeicherte Änderungen im Editor',
    byHand:
      'Von Hand geändert, nachdem der Agent sie geschrieben hat: Das Zurückspulen überschreibt diese Änderung',
    unsaved:
      'Mit ungespeicherten Änderungen geöffnet: Der Editor behält deinen Text und zeigt den Konflikt',
    maybeByHand: 'Womöglich von Hand geändert (der Schritt des Agenten wurde nicht beendet)',
    byHandCount: (f: Formats, files: number) =>
      f.plural(files, {
        one: 'Eine Datei wurde seit dem Schritt des Agenten von Hand geändert. Zurückspulen überschreibt diese Arbeit („Rückgängig“ holt sie zurück).',
        other:
          '# Dateien wurden seit dem Schritt des Agenten von Hand geändert. Zurückspulen überschreibt diese Arbeit („Rückgängig“ holt sie zurück).',
      }),
    hint: '„Unterhaltung und Dateien zurückspulen“ setzt auch die Unterhaltung hierher zurück (bei deiner eigenen Nachricht auf kurz davor, mit ihrem Text wieder im Nachrichtenfeld). Die späteren Nachrichten bleiben als Zweig in der Unterhaltung.',
    cancel: 'Abbrechen',
    conversationAndFiles: 'Unterhaltung und Dateien zurückspulen',
    filesOnly: 'Dateien zurückspulen',
  },
} satisfies ConversationLazyAreas;
