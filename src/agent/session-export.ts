/**
 * A session as a file: JSON that Cove imports back (the whole tree, every branch) and
 * Markdown a person reads (the active conversation). Pure: the caller gives the time and
 * offers the text as a download. No key or setting is ever in an export (invariant 8):
 * only the session's own rows.
 */
import { parseModelRef } from '../llm/model-ref';
import type { NodeRecord, SessionRecord } from '../store/records';
import { activePath } from './session-tree';

/** The `format` field of a session export. */
export const SESSION_EXPORT_FORMAT = 'cove-session';
/** The version this Cove writes and reads. */
export const SESSION_EXPORT_VERSION = 1;

/** A node as exported: its session is the file's. */
export type ExportedNode = Omit<NodeRecord, 'sessionId'>;

/** The JSON a session is exported as (version 1). */
export interface SessionExport {
  format: typeof SESSION_EXPORT_FORMAT;
  version: typeof SESSION_EXPORT_VERSION;
  /** ISO 8601 time of the export. */
  exportedAt: string;
  session: Omit<SessionRecord, 'workspaceId'>;
  /** Every node of the tree, oldest first. */
  nodes: ExportedNode[];
}

/** The export of a session and all its nodes (every branch). `now` is ms since the epoch. */
export function exportSession(
  session: SessionRecord,
  nodes: readonly NodeRecord[],
  now: number,
): SessionExport {
  const { workspaceId: _workspace, ...sessionFields } = session;
  return {
    format: SESSION_EXPORT_FORMAT,
    version: SESSION_EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    session: sessionFields,
    nodes: [...nodes]
      .sort((a, b) => a.startedAt - b.startedAt)
      .map(({ sessionId: _session, ...node }) => node),
  };
}

/** A file name for a session's export: its title in safe characters, then the extension. */
export function exportFileName(title: string, extension: 'json' | 'md'): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60)
      .toLowerCase() || 'conversation';
  return `${base}.${extension}`;
}

/** A code fence longer than any run of backticks in `text`, so the text cannot close it. */
function fence(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${info}\n${text}\n${marks}`;
}

const ROLE_HEADINGS: Record<NodeRecord['role'], string> = {
  system: 'System',
  user: 'You',
  assistant: 'Assistant',
  tool: 'Tool result',
  compaction: 'Summary of earlier messages',
};

/**
 * The active conversation (root to leaf) as Markdown: a heading per message, tool calls and
 * results in fences, reasoning in a collapsible block, errors quoted. Other branches are not
 * in it (the JSON export has them).
 */
export function sessionMarkdown(
  session: SessionRecord,
  nodes: readonly NodeRecord[],
  now: number,
): string {
  const path = activePath(nodes, session.leafId);
  const out: string[] = [
    `# ${session.title}`,
    '',
    `_Exported from Cove on ${new Date(now).toISOString().slice(0, 10)} · ${session.mode} session · ${path.length} messages on the active branch of ${nodes.length}._`,
  ];
  for (const node of path) {
    // The model's own name: the provider's part of the ref is an internal id.
    const modelId = node.model ? (parseModelRef(node.model)?.modelId ?? node.model) : undefined;
    const model = node.role === 'assistant' && modelId ? ` (${modelId})` : '';
    out.push('', `## ${ROLE_HEADINGS[node.role]}${model}`, '');
    if (node.reasoning) {
      out.push(
        '<details><summary>Reasoning</summary>',
        '',
        fence(node.reasoning),
        '',
        '</details>',
      );
      out.push('');
    }
    if (node.role === 'tool') out.push(fence(node.content));
    else if (node.content) out.push(node.content);
    for (const attachment of node.attachments ?? []) {
      const note = attachment.note ? ` (${attachment.note})` : '';
      out.push(
        '',
        `<details><summary>Attached: ${attachment.name}${note}</summary>`,
        '',
        fence(attachment.text),
        '',
        '</details>',
      );
    }
    for (const call of node.toolCalls ?? []) {
      out.push('', `**Tool call** \`${call.name}\``, '', fence(call.arguments, 'json'));
    }
    if (node.error) out.push('', `> **Error:** ${node.error.message} ${node.error.hint}`);
    if (node.status === 'interrupted' || node.status === 'aborted') {
      out.push('', `_(${node.status})_`);
    }
  }
  return `${out.join('\n')}\n`;
}
