/** The German of Settings → MCP servers (the keys of ./en-settings-mcp-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deMcpSettingsUi = {
  signInFailed: (server: string) => `Anmeldung bei ${server} fehlgeschlagen`,
  signedOutRevoked: (server: string) =>
    `Von ${server} abgemeldet; der Server hat die Anmeldung widerrufen.`,
  signedOutForgot: (server: string) =>
    `Von ${server} abgemeldet; Cove hat die Anmeldung vergessen (der Server bietet keinen Widerruf an).`,
  signOutFailed: (server: string) => `Abmeldung von ${server} fehlgeschlagen`,
  removeQuestion: (server: string) => `${server} entfernen?`,
  removeText:
    'Seine Einstellungen und gespeicherten Header werden aus diesem Browser gelöscht; seine Werkzeuge werden dem Agenten nicht mehr angeboten.',
  removeFailed: 'Entfernen fehlgeschlagen',
  saveFailed: 'Der Server konnte nicht gespeichert werden',
  heading: 'MCP-Server',
  intro:
    'Werkzeugserver, die der Agent nutzen darf, erreicht aus diesem Browser über Streamable HTTP (oder das ältere HTTP+SSE). Der Server muss den Ursprung dieser Seite per CORS zulassen und den Header mcp-session-id freigeben.',
  list: 'MCP-Server',
  enabled: 'Aktiviert',
  approval: 'Freigabe',
  askEach: 'Vor jedem Aufruf fragen',
  runWithout: 'Ohne Nachfrage ausführen',
  trustReadOnly: 'Werkzeuge, die er als nur lesend markiert, ohne Nachfrage ausführen',
  sampling: 'Darf das Modell ohne Prüfung befragen (Sampling; jede Nutzung wird trotzdem gemeldet)',
  lostSecrets:
    'Ein gespeicherter Header dieses Servers lässt sich nicht mehr entschlüsseln; bearbeite den Server und gib ihn erneut ein.',
  asksSignIn: 'Dieser Server verlangt eine Anmeldung (OAuth).',
  signInTo: (server: string) => `Bei ${server} anmelden`,
  signingIn: 'Anmeldung läuft …',
  signIn: 'Anmelden',
  signedIn: 'Angemeldet',
  signOutOf: (server: string) => `Von ${server} abmelden`,
  signOut: 'Abmelden',
  testServer: (server: string) => `${server} testen`,
  testing: 'Test läuft …',
  test: 'Testen',
  editServer: (server: string) => `${server} bearbeiten`,
  edit: 'Bearbeiten',
  removeServer: (server: string) => `${server} entfernen`,
  remove: 'Entfernen',
  add: 'MCP-Server hinzufügen',
  states: {
    disabled: 'Deaktiviert',
    idle: 'Verbindet sich, wenn der Agent ihn braucht',
    connecting: 'Verbindung wird aufgebaut …',
    connected: (f: Formats, tools: number) =>
      `Verbunden · ${f.plural(tools, { one: '# Werkzeug', other: '# Werkzeuge' })}`,
    signIn: 'Anmeldung nötig',
    failed: (message: string) => `Nicht verfügbar: ${message}`,
  },
  form: {
    editTitle: (server: string) => `${server} bearbeiten`,
    addTitle: 'MCP-Server hinzufügen',
    headerTwice: (header: string) => `Der Header „${header}“ ist doppelt angegeben.`,
    headerTwiceHint: 'Behalte eine Zeile pro Headername.',
    name: 'Name',
    namePlaceholder: 'z. B. github',
    url: 'URL',
    headers: 'Header',
    headersNote:
      'Werden mit jeder Anfrage an diesen Server gesendet, z. B. Authorization: Bearer … für ein Token. Header, die wie ein Schlüssel oder Token heißen, werden verschlüsselt aufbewahrt, nicht in Sicherungen.',
    clientId: 'OAuth-Client-ID (optional)',
    clientIdNote: (redirect: string) =>
      `Für Server, die eine Anmeldung verlangen, bei denen sich Cove aber nicht selbst registrieren kann: eine für Cove registrierte Client-ID mit ${redirect} als Weiterleitungs-URI.`,
    callbackPage: 'die Rückrufseite von Cove',
    testing: 'Test läuft …',
    test: 'Testen',
    cancel: 'Abbrechen',
    save: 'Speichern',
  },
  report: {
    label: 'Testergebnis',
    connectedTo: 'Verbunden mit',
    protocol: (version: string) => `Protokoll ${version}`,
    unknown: 'unbekannt',
    sse: 'HTTP+SSE (älterer Transport)',
    ms: (ms: string) => `${ms} ms`,
    tools: (f: Formats, n: number) => f.plural(n, { one: '# Werkzeug', other: '# Werkzeuge' }),
    descriptions: 'Beschreibungen, wie der Server sie liefert:',
    toolList: 'Werkzeuge',
    readOnly: 'Hinweis: nur lesend',
    resources: (f: Formats, n: number) =>
      f.plural(n, { one: '# Ressource', other: '# Ressourcen' }),
    resourceList: 'Ressourcen',
    prompts: (f: Formats, n: number) => f.plural(n, { one: '# Prompt', other: '# Prompts' }),
    promptList: 'Prompts',
  },
} satisfies UiCatalog['mcpSettings'];
