import type { ToolCallStatus } from '../../app/agent-views';

/**
 * Short, plain descriptions of a tool call for the timeline: how a status, a duration and
 * the arguments read. (What a chip says next to the tool's name is the tool's own
 * `summarize`, see src/tools/call-summary.ts.) Pure functions, tested under Node.
 */

const STATUS_TEXT: Record<ToolCallStatus, string> = {
  pending: 'waiting',
  awaiting_approval: 'needs approval',
  running: 'running',
  done: 'done',
  error: 'failed',
  rejected: 'rejected',
  aborted: 'stopped',
  interrupted: 'interrupted',
  not_run: 'not run',
};

/** The status in words ("done", "failed", "needs approval"). */
export function statusText(status: ToolCallStatus): string {
  return STATUS_TEXT[status];
}

/** "0.4 s", "12 s", "under 0.1 s"; "" before the call has a duration. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  const seconds = ms / 1000;
  if (seconds < 0.1) return 'under 0.1 s';
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

/**
 * The arguments for reading, one per line as `name: value`: strings as written (code and
 * file text keep their lines, indented under the name), other values as JSON. Text that is
 * not a JSON object (still streaming, malformed) comes back as it is.
 */
export function formatArguments(argumentsText: string): string {
  let value: unknown;
  try {
    value = JSON.parse(argumentsText);
  } catch {
    return argumentsText;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return argumentsText;
  return Object.entries(value as Record<string, unknown>)
    .map(([name, item]) => {
      if (typeof item !== 'string') return `${name}: ${JSON.stringify(item, null, 2)}`;
      if (!item.includes('\n')) return `${name}: ${item}`;
      return `${name}:\n${item.replace(/^/gm, '  ')}`;
    })
    .join('\n');
}
