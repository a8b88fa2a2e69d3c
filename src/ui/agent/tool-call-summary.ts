import type { ToolCallStatus } from '../../app/agent-views';

/**
 * Short, plain descriptions of a tool call for the timeline: what a chip says next to the
 * tool's name, and how a status and a duration read. Pure functions, tested under Node.
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

const firstLine = (text: string, max = 60) => {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  const trimmed = line.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * What the call is about in a few words: the path of a file tool, the command of bash, the
 * script (or first line of code) of run_python, the URL of fetch_url, the pattern of a
 * search; "" when nothing short says it.
 */
export function summarizeCall(name: string, args: Record<string, unknown>): string {
  switch (name) {
    case 'bash':
      return firstLine(text(args.command) ?? '');
    case 'run_python':
      return text(args.path) ?? firstLine(text(args.code) ?? '');
    case 'fetch_url':
      return text(args.url) ?? '';
    case 'search_files':
      return text(args.pattern) ?? text(args.query) ?? '';
    case 'move_path':
      return [text(args.from), text(args.to)].filter(Boolean).join(' → ');
    case 'todo_write':
      return Array.isArray(args.items) ? `${args.items.length} steps` : '';
    default:
      return text(args.path) ?? '';
  }
}

/**
 * The arguments the model wrote, parsed; `{}` while they are still streaming or when they
 * are not a JSON object (the chip then shows the raw text).
 */
export function parseArguments(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
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
