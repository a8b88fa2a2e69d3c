/** The German of Settings' Python, Agent, Memory and Network sections. */
import type { UiCatalog } from './catalog';

export const deSectionsUi = {
  python: {
    off: 'Aus',
    offHelp: 'Keinerlei Verbindungen; Pakete können nicht geladen werden.',
    packageIndex: 'Nur Paketindex',
    packageIndexHelp:
      'Importe laden Pakete aus dem Index unten; Skripte können keine Verbindungen aufbauen.',
    any: 'Jeder Host',
    anyHelp:
      'Skripte dürfen jede Webadresse erreichen. Code, den du ausführst – auch Code von einem Modell –, kann dann deine Dateien im Arbeitsbereich überallhin senden.',
    badTimeout: 'Das Zeitlimit muss eine Zahl von Sekunden sein, z. B. 30.',
    saved: 'Python-Einstellungen gespeichert.',
    timeout: 'Zeitlimit pro Lauf (Sekunden)',
    network: 'Netzwerkzugriff für Python',
    anyWarning:
      'Achtung: Ist jeder Host erlaubt, kann ein Skript deine Dateien im Arbeitsbereich an jeden Server senden. Deine Schlüssel und der Speicher von Cove bleiben in jedem Fall unerreichbar.',
    index: 'Paketindex',
    indexHelp:
      'Woher Pakete wie numpy kommen, wenn ein Skript sie importiert; ein Spiegel der Pyodide-Distribution funktioniert auch. Einmal geladene Pakete funktionieren auch offline.',
    lock: 'Paketliste (URL der Lock-Datei, optional)',
    lockPlaceholder: 'Die Liste von Cove',
    save: 'Python-Einstellungen speichern',
  },
  agent: {
    kinds: {
      read: 'liest nur',
      edit: 'bearbeitet Dateien',
      code: 'führt Code aus',
      network: 'nutzt das Netz',
    },
    saved: 'Agenteneinstellungen gespeichert.',
    heading: 'Agent',
    approvals: 'Freigabe pro Werkzeug',
    approvalsHelp:
      '„Wie die Sitzung“ folgt der Wahl „Erst fragen“ / „Auto-Bearbeiten“ / „Vollautomatisch“ der jeweiligen Unterhaltung. Eine Wahl hier geht in jeder Sitzung vor. Werkzeuge, die nur lesen, fragen nie.',
    neverAsks: 'Fragt nie',
    sessionMode: 'Wie die Sitzung',
    alwaysAsk: 'Immer fragen',
    neverAsk: 'Nie fragen',
    resultCap: 'Längstes Werkzeugergebnis, das das Modell liest (Zeichen)',
    resultCapHelp: (min: string, max: string, fallback: string) =>
      `Längere Ergebnisse werden gekürzt, mit einem Hinweis, wie viel fehlt und wie der Rest zu lesen ist (${min} bis ${max}; Standard ${fallback}).`,
    steps: 'Schritte pro Lauf, bevor er fragt, ob es weitergeht',
    stepsHelp: (min: string, max: string, fallback: string) =>
      `${min} bis ${max}; Standard ${fallback}. Am Limit hält der Lauf an und bietet „Weiter“ an.`,
    privateNetwork: 'fetch_url darf diesen Computer und private Netze erreichen',
    privateWarning:
      'Achtung: Der Agent kann dann Seiten lokaler Server, Router und anderer Geräte in deinem Netz lesen und das Gelesene in die Unterhaltung übernehmen.',
    save: 'Agenteneinstellungen speichern',
  },
  memory: {
    scopes: { user: 'Dein Gedächtnis (alle Arbeitsbereiche)', workspace: 'Dieser Arbeitsbereich' },
    switchFailed: 'Die Gedächtnis-Einstellung konnte nicht geändert werden',
    deleteQuestion: 'Diese Notiz löschen?',
    deleteText: (title: string) => `„${title}“ wird aus dem Gedächtnis entfernt.`,
    deleteNote: 'Notiz löschen',
    replaceQuestion: 'Gedächtnis ersetzen?',
    replaceText: (file: string) =>
      `Die Notizen in ${file} ersetzen die Notizen der Bereiche, die die Datei enthält.`,
    importNotes: 'Notizen importieren',
    imported: (file: string) => `Die Notizen aus ${file} wurden importiert.`,
    heading: 'Gedächtnis',
    intro:
      'Notizen, die der Assistent gespeichert hat, um sie über Unterhaltungen hinweg zu behalten – immer mit deiner Freigabe oder gut sichtbar. Sie sind, was er gelernt hat; die Regeln, die du für ein Projekt schreibst, gehören in dessen AGENTS.md.',
    userSwitch: 'Dinge für alle Arbeitsbereiche merken',
    workspaceSwitch: 'Dinge für jeden Arbeitsbereich merken',
    chatSwitch: 'Gedächtnis auch im Chatmodus nutzen',
    chatHelp:
      'Agentenläufe lesen und speichern Notizen, sobald ein Bereich eingeschaltet ist. Ist dies an, kann auch eine Chatantwort speichern, was du sie dir merken lässt – mit derselben Freigabe.',
    search: 'Gedächtnis durchsuchen',
    noMatch: 'Keine Notiz passt.',
    none: 'Noch keine Notizen.',
    deleteFailed: 'Die Notiz konnte nicht gelöscht werden',
    exportFailed: 'Export fehlgeschlagen',
    importFailed: 'Import fehlgeschlagen',
    export: 'Gedächtnis exportieren',
    import: 'Gedächtnis importieren …',
    flagged: (source: string) => `markiert: gespeichert nach ${source}`,
    edit: 'Bearbeiten',
    delete: 'Löschen',
    title: 'Titel',
    text: 'Inhalt',
    save: 'Notiz speichern',
    cancel: 'Abbrechen',
  },
  network: {
    heading: 'Netzwerk',
    intro:
      'Cove erreicht nur seine eigenen Dateien und die Hosts unten. Jede andere Anfrage wird abgelehnt und im Protokoll vermerkt. Hosts, die du als Anbieter, MCP-Server oder als Paketindex für Python hinzufügst, kommen auf die Liste; eine Seite, die der Agent lesen durfte, ein Server, den du vor dem Speichern testest, und ein Bild, das du anklickst, werden einmalig durchgelassen.',
    enforced: 'In diesem Tab durchgesetzt.',
    notEnforced:
      'In diesem Tab noch nicht durchgesetzt: Dafür braucht es die Offline-Unterstützung von Cove, die nach dem ersten Besuch startet. Lade den Tab neu, um sie einzuschalten.',
    none: 'Noch keine weiteren Hosts.',
    hosts: 'Hosts, die Cove erreichen darf',
  },
} satisfies UiCatalog['sections'];
