/**
 * Turns the loop's approval request into what the approval card shows: the real diff of a
 * file write or edit (from the tool's own side-effect-free preview, plus the full texts
 * before and after for a merge view), the full code of run_python, the command of bash,
 * the URL of fetch_url, else the arguments.
 */
import type { ApprovalRequest } from '../agent/tool-batch';
import type { AgentTool } from '../agent/tool-catalog';
import { describeError } from '../base/errors';
import type { ToolContext, ToolPreview } from '../tools/tool';
import type { WorkspaceFileAccess } from '../workspace/file-access';
import { applyTextEdits } from '../workspace/text-edits';
import type { PendingApproval } from './agent-views';
import type { RunMcpTool } from './mcp-agent-tools';

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * What the approval card shows for `request`. `tool` and `context` are the run's own (the
 * preview sees the same workspace the call will); a failing preview is shown as `problem`,
 * never thrown.
 */
export async function describeApproval(
  request: ApprovalRequest,
  tool: AgentTool<ToolContext> | undefined,
  context: Record<string, unknown> | undefined,
): Promise<PendingApproval> {
  const { args } = request;
  const base = {
    callId: request.callId,
    toolName: request.toolName,
    argumentsText: JSON.stringify(args, null, 2),
  };
  switch (request.toolName) {
    case 'run_python': {
      const code = str(args['code']);
      const path = str(args['path']);
      const shown = {
        ...base,
        kind: 'code' as const,
        title: path && !code ? `Run ${path}` : 'Run Python',
        code: code ?? '',
        ...(path ? { path } : {}),
      };
      if (code || !path) return shown;
      // A run by path runs the file as it is now: that is the code to approve.
      const files = context?.['files'] as WorkspaceFileAccess | undefined;
      try {
        const row = await files?.find(path);
        if (typeof row?.content === 'string') return { ...shown, code: row.content };
        return { ...shown, problem: `${path} is not in the workspace or is not a text file.` };
      } catch (error) {
        return { ...shown, problem: `Could not read ${path}: ${describeError(error)}` };
      }
    }
    case 'bash':
      return {
        ...base,
        kind: 'command',
        title: 'Run a command',
        command: str(args['command']) ?? '',
      };
    case 'fetch_url': {
      const url = str(args['url']) ?? '';
      return { ...base, kind: 'url', title: `Fetch ${url}`, url };
    }
  }
  if (tool && 'mcp' in tool) return describeMcpApproval(base, tool as unknown as RunMcpTool);
  if (request.kind !== 'edit' || !tool?.preview || !context) {
    return { ...base, kind: 'arguments', title: `Run ${request.toolName}` };
  }
  try {
    // The loop validated `args` against this tool's schema; preview takes them as execute does.
    const previewOf = tool.preview as (args: unknown, ctx: ToolContext) => Promise<ToolPreview>;
    const preview = await previewOf(args, {
      ...context,
      signal: request.signal,
      update: () => undefined,
    } as ToolContext);
    const path = str(args['path']);
    const files = context['files'] as WorkspaceFileAccess | undefined;
    // A file that does not exist yet is empty before the change (write_file creating it).
    const row = path ? await files?.find(path).catch(() => undefined) : undefined;
    const before = path && !row ? '' : typeof row?.content === 'string' ? row.content : undefined;
    let after: string | undefined;
    if (request.toolName === 'write_file') after = str(args['content']);
    if (request.toolName === 'edit_file' && before !== undefined && Array.isArray(args['edits'])) {
      const edits = (args['edits'] as { old_text: string; new_text: string }[]).map((edit) => ({
        oldText: edit.old_text,
        newText: edit.new_text,
      }));
      const applied = applyTextEdits(before, edits);
      if (applied.ok) after = applied.text;
    }
    return {
      ...base,
      kind: preview.diff !== undefined ? 'diff' : 'arguments',
      title: preview.summary,
      ...(path ? { path } : {}),
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
      ...(preview.diff !== undefined ? { diff: preview.diff } : {}),
      ...(preview.error ? { problem: preview.error } : {}),
    };
  } catch (error) {
    return {
      ...base,
      kind: 'arguments',
      title: `Run ${request.toolName}`,
      problem: `Could not preview this change: ${describeError(error)}`,
    };
  }
}

/**
 * An MCP tool's request: which server it runs on, and, when the tool changed since the user
 * allowed it, what changed, with its description (the server's words) or schema as now.
 */
function describeMcpApproval(
  base: Pick<PendingApproval, 'callId' | 'toolName' | 'argumentsText'>,
  tool: RunMcpTool,
): PendingApproval {
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
    ...base,
    kind: 'arguments',
    title: `Run ${tool.mcp.toolName} on the MCP server ${tool.mcp.serverName}`,
    ...(change ? { note: `${change.summary} ${now}` } : {}),
  };
}
