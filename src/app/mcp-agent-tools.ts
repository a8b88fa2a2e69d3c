/**
 * The enabled MCP servers' tools as tools of an agent run, and what their approval needs:
 * every MCP tool asks (approval kind `network`, so the session's mode decides as for
 * fetch_url) unless its server runs them without asking (approval `auto`, or a read-only
 * hint the user trusts for that server); a tool whose description or schema changed since
 * the user allowed it (for the session, or by setting its server to auto) asks again, and
 * the request says what changed (the tool's own `describeApproval`: which server it runs
 * on, and what changed). A server that cannot connect offers no tools; the run starts
 * anyway and the problem is told.
 */
import type { ApprovalCard } from '../tools/approval-card';
import type { ToolApprovalOverride } from '../agent/approval-policy';
import { describeError } from '../base/errors';
import { noSecrets, type SecretRedactor } from '../base/redact-credentials';
import { toCoveTools, type McpCoveTool } from '../mcp/mcp-tools';
import {
  compareFingerprints,
  type ToolChange,
  type ToolFingerprint,
} from '../mcp/tool-fingerprint';
import type { McpService } from './mcp-service';

export { mergeMcpOverrides } from './mcp-approval-overrides';

/** An MCP tool of one run, with what changed since the user allowed it (if anything). */
export interface RunMcpTool extends McpCoveTool {
  /** Set when the tool changed since it was allowed; the approval request shows it. */
  change?: ToolChange;
  /** The server's description as it is now (its words, shown as such). */
  serverDescription: string;
  /** True when its server runs it without asking (auto, or a trusted read-only hint). */
  runsUnasked: boolean;
}

/** What a run gets: the tools, and one sentence per server that offered none. */
export interface McpRunTools {
  tools: RunMcpTool[];
  problems: string[];
}

export interface McpAgentTools {
  /**
   * Connects the enabled servers (those not connected yet, in parallel) and returns their
   * tools for a run in `sessionId`, named apart from `takenNames`. Never rejects.
   */
  forRun(
    sessionId: string,
    takenNames: Iterable<string>,
    signal?: AbortSignal,
  ): Promise<McpRunTools>;
  /** The MCP tool of that name in the newest run, for the approval request. */
  tool(name: string): RunMcpTool | undefined;
  /** Per-tool approval overrides of `sessionId`'s newest run. */
  overrides(sessionId: string): Readonly<Record<string, ToolApprovalOverride>>;
  /** Tools approved for the session that changed since: the session's approval is void. */
  revoked(sessionId: string): readonly string[];
  /** The user approved `toolName` for the rest of `sessionId`: pins what they saw. */
  approvedForSession(sessionId: string, toolName: string): void;
}

/**
 * `redactor` removes the secrets Cove knows from every result before the model, the
 * timeline or the store sees it: a server that echoes its own token in an error ("token
 * Bearer … may not call …") must not hand it on to the model's provider.
 */
