/** The German of the UI: the keys of ./en-ui.ts, each worded for German readers. */
import type { UiCatalog } from './catalog';
import { deGitExtraUi } from './de-git-extra-ui';
import type { Formats } from './formats';
import { deMcpSignInUi } from './de-mcp-sign-in-ui';
import { dePdfPageUi } from './pdf-page-ui';
import { deGitUi } from './de-git-ui';
import { deRunResultUi } from './de-run-result-ui';
import { deQuickOpenUi } from './de-quick-open-ui';
import { deSessionsUi } from './de-sessions-ui';
import { deTracesUi } from './de-traces-ui';
import { deKnowledgeUi, deLogsUi, dePreviewUi, deSearchUi } from './de-panels-ui';
import { deProvidersUi } from './de-settings-providers-ui';
import { deSectionsUi } from './de-settings-sections-ui';
import { deMcpSettingsUi } from './de-settings-mcp-ui';
import { deMoreSettingsUi } from './de-settings-more-ui';
import { deStorageSettingsUi } from './de-settings-storage-ui';
import { deWorkbenchUi } from './de-workbench-ui';
import { deConversationUi } from './de-conversation-ui';
import { deComposerExtrasUi } from './de-composer-extras-ui';
import { deAgentReviewUi } from './de-agent-review-ui';

