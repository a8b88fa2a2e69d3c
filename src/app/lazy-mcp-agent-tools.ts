/**
 * The MCP tools of agent runs (mcp-agent-tools.ts), loaded with the first run while an MCP
 * server is enabled: the first load does without them (issue 21). Until then no run had MCP
 * tools, so there is none to look up, no override and nothing revoked.
 */
import { describeError } from '../base/errors';
import type { SecretRedactor } from '../base/redact-credentials';
import { retryingImport } from '../base/retrying-import';
import type { McpAgentTools } from './mcp-agent-tools';
import type { McpService } from './mcp-service';

const loadMcpAgentTools = retryingImport(() => import('./mcp-agent-tools'));

/** {@link McpAgentTools} over `mcp`, as createMcpAgentTools makes them once loaded. */
export function createLazyMcpAgentTools(mcp: McpService, redactor?: SecretRedactor): McpAgentTools {
  let loaded: McpAgentTools | undefined;
  return {
    async forRun(sessionId, takenNames, signal) {
      if (!loaded && !mcp.servers().some((server) => server.enabled)) {
        return { tools: [], problems: [] };
      }
      try {
        loaded ??= (await loadMcpAgentTools()).createMcpAgentTools(mcp, redactor);
      } catch (error) {
        // Never rejects, as the loaded one: the run starts without MCP tools and says why.
        return {
          tools: [],
          problems: [`The MCP servers offer no tools in this run: ${describeError(error)}`],
        };
      }
      return loaded.forRun(sessionId, takenNames, signal);
    },
    tool: (name) => loaded?.tool(name),
    overrides: (sessionId) => loaded?.overrides(sessionId) ?? {},
    revoked: (sessionId) => loaded?.revoked(sessionId) ?? [],
    approvedForSession: (sessionId, toolName) => loaded?.approvedForSession(sessionId, toolName),
  };
}
