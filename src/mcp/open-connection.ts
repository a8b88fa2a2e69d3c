import type { McpServerConfig } from './server-config';
import type { McpConnection, McpConnectionDeps } from './mcp-connection';
import type { completeMcpSignIn } from './oauth-complete';

/**
 * A connection to `config`, with the MCP SDK (and its schema libraries) loaded on the first
 * call: the page's first load carries none of it, and someone without MCP servers never
 * loads it.
 */
export async function openMcpConnection(
  config: McpServerConfig,
  deps: McpConnectionDeps,
): Promise<McpConnection> {
  const { McpConnection } = await import('./mcp-connection');
  return new McpConnection(config, deps);
}

/** {@link completeMcpSignIn}, with the SDK loaded on the first call. */
export async function finishMcpSignIn(
  ...args: Parameters<typeof completeMcpSignIn>
): Promise<void> {
  const { completeMcpSignIn: complete } = await import('./oauth-complete');
  return complete(...args);
}
