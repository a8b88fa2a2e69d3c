/** The German of Settings' Chat and Git sections and the models kept in this browser. */
import type { UiCatalog } from './catalog';

export const deMoreSettingsUi = {
  chat: {
    heading: 'Chat',
    saving: 'Wird gespeichert …',
    saved: 'Änderungen gespeichert',
    model: 'Standardmodell',
    noModels: 'Noch keine Modelle: Füge oben einen Anbieter hinzu',
    chooseFailed: 'Das Modell konnte nicht gewählt werden',
    fileContext: 'Geöffnete Datei als Kontext verwenden',
    fileContextNote:
      'Sendet die geöffnete Datei (und die Auswahl) mit jeder Nachricht, sodass du direkt danach fragen kannst.',
    maxTokens: 'Höchstens Tokens pro Antwort',
    maxTokensPlaceholder: 'Das Limit des Modells',
    temperature: 'Temperatur',
    temperaturePlaceholder: 'Standard des Anbieters',
    prompt: 'Eigener Systemprompt',
    promptPlaceholder: 'Leer: die Anweisungen von Cove',
    promptNote:
      'Wenn nicht leer, ersetzt er die Grundanweisungen von Cove. Die geöffnete Datei und die Aufgabe kommen weiterhin dazu.',
  },
  git: {
    noName: 'Gib den Namen ein, den Commits tragen sollen, z. B. Ada Lovelace.',
    badEmail: 'Gib eine E-Mail-Adresse wie ada@example.com ein.',
    authorName: 'Name des Autors',
    authorEmail: 'E-Mail des Autors',
    authorHelp:
      'Jeder Commit in Cove trägt diesen Namen und diese E-Mail, wie user.name und user.email in git. Sie werden nur in diesem Browser gespeichert.',
    save: 'Git-Einstellungen speichern',
    saved: 'Gespeichert.',
    badProxy:
      'Gib die Adresse des Proxys ein, z. B. https://proxy.example.com, oder lass das Feld leer.',
    proxy: 'CORS-Proxy',
    proxyPlaceholder: 'Leer: direkt mit dem Git-Host verbinden',
    proxyHelp:
      'Die meisten Git-Hosts lassen Webseiten nicht mit sich sprechen (CORS), daher können Klonen, Fetch, Pull und Push über einen Proxy laufen, den du betreibst (die README zeigt, wie). Der Proxy sieht alles, was die Anfragen enthalten: den Inhalt des Repositorys und dein Token.',
    saveProxy: 'Proxy speichern',
    proxySaved: 'Proxy gespeichert.',
    noHost: 'Gib den Host ein, z. B. github.com.',
    noToken: 'Füge das Zugriffstoken ein.',
    tokens: 'Zugriffstokens',
    noTokens: 'Noch keine Tokens: Öffentliche Repositorys brauchen keine.',
    tokenHosts: 'Hosts mit Token',
    as: (user: string) => ` (als ${user})`,
    removeToken: (host: string) => `Token für ${host} entfernen`,
    remove: 'Entfernen',
    host: 'Host',
    user: 'Benutzername (optional; manche Hosts wollen deinen)',
    token: 'Token',
    tokenHelp:
      'Verschlüsselt in diesem Browser gespeichert, wie API-Schlüssel, und nicht in Sicherungen. Cove sendet es nur an diesen Host und nur, wenn der Server eine Anmeldung verlangt.',
    saveToken: 'Token speichern',
  },
  local: {
    ready: (file: string) => `${file} steht in der Modellauswahl bereit.`,
    storeFailed: (file: string) => `${file} konnte nicht gespeichert werden`,
    deleteFailed: (file: string) => `${file} konnte nicht gelöscht werden`,
    heading: 'In diesem Browser',
    intro:
      'Führe ein GGUF-Modell mit llama.cpp in diesem Browser aus: ohne Schlüssel, ohne Server und, einmal gespeichert, ohne Netz. Kleine Modelle (0,5–1,5 Mrd. Parameter mit 4 Bit) passen zu einem Laptop.',
    looking: 'Gespeicherte Modelle werden gesucht …',
    none: 'In diesem Browser ist kein Modell gespeichert.',
    list: 'Modelle in diesem Browser',
    loaded: 'Geladen',
    deleteFile: (file: string) => `${file} löschen`,
    delete: 'Löschen',
    storing: (file: string, written: string, total: string) =>
      `${file} wird gespeichert: ${written} von ${total}`,
    cancel: 'Abbrechen',
    add: 'GGUF-Datei hinzufügen …',
  },
} satisfies UiCatalog['moreSettings'];
