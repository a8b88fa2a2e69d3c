/**
 * The English of Settings → MCP servers: the server list, the server form and what Test
 * found. Loaded with the Settings dialog (./english-areas.ts).
 */
import type { Formats } from './formats';

export const enMcpSettingsUi = {
  signInFailed: (server: string) => `Could not sign in to ${server}`,
  signedOutRevoked: (server: string) => `Signed out of ${server}; the server revoked the sign-in.`,
  signedOutForgot: (server: string) =>
    `Signed out of ${server}; Cove forgot the sign-in (the server offers no revocation).`,
  signOutFailed: (server: string) => `Could not sign out of ${server}`,
  removeQuestion: (server: string) => `Remove ${server}?`,
  removeText:
    'Its settings and saved headers are deleted from this browser; its tools are no longer offered to the agent.',
  removeFailed: 'Could not remove',
  saveFailed: 'Could not save the server',
  heading: 'MCP servers',
  intro:
    'Tool servers the agent may use, reached from this browser over Streamable HTTP (or the older HTTP+SSE). The server must allow this page’s origin with CORS and expose the mcp-session-id header.',
  list: 'MCP servers',
  enabled: 'Enabled',
  approval: 'Approval',
  askEach: 'Ask before each call',
  runWithout: 'Run without asking',
  trustReadOnly: 'Run tools it marks read-only without asking',
  sampling: 'Let it ask the model without review (sampling; each use is still told)',
  lostSecrets:
    'A saved header of this server can no longer be decrypted; edit the server and enter it again.',
  asksSignIn: 'This server asks you to sign in (OAuth).',
  signInTo: (server: string) => `Sign in to ${server}`,
  signingIn: 'Signing in…',
  signIn: 'Sign in',
  signedIn: 'Signed in',
  signOutOf: (server: string) => `Sign out of ${server}`,
  signOut: 'Sign out',
  testServer: (server: string) => `Test ${server}`,
  testing: 'Testing…',
  test: 'Test',
  editServer: (server: string) => `Edit ${server}`,
  edit: 'Edit',
  removeServer: (server: string) => `Remove ${server}`,
  remove: 'Remove',
  add: 'Add MCP server',
  states: {
    disabled: 'Disabled',
    idle: 'Connects when the agent needs it',
    connecting: 'Connecting…',
    connected: (f: Formats, tools: number) =>
      `Connected · ${f.plural(tools, { one: '# tool', other: '# tools' })}`,
    signIn: 'Sign-in needed',
    failed: (message: string) => `Not available: ${message}`,
  },
  form: {
    editTitle: (server: string) => `Edit ${server}`,
    addTitle: 'Add MCP server',
    headerTwice: (header: string) => `The header “${header}” is given twice.`,
    headerTwiceHint: 'Keep one row per header name.',
    name: 'Name',
    namePlaceholder: 'e.g. github',
    url: 'URL',
    headers: 'Headers',
    headersNote:
      'Sent with every request to this server, e.g. Authorization: Bearer … for a token. Headers named like a key or token are kept encrypted, out of backups.',
    clientId: 'OAuth client id (optional)',
    clientIdNote: (redirect: string) =>
      `For servers that ask you to sign in but do not let Cove register itself: a client id registered for Cove, with ${redirect} as its redirect URI.`,
    callbackPage: 'Cove’s callback page',
    testing: 'Testing…',
    test: 'Test',
    cancel: 'Cancel',
    save: 'Save',
  },
  report: {
    label: 'Test result',
    connectedTo: 'Connected to',
    protocol: (version: string) => `protocol ${version}`,
    unknown: 'unknown',
    sse: 'HTTP+SSE (older transport)',
    ms: (ms: string) => `${ms} ms`,
    tools: (f: Formats, n: number) => f.plural(n, { one: '# tool', other: '# tools' }),
    descriptions: 'Descriptions as the server gives them:',
    toolList: 'Tools',
    readOnly: 'read-only hint',
    resources: (f: Formats, n: number) => f.plural(n, { one: '# resource', other: '# resources' }),
    resourceList: 'Resources',
    prompts: (f: Formats, n: number) => f.plural(n, { one: '# prompt', other: '# prompts' }),
    promptList: 'Prompts',
  },
};
