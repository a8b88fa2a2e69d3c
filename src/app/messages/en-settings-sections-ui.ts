/**
 * The English of Settings' Python, Agent, Memory and Network sections. Loaded with the
 * Settings dialog (./english-areas.ts).
 */
export const enSectionsUi = {
  python: {
    off: 'Off',
    offHelp: 'No connections at all; packages cannot be loaded.',
    packageIndex: 'Package index only',
    packageIndexHelp:
      'Imports load packages from the index below; scripts cannot connect anywhere.',
    any: 'Any host',
    anyHelp:
      'Scripts may connect to any web address. Code you run, including code from a model, can then send your workspace files anywhere.',
    badTimeout: 'The time limit must be a number of seconds, e.g. 30.',
    saved: 'Python settings saved.',
    timeout: 'Time limit per run (seconds)',
    network: 'Network access for Python',
    anyWarning:
      "Warning: with any host allowed, a script can send your workspace files to any server. Your keys and Cove's storage stay out of reach either way.",
    index: 'Package index',
    indexHelp:
      'Where packages such as numpy come from when a script imports them; a mirror of the Pyodide distribution works too. Packages loaded once keep working offline.',
    lock: 'Package list (lock file URL, optional)',
    lockPlaceholder: "Cove's own list",
    save: 'Save Python settings',
  },
  agent: {
    kinds: {
      read: 'reads only',
      edit: 'edits files',
      code: 'runs code',
      network: 'uses the network',
    },
    saved: 'Agent settings saved.',
    heading: 'Agent',
    approvals: 'Approval per tool',
    approvalsHelp:
      '“Session mode” follows the Ask / Auto-edit / Auto choice of each conversation. A choice here wins over it in every session. Tools that only read never ask.',
    neverAsks: 'Never asks',
    sessionMode: 'Session mode',
    alwaysAsk: 'Always ask',
    neverAsk: 'Never ask',
    resultCap: 'Longest tool result the model reads (characters)',
    resultCapHelp: (min: string, max: string, fallback: string) =>
      `Longer results are cut with a note saying how much was left out and how to read the rest (${min} to ${max}; default ${fallback}).`,
    steps: 'Turns per run before it asks to go on',
    stepsHelp: (min: string, max: string, fallback: string) =>
      `${min} to ${max}; default ${fallback}. At the limit the run stops and offers Continue.`,
    privateNetwork: 'Let fetch_url reach this computer and private networks',
    privateWarning:
      'Warning: the agent can then read pages of local servers, routers and other devices on your network, and put what it reads into the conversation.',
    save: 'Save agent settings',
  },
  memory: {
    scopes: { user: 'Your memory (all workspaces)', workspace: 'This workspace' },
    switchFailed: 'Could not change the memory setting',
    deleteQuestion: 'Delete this note?',
    deleteText: (title: string) => `“${title}” will be gone from memory.`,
    deleteNote: 'Delete note',
    replaceQuestion: 'Replace memory?',
    replaceText: (file: string) => `The notes in ${file} replace the notes of the scopes it holds.`,
    importNotes: 'Import notes',
    imported: (file: string) => `Imported the notes of ${file}.`,
    heading: 'Memory',
    intro:
      'Notes the assistant saved to remember across conversations, always with your approval or in plain sight. They are what it learned; the rules you write for a project belong in its AGENTS.md.',
    userSwitch: 'Remember things for all workspaces',
    workspaceSwitch: 'Remember things for each workspace',
    chatSwitch: 'Use memory in chat mode too',
    chatHelp:
      'Agent runs read and save notes whenever a scope is on. With this on, a chat reply can save what you ask it to remember, with the same approval.',
    search: 'Search memory',
    noMatch: 'No note matches.',
    none: 'No notes yet.',
    deleteFailed: 'Could not delete the note',
    exportFailed: 'Export failed',
    importFailed: 'Import failed',
    export: 'Export memory',
    import: 'Import memory…',
    flagged: (source: string) => `flagged: saved after ${source}`,
    edit: 'Edit',
    delete: 'Delete',
    title: 'Title',
    text: 'Text',
    save: 'Save note',
    cancel: 'Cancel',
  },
  network: {
    heading: 'Network',
    intro:
      'Cove reaches only its own files and the hosts below. A request anywhere else is refused and noted in the Logs. Hosts you add as a provider or an MCP server, or as Python’s package index, join the list; a page the agent was allowed to read, a server you test before saving it and an image you click are let through once.',
    enforced: 'Enforced in this tab.',
    notEnforced:
      'Not enforced in this tab yet: it needs Cove’s offline support, which starts after the first visit. Reload the tab to turn it on.',
    none: 'No other hosts yet.',
    hosts: 'Hosts Cove may reach',
  },
};
