/**
 * The English of the UI, by area: the typed source every other language's catalog copies
 * key for key (./catalog.ts). An entry is a string, or a function when it takes values; a
 * function gets numbers already formatted where it only shows them, and a Formats where it
 * needs a plural.
 *
 * This file holds the areas of the first screen. An area that only a lazily loaded part of
 * the UI shows (Settings) has its English in a file of its own, loaded with that part
 * (./english-areas.ts), so the first load does not carry it.
 */
import type { enSettingsUi } from './en-settings-ui';

/** The first screen's words. */
export const enFirstScreenUi = {
  shell: {
    newVersion: 'A new version of Cove is available.',
    reload: 'Reload',
    failedRunInChatBox:
      'The failed run is ready in the chat box; set up a model in Settings to send it.',
    showPanel: (panel: string) => `Show ${panel} panel`,
    showOrHidePanel: (panel: string) => `Show or hide the ${panel} panel`,
    panelNames: { files: 'files', output: 'output', assistant: 'assistant' },
    offline: 'Offline',
    offlineTitle:
      'The browser is offline. Files, Python and saved chats work; models and packages that are not cached need the network.',
    toLightTheme: 'Switch to light theme',
    toDarkTheme: 'Switch to dark theme',
    switchTheme: 'Switch theme',
    traces: 'Traces',
    tracesTitle: 'Traces: every agent run, step by step',
    logs: 'Logs',
    logsTitle: 'Logs: errors and warnings, for a bug report',
    settings: 'Settings',
    filesPanel: 'Files panel',
    editorPanel: 'Editor panel',
    outputPanel: 'Output panel',
    assistantPanel: 'Assistant panel',
    resizeFiles: 'Resize files panel',
    resizeOutput: 'Resize output panel',
    resizeAssistant: 'Resize assistant panel',
    blockedTitle: 'Cove was updated in another tab',
    blockedText:
      'This tab runs an older version and has stopped saving so it cannot damage your data. Reload to continue.',
    /** Panels by the names a failed one is reported with. */
    boundaries: {
      files: 'Files',
      editor: 'Editor',
      assistant: 'Assistant',
      output: 'Output',
      terminal: 'Terminal',
      preview: 'Preview',
    },
    panels: 'Panels',
    views: { files: 'Files', editor: 'Editor', assistant: 'Assistant', output: 'Output' },
    panelFailed: (name: string) => `The ${name} panel failed.`,
    panelFailedLabel: (name: string) => `${name} failed`,
    panelSafe:
      'Your files and conversations are safe. Reload the panel; if it fails again, the Logs say more.',
    reloadPanel: (name: string) => `Reload ${name}`,
    andMore: (more: string) => `…and ${more} more`,
    notifications: 'Notifications',
    shownTimes: (times: string) => `Shown ${times} times`,
    dismiss: 'Dismiss',
    dismissTitle: 'Dismiss this notice',
  },
  sidebar: {
    label: 'Sidebar',
    files: 'Files',
    search: 'Search',
    searchTitle: (shortcut: string) => `Search in files (${shortcut})`,
    git: 'Git',
    gitTitle: 'Source Control: git',
    knowledge: 'Knowledge',
    knowledgeTitle: 'Knowledge: what the assistant can cite',
  },
  bottom: {
    label: 'Bottom panel',
    output: 'Output',
    outputTitle: 'Output of Python runs',
    terminal: 'Terminal',
    terminalTitle: (shortcut: string) => `Terminal (${shortcut})`,
    preview: 'Preview',
    previewTitle: 'Live preview of the page opened in it',
    loadingPreview: 'Loading the preview…',
  },
  composer: {
    setUpModelFirst: 'Set up a model first',
    waitForFiles: 'Wait until the attached files are read',
    typeFirst: 'Type a message first',
    waitForRun: 'Wait for the run to end, or use Edit to steer or queue it',
    sendOrClear: 'Send or clear the message box first',
    message: 'Message',
    attachments: 'Attachments',
    steerPlaceholder: 'Steer the agent (Enter), or queue a message for after this run…',
    askPlaceholder: 'Ask about your code… (Enter to send, Shift+Enter for a new line)',
    setUpModel: 'Set up a model',
    model: 'Model',
    knowledge: 'Knowledge',
    knowledgeTitle:
      'Search the workspace knowledge with every message, and cite it (or write #knowledge in one message)',
    send: 'Send',
    sendTitle: 'Send (Enter)',
    deliver: 'Deliver message',
    steer: 'Steer',
    steerTitle: 'Deliver to the agent after its current tool calls (Enter)',
    queue: 'Queue',
    queueTitle: 'Send when this run has ended',
    stop: 'Stop',
  },
};

/** Every area of the UI: the shape each language's catalog has. */
export type UiCatalog = typeof enFirstScreenUi & {
  settings: typeof enSettingsUi;
};
