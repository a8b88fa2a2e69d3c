/**
 * The MCP client core (issue 12): server settings, one connection per server over the
 * official SDK, its tools as agent tools, resources and prompts, and errors told as what
 * they are. Runs in the page and under Node alike.
 */
export * from './server-config';
export * from './tool-names';
export * from './tool-fingerprint';
export * from './tool-result';
export * from './mcp-error-codes';
export * from './mcp-errors';
export * from './mcp-connection';
export * from './mcp-tools';
export * from './resources-prompts';
