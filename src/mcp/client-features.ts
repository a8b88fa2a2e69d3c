/**
 * What Cove offers a server besides answering people's forms: its roots (the workspace, as
 * the one root a server may ask for) and a place for the server's log messages (the app's
 * log, under the server's name).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpLogLevel, McpRoot, McpServerLog } from './mcp-roots';

/** Answers roots/list with what `roots` gives at the time of the request. */
export function answerRoots(client: Client, roots: () => McpRoot[]): void {
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots() }));
}

const LEVELS: Record<string, McpLogLevel | undefined> = {
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
  // debug: left out, a server's chatter is not the person's log.
};

/** Hands each log message of the server (debug left out) to `onLog`, as text. */
export function followServerLogs(client: Client, onLog: (entry: McpServerLog) => void): void {
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    const { level, logger, data } = notification.params;
    const mapped = LEVELS[level];
    if (!mapped) return;
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    onLog({ level: mapped, message: logger ? `[${logger}] ${text}` : text });
  });
}
