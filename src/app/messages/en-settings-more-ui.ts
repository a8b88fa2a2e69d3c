/**
 * The English of Settings' Chat and Git sections and the models kept in this browser.
 * Loaded with the Settings dialog (./english-areas.ts).
 */
export const enMoreSettingsUi = {
  chat: {
    heading: 'Chat',
    saving: 'Saving…',
    saved: 'Changes saved',
    model: 'Default model',
    noModels: 'No models yet: add a provider above',
    chooseFailed: 'Could not choose the model',
    fileContext: 'Use the open file as context',
    fileContextNote:
      'Sends the open file (and the selection) with each message, so you can ask about it directly.',
    maxTokens: 'Max tokens per reply',
    maxTokensPlaceholder: 'The model’s limit',
    temperature: 'Temperature',
    temperaturePlaceholder: 'Provider default',
    prompt: 'Custom system prompt',
    promptPlaceholder: 'Empty: Cove’s own instructions',
    promptNote:
      'When not empty, replaces Cove’s base instructions. The open file and the task are still added.',
  },
  git: {
    noName: 'Type the name commits should carry, e.g. Ada Lovelace.',
    badEmail: 'Type an email address such as ada@example.com.',
    authorName: 'Author name',
    authorEmail: 'Author email',
    authorHelp:
      "Every commit made in Cove carries this name and email, as git's user.name and user.email do. They are stored in this browser only.",
    save: 'Save Git settings',
    saved: 'Saved.',
    badProxy: "Type the proxy's address, such as https://proxy.example.com, or leave it empty.",
    proxy: 'CORS proxy',
    proxyPlaceholder: 'Empty: connect to the git host directly',
    proxyHelp:
      "Most git hosts do not let web pages talk to them (CORS), so clone, fetch, pull and push can go through a proxy you run (the README shows how). The proxy sees everything the requests carry: the repository's contents and your token.",
    saveProxy: 'Save proxy',
    proxySaved: 'Proxy saved.',
    noHost: 'Type the host, such as github.com.',
    noToken: 'Paste the access token.',
    tokens: 'Access tokens',
    noTokens: 'No tokens yet: public repositories need none.',
    tokenHosts: 'Hosts with a token',
    as: (user: string) => ` (as ${user})`,
    removeToken: (host: string) => `Remove the token for ${host}`,
    remove: 'Remove',
    host: 'Host',
    user: 'User name (optional; some hosts want yours)',
    token: 'Token',
    tokenHelp:
      'Stored encrypted in this browser, like API keys, and left out of backups. Cove sends it only to that host, and only when the server asks for a sign-in.',
    saveToken: 'Save token',
  },
  local: {
    ready: (file: string) => `${file} is ready in the model picker.`,
    storeFailed: (file: string) => `Could not store ${file}`,
    deleteFailed: (file: string) => `Could not delete ${file}`,
    heading: 'In this browser',
    intro:
      'Run a GGUF model in this browser with llama.cpp: no key, no server, and no network once it is stored. Small models (0.5–1.5 B parameters at 4-bit) suit a laptop.',
    looking: 'Looking for stored models…',
    none: 'No model stored in this browser.',
    list: 'Models in this browser',
    loaded: 'Loaded',
    deleteFile: (file: string) => `Delete ${file}`,
    delete: 'Delete',
    storing: (file: string, written: string, total: string) =>
      `Storing ${file}: ${written} of ${total}`,
    cancel: 'Cancel',
    add: 'Add a GGUF file…',
  },
};
