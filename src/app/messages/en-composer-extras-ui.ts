/**
 * The English of what the message box offers besides typing (see ./en-ui.ts): the @ and /
 * menu, attaching files from the computer, and MCP resources and prompts; first-screen areas.
 */
export const enComposerExtrasUi = {
  composerMenu: {
    couldNotLoad: 'The menu could not load; check the connection and type again',
    couldNotAttach: (name: string, problem: string) => `Could not attach ${name}: ${problem}`,
    mentions: 'Files, folders and symbols',
    commands: 'Commands',
    looking: 'Looking…',
    noMention: 'No file, folder or symbol matches',
    noCommand: 'No command matches',
  },
  attachFiles: {
    label: 'Attach files',
    title: 'Attach pictures, PDF, DOCX or text files (or paste or drop them here)',
    picker: 'Files to attach',
    reading: 'Attachments being read',
    readingNote: 'reading…',
    remove: (name: string) => `Remove ${name}`,
  },
  mcpComposer: {
    couldNotUsePrompt: 'Could not use that prompt',
    attached: 'Attached resources',
    changed: (time: string) => `The server changed it; read again at ${time}`,
    updated: 'updated',
    remove: (name: string) => `Remove ${name}`,
    couldNotAttach: 'Could not attach the resource',
    menuTitle: 'Attach a resource or use a prompt of your MCP servers',
    menu: 'MCP resources and prompts',
    asking: 'Asking the servers…',
    resources: 'Resources',
    resourcesOf: (server: string) => `Resources of ${server}`,
    attach: (name: string) => `Attach ${name}`,
    templates: 'Resource templates',
    templatesOf: (server: string) => `Resource templates of ${server}`,
    fillIn: (name: string) => `Fill in ${name}`,
    prompts: 'Prompts',
    promptsOf: (server: string) => `Prompts of ${server}`,
    usePrompt: (name: string) => `Use prompt ${name}`,
  },
};