export function createMcpAgentTools(
  mcp: McpService,
  redactor: SecretRedactor = noSecrets,
): McpAgentTools {
  const byName = new Map<string, RunMcpTool>();
  const overridesBySession = new Map<string, Record<string, ToolApprovalOverride>>();
  const revokedBySession = new Map<string, string[]>();
  /** What the user saw when approving a tool for a session, by session and tool name. */
  const sessionPins = new Map<string, Map<string, ToolFingerprint>>();

  return {
    async forRun(sessionId, takenNames, signal) {
      const taken = new Set(takenNames);
      const enabled = mcp.servers().filter((server) => server.enabled);
      const settled = await Promise.allSettled(
        enabled.map((server) => mcp.connect(server.id, signal)),
      );
      const tools: RunMcpTool[] = [];
      const problems: string[] = [];
      const overrides: Record<string, ToolApprovalOverride> = {};
      const revoked: string[] = [];
      const pins = sessionPins.get(sessionId);
      settled.forEach((outcome, index) => {
        const server = enabled[index]!;
        if (outcome.status === 'rejected') {
          problems.push(
            `The MCP server “${server.name}” offers no tools in this run: ${describeError(outcome.reason)}`,
          );
          return;
        }
        const connection = outcome.value;
        const listed = connection.cachedTools ?? [];
        const converted = toCoveTools(connection, listed, { takenNames: taken });
        converted.forEach((tool, at) => {
          taken.add(tool.name);
          const definition = listed[at]!;
          // The settings as they are now (approval may have changed since the connect).
          const trustedReadOnly =
            server.trustReadOnlyHint === true && definition.annotations?.readOnlyHint === true;
          const unasked = server.approval === 'auto' || trustedReadOnly;
          const label = `${tool.mcp.toolName} on ${server.name}`;
          const sessionPin = pins?.get(tool.name);
          const sessionChange = sessionPin
            ? compareFingerprints(sessionPin, tool.mcp.fingerprint, label)
            : undefined;
          const serverPin = unasked ? server.allowed?.[tool.mcp.toolName] : undefined;
          const serverChange = serverPin
            ? compareFingerprints(serverPin, tool.mcp.fingerprint, label)
            : undefined;
          const change = sessionChange?.changed
            ? sessionChange
            : serverChange?.changed
              ? serverChange
              : undefined;
          if (sessionChange?.changed) {
            revoked.push(tool.name);
            pins?.delete(tool.name);
          }
          if (change) overrides[tool.name] = 'ask';
          else if (unasked) overrides[tool.name] = 'allow';
          const runTool: RunMcpTool = {
            ...tool,
            execute: async (args, context) => redactor.redact(await tool.execute(args, context)),
            describeApproval: async () => mcpApprovalCard(runTool),
            mcp: { ...tool.mcp, serverApproval: server.approval, trustedReadOnly },
            serverDescription: definition.description ?? '',
            runsUnasked: unasked,
            ...(change ? { change } : {}),
          };
          byName.set(tool.name, runTool);
          tools.push(runTool);
        });
      });
      overridesBySession.set(sessionId, overrides);
      revokedBySession.set(sessionId, revoked);
      return { tools, problems };
    },
    tool: (name) => byName.get(name),
    overrides: (sessionId) => overridesBySession.get(sessionId) ?? {},
    revoked: (sessionId) => revokedBySession.get(sessionId) ?? [],
    approvedForSession(sessionId, toolName) {
      const tool = byName.get(toolName);
      if (!tool) return;
      let pins = sessionPins.get(sessionId);
      if (!pins) sessionPins.set(sessionId, (pins = new Map()));
      pins.set(toolName, tool.mcp.fingerprint);
      // Approving a changed tool of an auto server accepts the change for the server too.
      if (tool.change && tool.runsUnasked) {
        void mcp
          .allow(tool.mcp.serverId, tool.mcp.toolName, tool.mcp.fingerprint)
          .catch(() => undefined);
      }
      const overrides = overridesBySession.get(sessionId);
      if (overrides?.[toolName] === 'ask') delete overrides[toolName];
    },
  };
}

/**
 * An MCP tool's approval card: which server it runs on, over the arguments, and, when the
 * tool changed since the user allowed it, what changed, with its description (the
 * server's words) or schema as now.
 */
export function mcpApprovalCard(tool: RunMcpTool): ApprovalCard {
  const { change } = tool;
  const now = change
    ? [
        change.parts.includes('description')
          ? `Its description now: “${tool.serverDescription}”`
          : '',
        change.parts.includes('schema')
          ? `Its input schema now: ${JSON.stringify(tool.parameters)}`
          : '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';
  return {
    title: `Run ${tool.mcp.toolName} on the MCP server ${tool.mcp.serverName}`,
    view: { kind: 'arguments' },
    ...(change ? { note: `${change.summary} ${now}` } : {}),
  };
}
