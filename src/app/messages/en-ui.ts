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
import type { enGitExtraUi } from './en-git-extra-ui';
import type { enMcpSignInUi } from './en-mcp-sign-in-ui';
import type { enSettingsUi } from './en-settings-ui';
import { enPdfPageUi } from './pdf-page-ui';
import { enRunResultUi } from './en-run-result-ui';
import type { enGitUi } from './en-git-ui';
import type { enQuickOpenUi } from './en-quick-open-ui';
import type { enSessionsUi } from './en-sessions-ui';
import type { enTracesUi } from './en-traces-ui';
import type { enKnowledgeUi, enLogsUi, enPreviewUi, enSearchUi } from './en-panels-ui';
import type { enProvidersUi } from './en-settings-providers-ui';
import type { enSectionsUi } from './en-settings-sections-ui';
import type { enMcpSettingsUi } from './en-settings-mcp-ui';
import type { enMoreSettingsUi } from './en-settings-more-ui';
import type { enStorageSettingsUi } from './en-settings-storage-ui';
import type { ConversationLazyAreas } from './conversation-lazy-areas';
import { enWorkbenchUi } from './en-workbench-ui';
import { enConversationUi } from './en-conversation-ui';
import { enComposerExtrasUi } from './en-composer-extras-ui';

/** The first screen's words. */
export const enFirstScreenUi = {
  ...enWorkbenchUi,
  ...enConversationUi,
  ...enComposerExtrasUi,
  runResult: enRunResultUi,
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
  pdfPage: enPdfPageUi,
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
  chat: {
    renameTitle: 'Rename conversation',
    titleLabel: 'Title',
    rename: 'Rename',
    deleteTitle: (title: string) => `Delete "${title}"?`,
    deleteText:
      'The conversation and all its messages, every branch included, will be deleted; Undo, or Restore under Recently deleted for 30 days, brings it back. To keep it and start afresh, use New conversation instead.',
    deleteConversation: 'Delete conversation',
    conversation: 'Conversation',
    newConversation: 'New conversation',
    conversations: 'Conversations',
    conversationsTitle: 'All conversations: search, star, export, import',
    newConversationTitle: 'New conversation (this one stays in the list)',
    renameConversation: 'Rename conversation',
    tree: 'Conversation tree',
    treeTitle: 'Every branch of this conversation',
    elsewhere:
      'Running in another tab. Its reply appears here as it is written; to send, wait for it or use that tab.',
    messages: 'Messages',
    connectModel:
      'Connect a model to start: OpenAI, DeepSeek, OpenRouter, Groq, Mistral, or a local server such as Ollama or LM Studio.',
    addProvider: 'Add a provider',
    askAbout: 'Ask about your code. The open file (and your selection) goes with your message.',
    retrying: (reason: string, seconds: string, attempt: string) =>
      `${reason} Retrying in ${seconds} s (attempt ${attempt}).`,
    cancel: 'Cancel',
  },
  agentMode: {
    mode: 'Mode',
    chat: 'Chat',
    agent: 'Agent',
    approval: 'Approval',
    ask: 'Ask first',
    askHint: 'Every edit, script and fetch asks first',
    autoEdit: 'Auto-edit',
    autoEditHint: 'File edits run; Python, bash and network ask',
    auto: 'Full auto',
    autoHint: 'Nothing asks; Stop is always there',
  },
  files: {
    actions: 'File actions',
    title: 'Files',
    newFile: 'New file',
    newFolder: 'New folder',
    uploadFiles: 'Upload files',
    uploadFolder: 'Upload folder',
    importZip: 'Import zip',
    importZipTitle: 'Import a .zip into this workspace',
    exportZip: 'Export zip',
    exportZipTitle: 'Download this workspace as a .zip',
    noWorkspace: 'No workspace yet.',
    createWorkspace: 'Create a workspace',
    workspace: 'Workspace',
    newWorkspace: 'New workspace',
    renameWorkspace: 'Rename workspace',
    deleteWorkspace: 'Delete workspace',
  },
  output: {
    controls: 'Run controls',
    title: 'Output',
    previewTitle: (file: string) => `Show ${file} with its CSS and scripts in the live preview`,
    openInPreview: 'Open in preview',
    run: 'Run',
    runSelectionTitle: 'Run the lines selected in the editor',
    openPythonForSelection: 'Open a Python file (.py) to run a selection',
    runSelection: 'Run selection',
    selection: 'Selection',
    stop: 'Stop',
    argumentsAndInput: 'Arguments and input',
    input: 'Input',
    restart: 'Restart Python',
    restartTitle: 'Restart Python (fresh interpreter)',
    copy: 'Copy output',
    clear: 'Clear output',
    arguments: 'Arguments',
    argumentsPlaceholder: 'e.g. input.txt --verbose "two words"',
    stdin: 'Input for input()',
    stdinPlaceholder: 'One answer per line',
    openPythonToRun: 'Open a Python file (.py) and press Run to see what it prints here.',
    starting: 'Python is starting. Press Run now and your file runs as soon as it is ready.',
    runToSee: 'Run a Python file to see what it prints here.',
    runOf: (label: string) => `Run of ${label}`,
    running: 'running',
    programOutput: 'Program output',
  },
  mcpTemplate: {
    attachTitle: (title: string) => `Attach ${title}`,
    optional: ' (optional)',
    address: 'Resource address',
    back: 'Back',
    attach: 'Attach',
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
  gitExtra: typeof enGitExtraUi;
  mcpSignIn: typeof enMcpSignInUi;
  git: typeof enGitUi;
  quickOpen: typeof enQuickOpenUi;
  sessions: typeof enSessionsUi;
  traces: typeof enTracesUi;
  knowledge: typeof enKnowledgeUi;
  logs: typeof enLogsUi;
  preview: typeof enPreviewUi;
  search: typeof enSearchUi;
  providers: typeof enProvidersUi;
  sections: typeof enSectionsUi;
  mcpSettings: typeof enMcpSettingsUi;
  moreSettings: typeof enMoreSettingsUi;
  storageSettings: typeof enStorageSettingsUi;
} & ConversationLazyAreas;
