/**
 * What Cove offers a server besides answering people's forms: its roots (the workspace, as
 * the one root a server may ask for) and a place for the server's log messages (the app's
 * log, under the server's name).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpLogLevel, McpRoot, McpServerChange, McpServerLog } from './mcp-roots';

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

/**
 * Hands the server's notices that what it offers changed to `onChange`: its resource or
 * prompt list (resources/list_changed also covers templates), or one resource it was asked
 * to watch (resources/updated). Tool list changes are the connection's own (it re-lists).
 */
export function followServerChanges(
  client: Client,
  onChange: (change: McpServerChange) => void,
): void {
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
    onChange({ kind: 'resources' }),
  );
  client.setNotificationHandler(PromptListChangedNotificationSchema, () =>
    onChange({ kind: 'prompts' }),
  );
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
    onChange({ kind: 'resource-updated', uri: notification.params.uri }),
  );
}
