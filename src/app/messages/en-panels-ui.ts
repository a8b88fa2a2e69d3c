/**
 * The English of the lazily loaded side and bottom panels and the Logs dialog (see
 * ./en-ui.ts): Knowledge, Search, Preview and Logs, each area loaded with its part of the UI.
 */
import type { Formats } from './formats';

export const enKnowledgeUi = {
  label: 'Knowledge',
  intro:
    "Files and folders the assistant can search and cite (#knowledge in chat, the agent's search_knowledge). Add one from the file tree's menu. With an embedding model (one of your provider's models that serves /embeddings), search ranks by meaning too.",
  addWorkspace: 'Add the whole workspace',
  embeddingModel: 'Embedding model',
  noEmbedding: 'None: full text only',
  indexing: 'Indexing…',
  partlyIndexed: 'Partly indexed',
  indexed: 'Indexed',
  empty: 'Nothing is in the knowledge yet.',
  list: 'Indexed files and folders',
  wholeWorkspace: 'The whole workspace',
  files: (f: Formats, n: number) => f.plural(n, { one: '# file', other: '# files' }),
  chunks: (f: Formats, n: number) => f.plural(n, { one: '# chunk', other: '# chunks' }),
  notIndexed: (count: string) => `${count} not indexed`,
  reindex: 'Reindex',
  reindexName: (name: string) => `Reindex ${name}`,
  remove: 'Remove',
  removeName: (name: string) => `Remove ${name} from the knowledge`,
};

export const enLogsUi = {
  title: 'Logs',
  close: 'Close',
  filters: { all: 'All levels', error: 'Errors', warn: 'Warnings', info: 'Info' },
  levels: { error: 'Error', warn: 'Warning', info: 'Info' },
  level: 'Level',
  entries: (f: Formats, n: number) => f.plural(n, { one: '# entry', other: '# entries' }),
  export: 'Export',
  clear: 'Clear',
  clearTitle: 'Clear the log?',
  clearText: 'Every entry is removed, in every tab.',
  empty: 'No entries. Errors and warnings from every part of Cove appear here.',
  table: 'Log entries',
  time: 'Time',
  source: 'Source',
  message: 'Message',
};

export const enPreviewUi = {
  controls: 'Preview controls',
  loading: 'Loading…',
  reloadLabel: 'Reload preview',
  reloadTitle: 'Build the page again from the workspace',
  reload: 'Reload',
  close: 'Close preview',
  console: 'Preview console',
  consoleTitle: 'Console',
  messages: (f: Formats, n: number) => f.plural(n, { one: '# message', other: '# messages' }),
  dropped: (count: string) => ` (${count} older dropped)`,
  clearConsole: 'Clear console',
  clear: 'Clear',
  consoleMessages: 'Console messages',
  levels: { error: 'Error', warn: 'Warning', info: 'Info', log: 'Log', debug: 'Debug' },
  frameTitle: (name: string) => `Preview of ${name}`,
};

export const enSearchUi = {
  noResults: 'No results.',
  results: (f: Formats, total: number, capped: boolean, files: number) =>
    `${f.number(total)}${capped ? '+' : ''} ${total === 1 && !capped ? 'result' : 'results'} in ${f.plural(files, { one: '# file', other: '# files' })}`,
  capped: (found: string, total: string) =>
    `${found}. Only the first ${total} are shown; narrow the search to see the rest.`,
  found: (found: string) => `${found}.`,
  matches: (f: Formats, n: number) => f.plural(n, { one: '# match', other: '# matches' }),
  files: (f: Formats, n: number) => f.plural(n, { one: '# file', other: '# files' }),
  nothingToReplace: 'Nothing to replace: the replacement leaves the text as it is.',
  replaceIn: (path: string) => `Replace in ${path}`,
  replaceAll: 'Replace all',
  replaceText: (matches: string, files: string, replacement: string) =>
    `Replace ${matches} in ${files} with "${replacement}"? Undo is offered afterwards.`,
  replace: 'Replace',
  searchText: 'Search text',
  search: 'Search',
  matchCase: 'Match case',
  wholeWord: 'Whole word',
  regex: 'Use regular expression',
  replaceAllTitle: 'Replace every match in every file below',
  include: 'Files to include',
  includePlaceholder: 'Files to include (e.g. src, *.py)',
  exclude: 'Files to exclude',
  excludePlaceholder: 'Files to exclude (e.g. tests/**)',
  searching: 'Searching…',
  resultsLabel: 'Search results',
  replaceInFile: 'Replace in this file',
  line: (line: string, preview: string) => `Line ${line}: ${preview}`,
  changesToMake: 'Changes to make',
  moreFiles: (f: Formats, n: number) =>
    `…and ${f.plural(n, { one: '# more file', other: '# more files' })}.`,
  changesTo: (path: string) => `Changes to ${path}`,
};
