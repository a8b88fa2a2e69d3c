/**
 * Turns the loop's approval request into what the approval card shows: the tool's own
 * card (`Tool.describeApproval`, as data: a file change's real diff, run_python's code, a
 * command, an address, an MCP tool's server and changes), else "Run <name>" over the
 * arguments.
 */
import type { ApprovalRequest } from '../agent/tool-batch';
import type { AgentTool } from '../agent/tool-catalog';
import { describeError } from '../base/errors';
import { argumentsCard, type ApprovalCard } from '../tools/approval-card';
import type { ToolContext } from '../tools/tool';
import type { PendingApproval } from './agent-views';

/**
 * What the approval card shows for `request`. `tool` and `context` are the run's own (the
 * card sees the same workspace the call will; undefined while no workspace is open). A card
 * that cannot be made is shown as a `problem` over the arguments, never thrown.
 */
export async function describeApproval(
  request: ApprovalRequest,
  tool: AgentTool<ToolContext> | undefined,
  context: Record<string, unknown> | undefined,
): Promise<PendingApproval> {
  const base = {
    callId: request.callId,
    toolName: request.toolName,
    argumentsText: JSON.stringify(request.args, null, 2),
  };
  return { ...base, ...(await cardOf(request, tool, context)) };
}

async function cardOf(
  request: ApprovalRequest,
  tool: AgentTool<ToolContext> | undefined,
  context: Record<string, unknown> | undefined,
): Promise<ApprovalCard> {
  if (!tool?.describeApproval) return argumentsCard(request.toolName);
  // The loop validated `args` against this tool's schema; the card takes them as execute does.
  const describe = tool.describeApproval as (
    args: unknown,
    ctx: ToolContext,
  ) => Promise<ApprovalCard>;
  try {
    return await describe.call(tool, request.args, {
      ...(context ?? {}),
      signal: request.signal,
      update: () => undefined,
    } as ToolContext);
  } catch (error) {
    return {
      ...argumentsCard(request.toolName),
      problem: `Could not preview this change: ${describeError(error)}`,
    };
  }
}
