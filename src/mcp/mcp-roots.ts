/**
 * The shapes of what Cove offers servers besides tools (roots, a log) and of what servers
 * tell Cove changed, free of the MCP SDK so the app can name them without loading it
 * (client-features.ts does the protocol).
 */

/** A root as MCP names it: a file: URI (the spec allows no other yet) and a name. */
export interface McpRoot {
  uri: string;
  name: string;
}

/** The workspace as a root: the same path Python and the terminal see it at. */
export function workspaceRoot(workspaceName: string): McpRoot {
  return { uri: 'file:///workspace', name: workspaceName };
}

export type McpLogLevel = 'info' | 'warn' | 'error';

/** One message a server logged, as the app's log keeps it. */
export interface McpServerLog {
  level: McpLogLevel;
  message: string;
}

/**
 * A server's notice that something it offers changed: its list of resources (templates
 * included) or prompts, or the contents of one resource Cove subscribed to.
 */
export type McpServerChange =
  { kind: 'resources' } | { kind: 'prompts' } | { kind: 'resource-updated'; uri: string };
