// Every agent run's approvals merge these; the MCP tools themselves (mcp-agent-tools.ts) load
// only with a run that has MCP servers (lazy-mcp-agent-tools.ts).
import type { ToolApprovalOverride } from '../agent/approval-policy';

/**
 * The user's per-tool overrides (Settings → Agent) with the MCP servers' own: a tool that
 * changed since it was allowed asks whatever else says; a server's "run without asking"
 * applies where the user set nothing for that tool.
 */
export function mergeMcpOverrides(
  user: Readonly<Record<string, ToolApprovalOverride>>,
  servers: Readonly<Record<string, ToolApprovalOverride>>,
): Readonly<Record<string, ToolApprovalOverride>> {
  const merged: Record<string, ToolApprovalOverride> = { ...user };
  for (const [name, override] of Object.entries(servers)) {
    if (override === 'ask' || merged[name] === undefined) merged[name] = override;
  }
  return merged;
}