export const deUi = {
  ...deWorkbenchUi,
  ...deConversationUi,
  ...deComposerExtrasUi,
  ...deAgentReviewUi,
  shell: {
    newVersion: 'Eine neue Version von Cove ist verfügbar.',
    reload: 'Neu laden',
    failedRunInChatBox:
      'Der fehlgeschlagene Lauf steht im Chatfeld bereit; richte in den Einstellungen ein Modell ein, um ihn zu senden.',
    showPanel: (panel: string) => `Bereich „${panel}“ anzeigen`,
    showOrHidePanel: (panel: string) => `Bereich „${panel}“ ein- oder ausblenden`,
    panelNames: { files: 'Dateien', output: 'Ausgabe', assistant: 'Assistent' },
    offline: 'Offline',
    offlineTitle:
      'Der Browser ist offline. Dateien, Python und gespeicherte Chats funktionieren; Modelle und nicht zwischengespeicherte Pakete brauchen das Netz.',
    toLightTheme: 'Zum hellen Design wechseln',
    toDarkTheme: 'Zum dunklen Design wechseln',
    switchTheme: 'Design wechseln',
    traces: 'Abläufe',
    tracesTitle: 'Abläufe: jeder Agentenlauf, Schritt für Schritt',
    logs: 'Protokoll',
    logsTitle: 'Protokoll: Fehler und Warnungen, für einen Fehlerbericht',
    settings: 'Einstellungen',
    filesPanel: 'Bereich Dateien',
    editorPanel: 'Bereich Editor',
    outputPanel: 'Bereich Ausgabe',
    assistantPanel: 'Bereich Assistent',
    resizeFiles: 'Breite des Dateibereichs ändern',
    resizeOutput: 'Höhe des Ausgabebereichs ändern',
    resizeAssistant: 'Breite des Assistentenbereichs ändern',
    blockedTitle: 'Cove wurde in einem anderen Tab aktualisiert',
    blockedText:
      'Dieser Tab läuft mit einer älteren Version und speichert nicht mehr, damit deine Daten keinen Schaden nehmen. Lade die Seite neu, um weiterzuarbeiten.',
    /** Panels by the names a failed one is reported with. */
    boundaries: {
      files: 'Dateien',
      editor: 'Editor',
      assistant: 'Assistent',
      output: 'Ausgabe',
      terminal: 'Terminal',
      preview: 'Vorschau',
    },
    panels: 'Bereiche',
    views: { files: 'Dateien', editor: 'Editor', assistant: 'Assistent', output: 'Ausgabe' },
    panelFailed: (name: string) => `Der Bereich „${name}“ ist ausgefallen.`,
    panelFailedLabel: (name: string) => `${name} ausgefallen`,
    panelSafe:
      'Deine Dateien und Unterhaltungen sind sicher. Lade den Bereich neu; fällt er wieder aus, steht mehr im Protokoll.',
    reloadPanel: (name: string) => `${name} neu laden`,
    andMore: (more: string) => `… und ${more} weitere`,
    notifications: 'Benachrichtigungen',
    shownTimes: (times: string) => `${times}-mal angezeigt`,
    dismiss: 'Schließen',
    dismissTitle: 'Diesen Hinweis schließen',
  },
  pdfPage: dePdfPageUi,
  sidebar: {
    label: 'Seitenleiste',
    files: 'Dateien',
    search: 'Suche',
    searchTitle: (shortcut: string) => `In Dateien suchen (${shortcut})`,
    git: 'Git',
    gitTitle: 'Versionskontrolle: git',
    knowledge: 'Wissen',
    knowledgeTitle: 'Wissen: was der Assistent zitieren kann',
  },
  bottom: {
    label: 'Unterer Bereich',
    output: 'Ausgabe',
    outputTitle: 'Ausgabe der Python-Läufe',
    terminal: 'Terminal',
    terminalTitle: (shortcut: string) => `Terminal (${shortcut})`,
    preview: 'Vorschau',
    previewTitle: 'Live-Vorschau der darin geöffneten Seite',
    loadingPreview: 'Vorschau wird geladen …',
  },
  settings: {
    title: 'Einstellungen',
    close: 'Einstellungen schließen',
    appearance: 'Darstellung',
    theme: 'Design',
    themeSystem: 'Wie im System',
    themeLight: 'Hell',
    themeDark: 'Dunkel',
    language: 'Sprache',
    languageBrowser: (name: string) => `Wie im Browser (${name})`,
    storage: 'Speicher',
    storageIntro:
      'Alles, was Cove aufbewahrt – Arbeitsbereiche, Dateien und Einstellungen –, bleibt in diesem Browser.',
    storageUnknown: 'Dieser Browser meldet nicht, wie viel Platz belegt ist.',
    storageUsing: (used: string, quota: string) => `${used} von ${quota} verfügbar belegt.`,
    persisted: 'Der Browser hat zugesagt, diese Daten auch bei knappem Speicher zu behalten.',
    notPersisted:
      'Der Browser kann diese Daten bei knappem Speicher löschen; lade Sicherungen der Arbeit herunter, die dir wichtig ist.',
    backup: 'Sicherung',
    backupIntro:
      'Eine Datei mit allen Arbeitsbereichen, Dateien und Einstellungen. Stelle sie hier oder in einem anderen Browser wieder her. API-Schlüssel bleiben draußen, außer du nimmst sie mit einer Passphrase verschlüsselt auf.',
    includeKeys: 'API-Schlüssel aufnehmen, mit einer Passphrase verschlüsselt',
    downloadBackup: 'Sicherung herunterladen',
    restoreBackup: 'Sicherung wiederherstellen …',
    version: (version: string, build: string) => `Cove ${version} (Build ${build})`,
    backupFailed: 'Sicherung fehlgeschlagen',
    choosePassphrase: 'Passphrase für die Schlüssel wählen',
    choosePassphraseText:
      'Deine API-Schlüssel kommen mit dieser Passphrase verschlüsselt in die Sicherung, nie im Klartext. Du brauchst sie zum Wiederherstellen; niemand kann sie für dich zurückholen.',
    restoring: 'Sicherung wird wiederhergestellt …',
    restoredCounts: (f: Formats, workspaces: number, files: number) =>
      `${f.plural(workspaces, { one: '# Arbeitsbereich', other: '# Arbeitsbereiche' })}, ${f.plural(files, { one: '# Datei', other: '# Dateien' })}`,
    restoredWithKeys: (counts: string) =>
      `Sicherung wiederhergestellt: ${counts} und die API-Schlüssel.`,
    restoredKeysLeft: (counts: string) =>
      `Sicherung wiederhergestellt: ${counts}. Die API-Schlüssel darin wurden nicht wiederhergestellt; gib sie unter Einstellungen → Anbieter erneut ein.`,
    restored: (counts: string) => `Sicherung wiederhergestellt: ${counts}.`,
    openingRestored: 'Der wiederhergestellte Arbeitsbereich wird geöffnet …',
    wrongPassphrase:
      'Diese Passphrase öffnet die Schlüssel in dieser Sicherung nicht. Es wurde noch nichts wiederhergestellt.',
    wrongPassphraseHint:
      'Versuche es noch einmal (Groß- und Kleinschreibung zählen) oder wähle „Ohne Schlüssel wiederherstellen“, um alles andere wiederherzustellen.',
    restoredShowFailed:
      'Die Sicherung ist wiederhergestellt, aber die Anzeige ist fehlgeschlagen; lade die Seite neu',
    restoreFailed: 'Wiederherstellen fehlgeschlagen',
    restoreQuestion: 'Diese Sicherung wiederherstellen?',
    restoreQuestionText: (file: string) =>
      `Arbeitsbereiche in „${file}“ ersetzen die Arbeitsbereiche mit derselben Identität hier; andere Arbeitsbereiche bleiben, wie sie sind. Die Datei wird vollständig geprüft, bevor sich etwas ändert.`,
    restore: 'Wiederherstellen',
    keysPassphrase: 'Passphrase für die API-Schlüssel',
    keysPassphraseText: (file: string) =>
      `„${file}“ enthält API-Schlüssel, verschlüsselt mit der Passphrase, die beim Erstellen gewählt wurde. Gib sie ein, um auch die Schlüssel wiederherzustellen, oder stelle alles andere ohne sie wieder her.`,
    restoreWithoutKeys: 'Ohne Schlüssel wiederherstellen',
  },
  providers: deProvidersUi,
  sections: deSectionsUi,
  mcpSettings: deMcpSettingsUi,
  moreSettings: deMoreSettingsUi,
  storageSettings: deStorageSettingsUi,
  chat: {
    renameTitle: 'Unterhaltung umbenennen',
    titleLabel: 'Titel',
    rename: 'Umbenennen',
    deleteTitle: (title: string) => `„${title}“ löschen?`,
    deleteText:
      'Die Unterhaltung und alle ihre Nachrichten, jeder Zweig eingeschlossen, werden gelöscht; „Rückgängig“ oder „Wiederherstellen“ unter „Kürzlich gelöscht“ holt sie 30 Tage lang zurück. Um sie zu behalten und neu anzufangen, nimm stattdessen „Neue Unterhaltung“.',
    deleteConversation: 'Unterhaltung löschen',
    conversation: 'Unterhaltung',
    newConversation: 'Neue Unterhaltung',
    conversations: 'Unterhaltungen',
    conversationsTitle: 'Alle Unterhaltungen: suchen, markieren, exportieren, importieren',
    newConversationTitle: 'Neue Unterhaltung (diese bleibt in der Liste)',
    renameConversation: 'Unterhaltung umbenennen',
    tree: 'Gesprächsbaum',
    treeTitle: 'Jeder Zweig dieser Unterhaltung',
    elsewhere:
      'Läuft in einem anderen Tab. Die Antwort erscheint hier, während sie geschrieben wird; zum Senden warte auf sie oder nutze den anderen Tab.',
    messages: 'Nachrichten',
    connectModel:
      'Verbinde ein Modell, um loszulegen: OpenAI, DeepSeek, OpenRouter, Groq, Mistral oder ein lokaler Server wie Ollama oder LM Studio.',
    addProvider: 'Anbieter hinzufügen',
    askAbout:
      'Frag etwas zu deinem Code. Die geöffnete Datei (und deine Auswahl) geht mit deiner Nachricht mit.',
    retrying: (reason: string, seconds: string, attempt: string) =>
      `${reason} Neuer Versuch in ${seconds} s (Versuch ${attempt}).`,
    cancel: 'Abbrechen',
  },
  agentMode: {
    mode: 'Modus',
    chat: 'Chat',
    agent: 'Agent',
    approval: 'Freigabe',
    ask: 'Erst fragen',
    askHint: 'Jede Änderung, jedes Skript und jeder Abruf fragt zuerst',
    autoEdit: 'Auto-Bearbeiten',
    autoEditHint: 'Dateiänderungen laufen; Python, bash und Netzwerk fragen',
    auto: 'Vollautomatisch',
    autoHint: 'Nichts fragt; Stopp ist immer da',
  },
  files: {
    actions: 'Dateiaktionen',
    title: 'Dateien',
    newFile: 'Neue Datei',
    newFolder: 'Neuer Ordner',
    uploadFiles: 'Dateien hochladen',
    uploadFolder: 'Ordner hochladen',
    importZip: 'Zip importieren',
    importZipTitle: 'Eine .zip-Datei in diesen Arbeitsbereich importieren',
    exportZip: 'Zip exportieren',
    exportZipTitle: 'Diesen Arbeitsbereich als .zip herunterladen',
    noWorkspace: 'Noch kein Arbeitsbereich.',
    createWorkspace: 'Arbeitsbereich anlegen',
    workspace: 'Arbeitsbereich',
    newWorkspace: 'Neuer Arbeitsbereich',
    renameWorkspace: 'Arbeitsbereich umbenennen',
    deleteWorkspace: 'Arbeitsbereich löschen',
  },
  output: {
    controls: 'Ausführung',
    title: 'Ausgabe',
    previewTitle: (file: string) =>
      `${file} mit seinem CSS und seinen Skripten in der Live-Vorschau zeigen`,
    openInPreview: 'In Vorschau öffnen',
    run: 'Ausführen',
    runSelectionTitle: 'Die im Editor markierten Zeilen ausführen',
    openPythonForSelection: 'Öffne eine Python-Datei (.py), um eine Auswahl auszuführen',
    runSelection: 'Auswahl ausführen',
    selection: 'Auswahl',
    stop: 'Stopp',
    argumentsAndInput: 'Argumente und Eingabe',
    input: 'Eingabe',
    restart: 'Python neu starten',
    restartTitle: 'Python neu starten (frischer Interpreter)',
    copy: 'Ausgabe kopieren',
    clear: 'Ausgabe leeren',
    arguments: 'Argumente',
    argumentsPlaceholder: 'z. B. input.txt --verbose "zwei Wörter"',
    stdin: 'Eingabe für input()',
    stdinPlaceholder: 'Eine Antwort pro Zeile',
    openPythonToRun:
      'Öffne eine Python-Datei (.py) und drücke „Ausführen“, um hier zu sehen, was sie ausgibt.',
    starting:
      'Python startet. Drücke jetzt „Ausführen“, und deine Datei läuft, sobald Python bereit ist.',
    runToSee: 'Führe eine Python-Datei aus, um hier zu sehen, was sie ausgibt.',
    runOf: (label: string) => `Lauf von ${label}`,
    running: 'läuft',
    programOutput: 'Programmausgabe',
  },
  mcpTemplate: {
    attachTitle: (title: string) => `${title} anhängen`,
    optional: ' (kann leer bleiben)',
    address: 'Adresse der Ressource',
    back: 'Zurück',
    attach: 'Anhängen',
  },
  composer: {
    setUpModelFirst: 'Richte zuerst ein Modell ein',
    waitForFiles: 'Warte, bis die angehängten Dateien gelesen sind',
    typeFirst: 'Schreibe zuerst eine Nachricht',
    waitForRun:
      'Warte, bis der Lauf endet, oder lenke ihn mit „Bearbeiten“ oder reihe die Nachricht ein',
    sendOrClear: 'Sende oder leere zuerst das Nachrichtenfeld',
    message: 'Nachricht',
    attachments: 'Anhänge',
    steerPlaceholder:
      'Den Agenten lenken (Enter) oder eine Nachricht für nach diesem Lauf einreihen …',
    askPlaceholder:
      'Frag etwas zu deinem Code … (Enter sendet, Umschalt+Enter für eine neue Zeile)',
    setUpModel: 'Modell einrichten',
    model: 'Modell',
    knowledge: 'Wissen',
    knowledgeTitle:
      'Bei jeder Nachricht das Wissen des Arbeitsbereichs durchsuchen und zitieren (oder #knowledge in eine Nachricht schreiben)',
    send: 'Senden',
    sendTitle: 'Senden (Enter)',
    deliver: 'Nachricht zustellen',
    steer: 'Lenken',
    steerTitle: 'Dem Agenten nach seinen laufenden Werkzeugaufrufen zustellen (Enter)',
    queue: 'Einreihen',
    queueTitle: 'Senden, wenn dieser Lauf beendet ist',
    stop: 'Stopp',
  },
  gitExtra: deGitExtraUi,
  mcpSignIn: deMcpSignInUi,
  git: deGitUi,
  runResult: deRunResultUi,
  quickOpen: deQuickOpenUi,
  sessions: deSessionsUi,
  traces: deTracesUi,
  knowledge: deKnowledgeUi,
  logs: deLogsUi,
  preview: dePreviewUi,
  search: deSearchUi,
} satisfies UiCatalog;
