import { describeError } from '../base/errors';
import type { Tool, ToolResult } from '../tools/tool';
import type { McpConnection, McpTool } from './mcp-connection';
import { fingerprintTool, type ToolFingerprint } from './tool-fingerprint';
import { mcpToolNames } from './tool-names';
import { mapCallToolResult } from './tool-result';

/**
 * An MCP server's tools as tools of the agent (src/tools/tool.ts). Descriptions and input
 * schemas pass through as data: they are the server's words, offered to the model and shown
 * to the user, never trusted (DESIGN.md, security rules). Every MCP tool has approval kind
 * `network` and streams its progress; its chip shows the `path` argument if it has one (the
 * default summary) and has no prompt hint. Whether it asks is the app's policy, which reads
 * `mcp` below (the server's approval setting, the read-only hint and the fingerprint the
 * user allowed), and the app describes its approval request (mcp-agent-tools.ts).
 */

/** What the approval policy needs to know about an MCP tool, beyond the Tool contract. */
export interface McpToolInfo {
  serverId: string;
  serverName: string;
  /** The tool's own name on the server. */
  toolName: string;
  /** The server's `approval` setting. */
  serverApproval: 'ask' | 'auto';
  /** True when the server hints the tool only reads and the user trusts that hint for it. */
  trustedReadOnly: boolean;
  /** Of the description and schema now offered; compare with the one the user allowed. */
  fingerprint: ToolFingerprint;
}

/** A Cove tool backed by an MCP tool. */
export interface McpCoveTool extends Tool {
  mcp: McpToolInfo;
}

/** Options of {@link toCoveTools}. */
export interface McpToolOptions {
  /** Names already offered (built-in tools, other servers'), which these must not reuse. */
  takenNames?: Iterable<string>;
  /** Deadline of one call without progress (default 120 s). */
  callTimeoutMs?: number;
}

export const DEFAULT_CALL_TIMEOUT_MS = 120_000;

/** An object schema the providers accept even when the server sent none. */
function parametersOf(tool: McpTool): Record<string, unknown> {
  const schema = tool.inputSchema as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== 'object') return { type: 'object', properties: {} };
  return schema.properties ? schema : { ...schema, properties: {} };
}

/**
 * The Cove tools for `tools` of the server behind `connection`, in the server's order,
 * named `mcp_<server>_<tool>` (src/mcp/tool-names.ts). A call's failures come back as
 * error results the model can read (server down, timeout, HTTP errors), so the run goes on;
 * Stop (`context.signal`) cancels the call on the server too (notifications/cancelled).
 */
export function toCoveTools(
  connection: McpConnection,
  tools: readonly McpTool[],
  options: McpToolOptions = {},
): McpCoveTool[] {
  const config = connection.config;
  const names = mcpToolNames(
    config.name,
    tools.map((tool) => tool.name),
    options.takenNames,
  );
  return tools.map((tool, index) => {
    const description = [tool.title, tool.description].filter(Boolean).join(': ');
    return {
      name: names[index]!,
      description: description || `Tool “${tool.name}” of the MCP server ${config.name}.`,
      parameters: parametersOf(tool),
      approval: 'network',
      outsideText: true,
      // Progress notifications come as output; the chip shows them while the call runs.
      streamsOutput: true,
      mcp: {
        serverId: config.id,
        serverName: config.name,
        toolName: tool.name,
        serverApproval: config.approval,
        trustedReadOnly:
          config.trustReadOnlyHint === true && tool.annotations?.readOnlyHint === true,
        fingerprint: fingerprintTool(tool),
      },
      async execute(args, context): Promise<ToolResult> {
        try {
          const result = await connection.callTool(tool.name, args, {
            signal: context.signal,
            timeoutMs: options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
            onProgress: ({ progress, total, message }) => {
              const amount = total ? `${progress}/${total}` : `${progress}`;
              // One line per notification: the chip's output shows them as they come.
              const text = `Progress ${amount}${message ? ` ${message}` : ''}\n`;
              context.update({ stream: 'status', text });
            },
          });
          return mapCallToolResult(result, tool.name);
        } catch (error) {
          return {
            content: `The MCP tool ${tool.name} on ${config.name} failed. ${describeError(error)}`,
            isError: true,
          };
        }
      },
    };
  });
}
