/** The German of Knowledge, Logs, Preview and Search (the keys of ./en-panels-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deKnowledgeUi = {
  label: 'Wissen',
  intro:
    'Dateien und Ordner, die der Assistent durchsuchen und zitieren kann (#knowledge im Chat, search_knowledge beim Agenten). Füge sie über das Menü im Dateibaum hinzu. Mit einem Embedding-Modell (einem Modell deines Anbieters, das /embeddings anbietet) sortiert die Suche auch nach Bedeutung.',
  addWorkspace: 'Ganzen Arbeitsbereich hinzufügen',
  embeddingModel: 'Embedding-Modell',
  noEmbedding: 'Keins: nur Volltext',
  indexing: 'Wird indiziert …',
  partlyIndexed: 'Teilweise indiziert',
  indexed: 'Indiziert',
  empty: 'Im Wissen ist noch nichts.',
  list: 'Indizierte Dateien und Ordner',
  wholeWorkspace: 'Der ganze Arbeitsbereich',
  files: (f: Formats, n: number) => f.plural(n, { one: '# Datei', other: '# Dateien' }),
  chunks: (f: Formats, n: number) => f.plural(n, { one: '# Abschnitt', other: '# Abschnitte' }),
  notIndexed: (count: string) => `${count} nicht indiziert`,
  reindex: 'Neu indizieren',
  reindexName: (name: string) => `${name} neu indizieren`,
  remove: 'Entfernen',
  removeName: (name: string) => `${name} aus dem Wissen entfernen`,
} satisfies UiCatalog['knowledge'];

export const deLogsUi = {
  title: 'Protokoll',
  close: 'Schließen',
  filters: { all: 'Alle Stufen', error: 'Fehler', warn: 'Warnungen', info: 'Hinweise' },
  levels: { error: 'Fehler', warn: 'Warnung', info: 'Hinweis' },
  level: 'Stufe',
  entries: (f: Formats, n: number) => f.plural(n, { one: '# Eintrag', other: '# Einträge' }),
  export: 'Exportieren',
  clear: 'Leeren',
  clearTitle: 'Protokoll leeren?',
  clearText: 'Alle Einträge werden entfernt, in jedem Tab.',
  empty: 'Keine Einträge. Fehler und Warnungen aus allen Teilen von Cove erscheinen hier.',
  table: 'Protokolleinträge',
  time: 'Zeit',
  source: 'Quelle',
  message: 'Meldung',
} satisfies UiCatalog['logs'];

export const dePreviewUi = {
  controls: 'Vorschau-Steuerung',
  loading: 'Wird geladen …',
  reloadLabel: 'Vorschau neu laden',
  reloadTitle: 'Die Seite neu aus dem Arbeitsbereich erstellen',
  reload: 'Neu laden',
  close: 'Vorschau schließen',
  console: 'Vorschau-Konsole',
  consoleTitle: 'Konsole',
  messages: (f: Formats, n: number) => f.plural(n, { one: '# Meldung', other: '# Meldungen' }),
  dropped: (count: string) => ` (${count} ältere verworfen)`,
  clearConsole: 'Konsole leeren',
  clear: 'Leeren',
  consoleMessages: 'Konsolenmeldungen',
  levels: { error: 'Fehler', warn: 'Warnung', info: 'Hinweis', log: 'Log', debug: 'Debug' },
  frameTitle: (name: string) => `Vorschau von ${name}`,
} satisfies UiCatalog['preview'];

export const deSearchUi = {
  noResults: 'Keine Treffer.',
  results: (f: Formats, total: number, capped: boolean, files: number) =>
    `${f.number(total)}${capped ? '+' : ''} Treffer in ${f.plural(files, { one: '# Datei', other: '# Dateien' })}`,
  capped: (found: string, total: string) =>
    `${found}. Nur die ersten ${total} werden angezeigt; grenze die Suche ein, um den Rest zu sehen.`,
  found: (found: string) => `${found}.`,
  matches: (f: Formats, n: number) => f.plural(n, { one: '# Treffer', other: '# Treffer' }),
  files: (f: Formats, n: number) => f.plural(n, { one: '# Datei', other: '# Dateien' }),
  nothingToReplace: 'Nichts zu ersetzen: Die Ersetzung lässt den Text, wie er ist.',
  replaceIn: (path: string) => `In ${path} ersetzen`,
  replaceAll: 'Alle ersetzen',
  replaceText: (matches: string, files: string, replacement: string) =>
    `${matches} in ${files} durch „${replacement}“ ersetzen? Danach wird „Rückgängig“ angeboten.`,
  replace: 'Ersetzen',
  searchText: 'Suchtext',
  search: 'Suchen',
  matchCase: 'Groß-/Kleinschreibung beachten',
  wholeWord: 'Ganzes Wort',
  regex: 'Regulären Ausdruck verwenden',
  replaceAllTitle: 'Jeden Treffer in jeder Datei unten ersetzen',
  include: 'Einzuschließende Dateien',
  includePlaceholder: 'Einzuschließende Dateien (z. B. src, *.py)',
  exclude: 'Auszuschließende Dateien',
  excludePlaceholder: 'Auszuschließende Dateien (z. B. tests/**)',
  searching: 'Suche läuft …',
  resultsLabel: 'Suchergebnisse',
  replaceInFile: 'In dieser Datei ersetzen',
  line: (line: string, preview: string) => `Zeile ${line}: ${preview}`,
  changesToMake: 'Geplante Änderungen',
  moreFiles: (f: Formats, n: number) =>
    `… und ${f.plural(n, { one: '# weitere Datei', other: '# weitere Dateien' })}.`,
  changesTo: (path: string) => `Änderungen an ${path}`,
} satisfies UiCatalog['search'];
